"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useMemo, useState } from "react";

import { buildTrace, rootSpan, type TraceState } from "@/core/trace";
import { useTRPC } from "@/trpc/react";

import { canvasDocumentFromDefinition } from "../canvas/definition-document";
import { RunGraphCanvas } from "../canvas/run-graph-canvas";
import { RunCostBreakdown } from "../costs/run-cost-breakdown";
import { formatDuration, formatTokens, formatUsd } from "../shared/format";
import { StatusBadge } from "../shared/status-badge";
import { useRunStream } from "../stream/use-run-stream";
import { SpanDetails } from "./span-details";
import { SpanTree } from "./span-tree";
import { Swimlanes } from "./swimlanes";
import { formatStartTime, versionLabel } from "./trace-format";
import {
  agentNames,
  ancestorsOf,
  buildSwimlanes,
  describeHandoff,
  failedHandoffs,
  timeWindow,
  traceCounts,
  treeRows,
} from "./trace-model";
import styles from "./trace-view.module.css";
import { Waterfall } from "./waterfall";

const LIVE = new Set(["queued", "running"]);

/** The time now, ticking every half second while `active` (running spans grow with it); null otherwise. */
function useNow(active: boolean): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, 500);
    return () => clearInterval(timer);
  }, [active]);
  return active ? now : null;
}

/**
 * One run's trace: what went wrong first (failed handoffs in words), then the
 * three synchronised views of the same spans — span tree, timeline waterfall,
 * swimlanes per agent — and the selected span's details. A finished run's
 * events come from `runs.exportTrace` and are folded with the core's
 * `buildTrace`. A run still going streams live over `runs.events` (the
 * playground's `useRunStream`: stored events first, then the live tail, each
 * folded with `reduceTrace`), so its views grow as events arrive; at RUN_END
 * the stored run is read again and the page settles into it. If the stream is
 * refused, the page falls back to re-reading the run every 1.5 s.
 */
export function TraceView({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const exportOptions = trpc.runs.exportTrace.queryOptions({ runId });
  const data = useQuery(exportOptions);
  const storedLive = data.data ? LIVE.has(data.data.run.status) : false;
  // Streams only while the stored run says it is still going.
  const stream = useRunStream(storedLive ? runId : null);
  const streamEnded = stream.connection === "ended";
  const streamFailed = stream.connection === "error";
  const { refetch } = data;
  useEffect(() => {
    if (!storedLive || !(streamEnded || streamFailed)) return;
    // At RUN_END read the stored run (status, totals, events) again — at once, then soon again should it lag
    // a moment behind the event; with no stream, re-read it every 1.5 s instead.
    if (streamEnded) void refetch();
    const timer = setInterval(() => void refetch(), streamEnded ? 250 : 1500);
    return () => clearInterval(timer);
  }, [storedLive, streamEnded, streamFailed, refetch]);

  const stored = useMemo(() => (data.data ? buildTrace(data.data.events) : null), [data.data]);
  // While live, the streamed trace as soon as it caught up with what was stored.
  const live = storedLive && stored !== null && stream.trace.eventCount >= stored.eventCount;
  const trace = live ? stream.trace : stored;
  const now = useNow(live);
  const liveCounts = useMemo(() => (live && trace ? traceCounts(trace) : null), [live, trace]);

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [exporting, setExporting] = useState(false);

  const select = useCallback(
    (spanId: string) => {
      setSelectedId(spanId);
      if (!trace) return;
      const ancestors = ancestorsOf(trace, spanId);
      setCollapsed((current) => {
        if (!ancestors.some((id) => current.has(id))) return current;
        const next = new Set(current);
        for (const id of ancestors) next.delete(id);
        return next;
      });
    },
    [trace],
  );
  const toggle = useCallback((spanId: string) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(spanId)) next.delete(spanId);
      else next.add(spanId);
      return next;
    });
  }, []);

  async function exportJson() {
    setExporting(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...exportOptions, staleTime: 0 });
      const blob = new Blob([JSON.stringify(fresh, null, 2)], { type: "application/json" });
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = fresh.fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } finally {
      setExporting(false);
    }
  }

  if (data.isPending) {
    return (
      <p className={styles.state} role="status">
        Loading the trace…
      </p>
    );
  }
  if (data.isError) {
    const notFound = data.error.data?.code === "NOT_FOUND" || data.error.data?.code === "BAD_REQUEST";
    return (
      <div className={styles.state} role="alert">
        <p className={styles.stateTitle}>{notFound ? "This run does not exist" : "Couldn’t load the trace"}</p>
        <p>{data.error.message}</p>
        <p>
          <Link href="/traces" className="text-link">
            Back to all runs
          </Link>
        </p>
      </div>
    );
  }

  const run = data.data.run;
  // While streaming, the header's tokens and cost count up with the stream (the stored row has them at the end).
  const liveTotals = live ? stream.view.totals : null;
  const tokens = liveTotals
    ? { input: liveTotals.usage.inputTokens, output: liveTotals.usage.outputTokens }
    : { input: run.inputTokens, output: run.outputTokens };
  const cost = liveTotals
    ? { costUsd: liveTotals.costUsd, pricedCostUsd: liveTotals.pricedCostUsd, unpricedCalls: liveTotals.unpricedCalls }
    : run;
  return (
    <div className={styles.page}>
      <header className={styles.summary}>
        <div className={styles.summaryTitle}>
          <Link href="/traces" className={styles.back}>
            ← All runs
          </Link>
          <h2 className={styles.runTitle}>
            {run.graphName} <span className={styles.version}>{versionLabel(run)}</span>
          </h2>
          <span data-testid="run-status" data-status={run.status}>
            <StatusBadge status={run.status} />
          </span>
          {live ? (
            <span className={styles.simulated} title="New events appear here as the run produces them.">
              Live
            </span>
          ) : null}
          {run.simulated ? (
            <span className={styles.simulated} title="This run used the scripted model: no provider was called.">
              Simulated
            </span>
          ) : null}
          <div className={styles.summaryActions}>
            <Link
              href={`/playground?graph=${run.graphId}&conversation=${run.conversationId}`}
              className={styles.button}
            >
              Open in playground
            </Link>
            <button type="button" className={styles.button} onClick={() => void exportJson()} disabled={exporting}>
              {exporting ? "Exporting…" : "Export JSON"}
            </button>
          </div>
        </div>
        <dl className={styles.stats}>
          <Stat label="Started">{formatStartTime(run.startedAt ?? run.createdAt)}</Stat>
          <Stat label="Duration">
            {now !== null && liveTotals && stream.view.startedAt !== null
              ? `${formatDuration(Math.max(0, now - stream.view.startedAt))} so far`
              : formatDuration(run.durationMillis)}
          </Stat>
          <Stat label="Tokens">
            {formatTokens(tokens.input)} in · {formatTokens(tokens.output)} out
          </Stat>
          <Stat label="Cost">
            {formatUsd(cost.costUsd)}
            {cost.unpricedCalls > 0
              ? ` (${cost.unpricedCalls} unpriced calls; priced ${formatUsd(cost.pricedCostUsd)})`
              : ""}
          </Stat>
          <Stat label="Steps">{String(liveTotals ? liveTotals.steps : run.steps)}</Stat>
          <Stat label="Handoffs">
            {liveCounts ? liveCounts.handoffs : run.handoffs}
            {(liveCounts ? liveCounts.failedHandoffs : run.failedHandoffs) > 0
              ? `, ${liveCounts ? liveCounts.failedHandoffs : run.failedHandoffs} failed`
              : ""}
          </Stat>
        </dl>
        {run.input ? (
          <p className={styles.runInput}>
            <span className={styles.runInputLabel}>Input</span> {run.input}
          </p>
        ) : null}
      </header>

      {trace && rootSpan(trace) ? (
        <TraceBody
          trace={trace}
          selectedId={selectedId}
          collapsed={collapsed}
          onSelect={select}
          onToggle={toggle}
          runError={run.error}
          definition={data.data.definition}
          now={now}
        />
      ) : (
        <p className={styles.state} role="status">
          {LIVE.has(run.status) ? "Waiting for the run to start…" : "This run recorded no events."}
        </p>
      )}

      {trace && rootSpan(trace) ? (
        <section className={styles.panel} aria-labelledby="trace-costs-title">
          <h2 id="trace-costs-title" className="visually-hidden">
            Cost breakdown
          </h2>
          <RunCostBreakdown runId={runId} live={LIVE.has(run.status)} headingLevel={3} />
        </section>
      ) : null}
    </div>
  );
}

function TraceBody(props: {
  trace: TraceState;
  selectedId: string | null;
  collapsed: ReadonlySet<string>;
  onSelect: (spanId: string) => void;
  onToggle: (spanId: string) => void;
  runError: string | null;
  definition: unknown;
  /** While live, the ticking clock (running spans reach it). */
  now: number | null;
}) {
  const { trace, collapsed, onSelect, onToggle, runError, definition, now } = props;
  const names = useMemo(() => agentNames(trace, definition), [trace, definition]);
  const rows = useMemo(() => treeRows(trace, collapsed), [trace, collapsed]);
  const window = useMemo(() => timeWindow(trace, now ?? undefined), [trace, now]);
  const lanes = useMemo(() => buildSwimlanes(trace, names), [trace, names]);
  const counts = useMemo(() => traceCounts(trace), [trace]);
  const failed = useMemo(() => failedHandoffs(trace), [trace]);
  const document = useMemo(() => canvasDocumentFromDefinition(definition), [definition]);

  const root = rootSpan(trace)!;
  const selectedId =
    props.selectedId && trace.spans.has(props.selectedId) ? props.selectedId : (failed[0]?.id ?? root.id);
  const selected = trace.spans.get(selectedId)!;
  // The agent session the selection belongs to (highlighted in the swimlanes).
  let agent: typeof selected | undefined = selected;
  while (agent && agent.kind !== "AGENT") agent = agent.parentId ? trace.spans.get(agent.parentId) : undefined;
  if (selected.kind === "HANDOFF") agent = undefined;

  return (
    <>
      {failed.length > 0 || runError ? (
        <section className={styles.problems} aria-labelledby="trace-problems">
          <h2 id="trace-problems" className={styles.problemsTitle}>
            What went wrong
          </h2>
          <ul className={styles.problemList}>
            {runError ? <li className={styles.problemItem}>The run ended with an error: {runError}</li> : null}
            {failed.map((span) => (
              <li key={span.id} className={styles.problemItem}>
                <StatusBadge status={span.status} />
                <span className={styles.problemSentence}>{describeHandoff(span, names)}</span>
                <button type="button" className={styles.linkButton} onClick={() => onSelect(span.id)}>
                  Show this handoff
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <p className={styles.counts} data-testid="trace-counts">
        {counts.agents} agents · {counts.agentSessions} agent sessions · {counts.modelCalls} model calls ·{" "}
        {counts.toolCalls} tool calls · {counts.handoffs} handoffs
        {counts.failedHandoffs ? ` (${counts.failedHandoffs} failed)` : ""}
        {counts.tasks ? ` · ${counts.tasks} background tasks` : ""}
      </p>

      <div className={styles.mainGrid}>
        <section className={styles.panel} aria-labelledby="trace-tree-title">
          <h2 id="trace-tree-title" className={styles.panelTitle}>
            Span tree
          </h2>
          <div className={styles.treeScroll}>
            <SpanTree
              rows={rows}
              names={names}
              selectedId={selectedId}
              collapsed={collapsed}
              onSelect={onSelect}
              onToggle={onToggle}
            />
          </div>
        </section>
        <section className={`${styles.panel} ${styles.detailsPanel}`} aria-labelledby="trace-details-title">
          <h2 id="trace-details-title" className={styles.panelTitle}>
            Span details
          </h2>
          <SpanDetails trace={trace} span={selected} names={names} runStart={window.start} onSelect={onSelect} />
        </section>
      </div>

      {document ? (
        <section className={styles.panel} aria-labelledby="trace-canvas-title">
          <h2 id="trace-canvas-title" className={styles.panelTitle}>
            The graph as it ran
          </h2>
          <p className={styles.counts}>
            Each agent with its status, time, tokens and cost. Click one to open its spans.
          </p>
          <div className={styles.canvasBox}>
            <RunGraphCanvas
              document={document}
              trace={trace}
              selectedAgentId={agent?.kind === "AGENT" ? agent.agentId : null}
              onSelectAgent={(agentId) => {
                const first = [...trace.spans.values()].find((s) => s.kind === "AGENT" && s.agentId === agentId);
                if (first) onSelect(first.id);
              }}
              onSelectEdge={(edgeId) => {
                const edge = document.handoffs.find((h) => h.id === edgeId);
                const first = [...trace.spans.values()].find(
                  (s) => s.kind === "HANDOFF" && s.start.parentAgentId === edge?.from && s.start.subagent === edge?.to,
                );
                if (first) onSelect(first.id);
              }}
              ariaLabel="The graph as it ran: each agent's status, time, tokens and cost"
            />
          </div>
        </section>
      ) : null}

      <section className={styles.panel} aria-labelledby="trace-swimlanes-title">
        <h2 id="trace-swimlanes-title" className={styles.panelTitle}>
          Swimlanes per agent
        </h2>
        <Swimlanes
          model={lanes}
          window={window}
          selectedId={selectedId}
          selectedAgentId={agent?.id ?? null}
          onSelect={onSelect}
        />
      </section>

      <section className={styles.panel} aria-labelledby="trace-waterfall-title">
        <h2 id="trace-waterfall-title" className={styles.panelTitle}>
          Timeline
        </h2>
        <Waterfall rows={rows} names={names} window={window} selectedId={selectedId} onSelect={onSelect} />
      </section>
    </>
  );
}

function Stat({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={styles.stat}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
