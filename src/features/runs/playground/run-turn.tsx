"use client";

import { AlertTriangle, ExternalLink, FlaskConical, Square } from "lucide-react";
import Link from "next/link";

import { formatDuration, formatTokens, formatUsd } from "@/features/runs/shared/format";
import { StatusBadge } from "@/features/runs/shared/status-badge";
import type { RunStreamView } from "@/features/runs/stream/stream-view";
import { useRunStream, type RunStream } from "@/features/runs/stream/use-run-stream";

import styles from "./playground.module.css";
import { AgentBlocks, MemoryTag } from "./stream-blocks";

export interface Turn {
  readonly runId: string;
  readonly input: string;
}

const FINAL = new Set(["completed", "failed", "cancelled", "budget_exceeded"]);

/** True when every model the run called is the scripted (simulated) one. */
export function isSimulated(view: RunStreamView): boolean {
  return view.models.length > 0 && view.models.every((model) => model.startsWith("scripted/"));
}

/** The status to show: the stream's, else what the server last said (a stopped run whose stream died), else queued. */
export function displayStatus(stream: RunStream, serverStatus: string | null): string {
  if (stream.view.status && (stream.trace.finished || !serverStatus || !FINAL.has(serverStatus)))
    return stream.view.status;
  if (serverStatus && FINAL.has(serverStatus)) return serverStatus;
  return stream.view.status ?? serverStatus ?? "queued";
}

/** A finished (or earlier) turn of the conversation: streams its own stored events. */
export function PastTurn({ turn }: { turn: Turn }) {
  const stream = useRunStream(turn.runId);
  return <RunTurn turn={turn} stream={stream} serverStatus={null} />;
}

/** One turn: what the user asked, then the run's live, nested answer with its status, totals and trace link. */
export function RunTurn(props: {
  turn: Turn;
  stream: RunStream;
  serverStatus: string | null;
  onStop?: () => void;
  stopping?: boolean;
}) {
  const { turn, stream } = props;
  const { view } = stream;
  const status = displayStatus(stream, props.serverStatus);
  const live = !FINAL.has(status);
  const simulated = isSimulated(view);
  const failedAgents = [...view.agents].filter(([, agentStatus]) =>
    ["failed", "timeout", "max_steps", "budget_exceeded"].includes(agentStatus),
  );
  return (
    <li className={styles.turn} data-run-id={turn.runId} data-status={status}>
      <div className={styles.userMessage}>
        <span className={styles.avatarUser} aria-hidden="true">
          You
        </span>
        <p className={styles.userText}>{turn.input}</p>
      </div>

      <section className={styles.answer} aria-label={`Run ${status}`}>
        <header className={styles.runBar}>
          <span className={styles.avatarAgent} aria-hidden="true">
            {(view.root?.agentId ?? "?").slice(0, 1).toUpperCase()}
          </span>
          <span className={styles.rootName}>{view.root?.path ?? "Waiting for a worker"}</span>
          {view.root?.memory ? <MemoryTag count={view.root.memory} /> : null}
          <span role="status" aria-live="polite" className={styles.runStatus}>
            <StatusBadge status={status} />
          </span>
          {simulated ? (
            <span
              className={styles.simulated}
              title="Scripted model: answers and costs are simulated, not a real provider"
            >
              <FlaskConical size={12} aria-hidden="true" />
              Simulated
            </span>
          ) : null}
          <RunCounters view={view} />
          <span className={styles.runActions}>
            {live && props.onStop ? (
              <button
                type="button"
                className={styles.stopButton}
                onClick={props.onStop}
                disabled={props.stopping}
                aria-label="Stop this run"
              >
                <Square size={11} aria-hidden="true" fill="currentColor" />
                {props.stopping ? "Stopping…" : "Stop"}
              </button>
            ) : null}
            <Link href={`/traces/${turn.runId}`} className={styles.traceLink} prefetch={false}>
              Open trace
              <ExternalLink size={12} aria-hidden="true" />
            </Link>
          </span>
        </header>

        {stream.error && !stream.trace.finished ? (
          <p className={styles.runError} role="alert">
            <AlertTriangle size={14} aria-hidden="true" />
            The live stream stopped: {stream.error}
          </p>
        ) : null}

        {view.root ? (
          <AgentBlocks agent={view.root} simulated={simulated} />
        ) : status === "queued" ? (
          <p className={styles.thinking}>Queued — waiting for a worker to pick it up…</p>
        ) : null}

        {status === "cancelled" ? (
          <p className={styles.cancelled} role="note">
            Stopped. The run and every agent it started were cancelled.
          </p>
        ) : null}
        {(status === "failed" || status === "budget_exceeded") && view.error ? (
          <p className={styles.runError} role="alert">
            <AlertTriangle size={14} aria-hidden="true" />
            <span>
              {status === "budget_exceeded" ? "The run hit its budget" : "The run failed"}
              {failedAgents.length > 0 ? ` in ${failedAgents.map(([path]) => path).join(", ")}` : ""}: {view.error}
            </span>
          </p>
        ) : null}
      </section>
    </li>
  );
}

/** Tokens, cost, model calls and time of the run so far (live while it runs). */
export function RunCounters({ view }: { view: RunStreamView }) {
  const totals = view.totals;
  if (!totals) return null;
  const tokens = totals.usage.inputTokens + totals.usage.outputTokens;
  return (
    <span className={styles.counters} aria-label="Run totals">
      <span title={`${totals.usage.inputTokens} in, ${totals.usage.outputTokens} out`}>
        {formatTokens(tokens)} tokens
      </span>
      <span data-testid="run-cost">
        {formatUsd(totals.costUsd)}
        {totals.unpricedCalls > 0 ? ` (+${totals.unpricedCalls} unpriced)` : ""}
      </span>
      <span>
        {totals.modelCalls} model call{totals.modelCalls === 1 ? "" : "s"}
      </span>
      {view.durationMillis !== null ? <span>{formatDuration(view.durationMillis)}</span> : null}
    </span>
  );
}
