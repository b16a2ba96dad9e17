"use client";

import {
  AlertTriangle,
  Bell,
  ChevronRight,
  CircleCheck,
  CircleDashed,
  CircleX,
  CornerDownRight,
  Wrench,
} from "lucide-react";
import { useId, useState } from "react";

import { formatDuration, formatTokens, formatUsd } from "@/features/runs/shared/format";
import { StatusBadge, statusLabel } from "@/features/runs/shared/status-badge";
import type { AgentView, DelegationView, StreamBlock, TaskView } from "@/features/runs/stream/stream-view";

import styles from "./playground.module.css";

/** An agent's blocks in the order they happened: text, tool calls, delegations, chips, notes. */
export function AgentBlocks({ agent, simulated }: { agent: AgentView; simulated: boolean }) {
  if (agent.blocks.length === 0 && agent.status === "running")
    return <p className={styles.thinking}>{agent.path} is thinking…</p>;
  return (
    <div className={styles.blocks}>
      {agent.blocks.map((block) => (
        <Block key={block.id} block={block} simulated={simulated} path={agent.path} />
      ))}
    </div>
  );
}

function Block({ block, simulated, path }: { block: StreamBlock; simulated: boolean; path: string }) {
  switch (block.kind) {
    case "text":
      return (
        <div className={styles.text} data-streaming={block.streaming || undefined}>
          <RichText text={block.text} />
          {block.streaming ? <span className={styles.caret} aria-hidden="true" /> : null}
        </div>
      );
    case "model-error":
      return (
        <p className={styles.modelError} role="note">
          <AlertTriangle size={14} aria-hidden="true" />
          <span>
            <strong>{block.agentPath}</strong>: {block.model}
            {simulated ? " (simulated)" : ""} failed on attempt {block.attempt} — {block.message}.{" "}
            {block.next === "retry"
              ? "Retrying."
              : block.next === "fallback"
                ? `Falling back to ${block.nextModel ?? "the next model"}.`
                : "No fallback left."}
          </span>
        </p>
      );
    case "tool":
      return <ToolRow block={block} />;
    case "delegation":
      return <DelegationCard delegation={block} simulated={simulated} />;
    case "parallel":
      return <ParallelGroup items={block.items} simulated={simulated} />;
    case "announce":
      return (
        <p className={styles.note}>
          <Bell size={14} aria-hidden="true" />
          <span>
            The result of {block.paths.join(", ")} was announced; {path} picks it up from here.
          </span>
        </p>
      );
    case "budget":
      return (
        <p className={styles.modelError} role="note">
          <AlertTriangle size={14} aria-hidden="true" />
          <span>
            Budget reached: {statusLabel(block.budget)} used {block.used.toLocaleString("en-US")} of{" "}
            {block.limit.toLocaleString("en-US")}.
          </span>
        </p>
      );
  }
}

function ToolRow({ block }: { block: Extract<StreamBlock, { kind: "tool" }> }) {
  return (
    <details className={styles.tool}>
      <summary>
        <Wrench size={13} aria-hidden="true" />
        <span className={styles.toolName}>{block.tool}</span>
        <span className={styles.toolArgs}>{block.arguments}</span>
        {block.status === "running" ? (
          <StatusBadge status="running" />
        ) : block.status === "failed" ? (
          <StatusBadge status="failed" />
        ) : (
          <span className={styles.toolOutput}>→ {block.output}</span>
        )}
      </summary>
      <dl className={styles.toolDetails}>
        <dt>Arguments</dt>
        <dd>{block.arguments || "—"}</dd>
        <dt>Result</dt>
        <dd>{block.output ?? "still running"}</dd>
        <dt>Took</dt>
        <dd>{formatDuration(block.durationMillis)}</dd>
      </dl>
    </details>
  );
}

function ParallelGroup({ items, simulated }: { items: readonly DelegationView[]; simulated: boolean }) {
  const start = Math.min(...items.map((item) => item.startedAt));
  const ends = items.map((item) => item.endedAt);
  const running = ends.some((end) => end === null);
  // Running children extend to the latest moment any of them reached.
  const latest = Math.max(
    ...items.map(
      (item) => item.endedAt ?? Math.max(item.startedAt, ...item.agents.map((a) => a.endedAt ?? a.startedAt)),
    ),
  );
  const span = Math.max(1, latest - start);
  return (
    <section className={styles.parallel} aria-label={`${items.length} delegations in parallel`}>
      <header className={styles.parallelHeader}>
        <span className={styles.parallelRail} aria-hidden="true" />
        {items.length} agents working in parallel{running ? "…" : ""}
      </header>
      <div className={styles.parallelGrid}>
        {items.map((item) => (
          <div key={item.id} className={styles.parallelCell}>
            <div className={styles.lane} aria-hidden="true">
              <span
                className={styles.laneBar}
                data-running={item.endedAt === null || undefined}
                style={{
                  left: `${((item.startedAt - start) / span) * 100}%`,
                  width: `${Math.max(2, (((item.endedAt ?? latest) - item.startedAt) / span) * 100)}%`,
                }}
              />
            </div>
            <DelegationCard delegation={item} simulated={simulated} />
          </div>
        ))}
      </div>
    </section>
  );
}

/** One delegation: a collapsible card labelled by the child's path, with its own stream nested inside. */
export function DelegationCard({ delegation, simulated }: { delegation: DelegationView; simulated: boolean }) {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const lastAgent = delegation.agents.at(-1);
  // A background handoff says "accepted": its task tells the rest. A stopped child reads as cancelled, not failed.
  const shownStatus =
    delegation.task && delegation.status === "accepted"
      ? delegation.task.status
      : delegation.status === "failed" && lastAgent?.status === "cancelled"
        ? "cancelled"
        : delegation.status;
  const tokens = delegation.totals.usage.inputTokens + delegation.totals.usage.outputTokens;
  const failed = ["failed", "denied", "forbidden", "timeout", "budget_exceeded", "max_steps"].includes(shownStatus);
  return (
    <article
      className={styles.card}
      data-status={shownStatus}
      data-path={delegation.path}
      data-started-at={delegation.startedAt}
      data-ended-at={delegation.endedAt ?? undefined}
      aria-label={`${delegation.path}: ${statusLabel(shownStatus)}`}
    >
      <header className={styles.cardHeader}>
        <button
          type="button"
          className={styles.cardToggle}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
        >
          <ChevronRight size={14} aria-hidden="true" className={styles.chevron} data-open={open || undefined} />
          <CornerDownRight size={14} aria-hidden="true" className={styles.cardIcon} />
          <span className={styles.path}>{delegation.path}</span>
        </button>
        <StatusBadge status={shownStatus} />
        {delegation.task ? <span className={styles.tag}>background</span> : null}
        {delegation.sessionMode === "REUSE_SESSION" ? <span className={styles.tag}>reused session</span> : null}
        {lastAgent?.memory ? <MemoryTag count={lastAgent.memory} /> : null}
        <span className={styles.cardMeta}>
          {delegation.attempts !== null && delegation.attempts > 1 ? <span>{delegation.attempts} attempts</span> : null}
          <span>
            {formatDuration(
              delegation.task
                ? (delegation.task.durationMillis ?? lastAgent?.durationMillis ?? null)
                : (delegation.durationMillis ?? lastAgent?.durationMillis ?? null),
            )}
          </span>
          {tokens > 0 ? <span>{formatTokens(tokens)} tokens</span> : null}
          {delegation.totals.modelCalls > 0 ? <span>{formatUsd(delegation.totals.costUsd)}</span> : null}
        </span>
      </header>
      <div id={bodyId} hidden={!open} className={styles.cardBody}>
        {lastAgent ? (
          <p className={styles.task}>
            <span className={styles.taskLabel}>Task</span> {truncate(lastAgent.input, 240)}
          </p>
        ) : null}
        {failed && delegation.error ? (
          <p className={styles.cardError} role="note">
            <AlertTriangle size={14} aria-hidden="true" />
            <span>
              {delegationFailure(delegation, shownStatus)} {delegation.error}
            </span>
          </p>
        ) : null}
        {delegation.agents.map((agent, index) => (
          <div key={agent.spanId} className={styles.attempt}>
            {delegation.agents.length > 1 ? (
              <p className={styles.attemptLabel}>
                Attempt {index + 1} · <StatusBadge status={agent.status} />
              </p>
            ) : null}
            <AgentBlocks agent={agent} simulated={simulated} />
          </div>
        ))}
        {delegation.task ? <TaskChip task={delegation.task} owner={delegation.parentPath} /> : null}
      </div>
    </article>
  );
}

function delegationFailure(delegation: DelegationView, status: string): string {
  switch (status) {
    case "denied":
      return `The handoff policy refused ${delegation.parentPath} → ${delegation.subagent}:`;
    case "forbidden":
      return `${delegation.parentPath} may not delegate to ${delegation.subagent} here:`;
    case "timeout":
      return `${delegation.subagent} ran out of time:`;
    default:
      return delegation.attempts !== null && delegation.attempts > 1
        ? `${delegation.subagent} failed after ${delegation.attempts} attempts:`
        : `${delegation.subagent} failed:`;
  }
}

/** A background task: pending while it runs, resolved once finished, and says when its result was announced. */
export function TaskChip({ task, owner }: { task: TaskView; owner: string }) {
  const pending = task.status === "running";
  const ok = task.status === "completed";
  const label = pending
    ? "Background task pending"
    : ok
      ? task.announced
        ? `Background task done · announced to ${owner}`
        : "Background task done · waiting to be announced"
      : `Background task ${statusLabel(task.status)}`;
  return (
    <p
      className={styles.chip}
      data-state={pending ? "pending" : ok ? (task.announced ? "announced" : "done") : "failed"}
      aria-label={`${label} (${task.taskId})`}
    >
      {pending ? (
        <CircleDashed size={13} aria-hidden="true" className={styles.spin} />
      ) : ok ? (
        <CircleCheck size={13} aria-hidden="true" />
      ) : (
        <CircleX size={13} aria-hidden="true" />
      )}
      <span>{label}</span>
      {task.durationMillis !== null ? (
        <span className={styles.chipMeta}>{formatDuration(task.durationMillis)}</span>
      ) : null}
    </p>
  );
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** How much a session remembered when it started: a reused session's or the conversation's memory. */
export function MemoryTag({ count }: { count: number }) {
  return (
    <span className={styles.memory} title="Messages this agent's session already held when it started">
      remembers {count} earlier message{count === 1 ? "" : "s"}
    </span>
  );
}

/** Model text with `**bold**` and `code` spans shown as such (everything else as written). */
function RichText({ text }: { text: string }) {
  const parts = text.split(/(\*\*[^*\n]+\*\*|`[^`\n]+`)/g);
  return (
    <>
      {parts.map((part, index) =>
        part.startsWith("**") && part.endsWith("**") && part.length > 4 ? (
          <strong key={index}>{part.slice(2, -2)}</strong>
        ) : part.startsWith("`") && part.endsWith("`") && part.length > 2 ? (
          <code key={index}>{part.slice(1, -1)}</code>
        ) : (
          part
        ),
      )}
    </>
  );
}
