"use client";

import type { ReactNode } from "react";

import { childrenOf, type TraceSpan, type TraceState } from "@/core/trace";

import { formatDuration, formatTokens, formatUsd } from "../shared/format";
import { StatusBadge } from "../shared/status-badge";
import { formatOffset } from "./trace-format";
import {
  agentPathOf,
  describeHandoff,
  describeModelCall,
  KIND_LABEL,
  modelAttemptsOf,
  spanTitle,
  type AgentSpan,
} from "./trace-model";
import styles from "./trace-view.module.css";

/**
 * What one span did, in words first, then the figures: inputs and outputs (as
 * the events hold them, secrets already redacted by the runtime), model and
 * chain position, every retry and fallback hop with its error, usage and cost,
 * the policy's reason for a refused handoff, the session key of a reused session.
 */
export function SpanDetails(props: {
  trace: TraceState;
  span: TraceSpan;
  names: Map<string, string>;
  runStart: number;
  onSelect: (spanId: string) => void;
}) {
  const { trace, span, names, runStart, onSelect } = props;
  return (
    <div className={styles.details} data-testid="span-details" data-span-id={span.id}>
      <div className={styles.detailsHeader}>
        <span className={styles.kindTag} data-kind={span.kind}>
          {KIND_LABEL[span.kind]}
        </span>
        <h3 className={styles.detailsTitle}>{spanTitle(span, names)}</h3>
        <StatusBadge status={span.status} />
      </div>
      <Body {...props} />
      <dl className={styles.facts}>
        <Fact label="Agent path">{span.kind === "RUN" ? "—" : agentPathOf(trace, span)}</Fact>
        <Fact label="Started">{formatOffset(span.startedAt - runStart)} after the run started</Fact>
        <Fact label="Duration">{formatDuration(span.durationMillis)}</Fact>
        <Fact label="Tokens (with everything below)">
          {formatTokens(span.totals.usage.inputTokens)} in · {formatTokens(span.totals.usage.outputTokens)} out
          {span.totals.usage.cachedInputTokens ? ` · ${formatTokens(span.totals.usage.cachedInputTokens)} cached` : ""}
        </Fact>
        <Fact label="Cost (with everything below)">
          {formatUsd(span.totals.costUsd)}
          {span.totals.unpricedCalls > 0
            ? ` — ${span.totals.unpricedCalls} call(s) without a known price; priced part ${formatUsd(span.totals.pricedCostUsd)}`
            : ""}
        </Fact>
        <Fact label="Model calls below">{String(span.totals.modelCalls)}</Fact>
      </dl>
      {span.kind !== "RUN" && span.parentId ? (
        <button type="button" className={styles.linkButton} onClick={() => onSelect(span.parentId!)}>
          Go to parent span
        </button>
      ) : null}
    </div>
  );
}

function Body({ trace, span, names, onSelect }: Parameters<typeof SpanDetails>[0]) {
  switch (span.kind) {
    case "RUN": {
      const end = span.end;
      return (
        <>
          {end?.error ? (
            <p className={styles.errorText}>
              The run ended {end.status}: {end.error}
            </p>
          ) : null}
          <TextBlock label="Input">{span.start.input}</TextBlock>
          {end?.output != null ? <TextBlock label="Output">{end.output}</TextBlock> : null}
          <p className={styles.sentence}>
            {span.start.forceSync ? "Forced synchronous: background handoffs ran in the foreground. " : ""}
            Steps: {end?.steps ?? "—"}.
          </p>
        </>
      );
    }
    case "AGENT":
      return <AgentBody trace={trace} span={span} onSelect={onSelect} />;
    case "MODEL_CALL": {
      const end = span.end;
      return (
        <>
          <p className={span.end?.error ? styles.errorText : styles.sentence}>{describeModelCall(span)}</p>
          <dl className={styles.facts}>
            <Fact label="Model">
              {span.start.provider}/{span.start.model}
            </Fact>
            <Fact label="Chain position">
              {span.start.chainIndex === 0 ? "primary model (#1)" : `fallback #${span.start.chainIndex + 1}`}, attempt{" "}
              {span.start.attempt}
            </Fact>
            <Fact label="Usage">
              {end?.usage
                ? `${formatTokens(end.usage.inputTokens)} in · ${formatTokens(end.usage.outputTokens)} out`
                : "none reported"}
            </Fact>
            <Fact label="Cost">{end?.usage ? formatUsd(span.costUsd) : "—"}</Fact>
          </dl>
          <Messages span={span} />
          {end?.text ? <TextBlock label="Answer">{end.text}</TextBlock> : null}
          {end?.toolCalls?.length ? (
            <TextBlock label="Tool calls requested">
              {end.toolCalls.map((c) => `${c.name}(${c.arguments})`).join("\n")}
            </TextBlock>
          ) : null}
        </>
      );
    }
    case "TOOL_CALL": {
      const end = span.end;
      return (
        <>
          <p className={end?.isError ? styles.errorText : styles.sentence}>
            {names.get(span.start.agentId) ?? span.start.agentId} called the tool {span.start.tool}
            {end ? (end.isError ? "; it returned an error." : ".") : "; it is still running."}
          </p>
          <TextBlock label="Arguments">{span.start.arguments}</TextBlock>
          {end ? <TextBlock label="Result">{end.output}</TextBlock> : null}
        </>
      );
    }
    case "HANDOFF": {
      const end = span.end;
      const child = childrenOf(trace, span).find((c): c is AgentSpan => c.kind === "AGENT");
      const refused = span.status === "denied" || span.status === "forbidden";
      return (
        <>
          <p
            className={
              end && span.status !== "completed" && span.status !== "accepted" ? styles.errorText : styles.sentence
            }
          >
            {describeHandoff(span, names)}
          </p>
          <dl className={styles.facts}>
            {refused && end?.error ? (
              <Fact label={span.status === "denied" ? "Policy reason" : "Runtime limit"}>{end.error}</Fact>
            ) : null}
            <Fact label="Tool">{span.start.tool}</Fact>
            <Fact label="Attempts">{end ? String(end.attempts) : "—"}</Fact>
            <Fact label="Depth">{String(span.start.depth)}</Fact>
            <Fact label="Session">
              {span.start.sessionMode === "REUSE_SESSION"
                ? `reused session${child ? ` ${child.start.sessionId}` : ""}`
                : "new session"}
            </Fact>
            {end?.taskId ? <Fact label="Background task">{end.taskId}</Fact> : null}
          </dl>
          <TextBlock label="Arguments the parent sent">{span.start.arguments}</TextBlock>
          {child ? (
            <TextBlock label="Task the child received (after the input filter)">{child.start.input}</TextBlock>
          ) : null}
          {end?.output != null ? <TextBlock label="Result returned to the parent">{end.output}</TextBlock> : null}
          {child ? (
            <button type="button" className={styles.linkButton} onClick={() => onSelect(child.id)}>
              Open {child.start.agentName}’s session
            </button>
          ) : null}
        </>
      );
    }
    case "TASK": {
      const end = span.end;
      return (
        <>
          <p className={span.status === "completed" ? styles.sentence : styles.errorText}>
            {names.get(span.start.agentId) ?? span.start.agentId} ran in the background for{" "}
            {names.get(span.start.ownerAgentId) ?? span.start.ownerAgentId} ({span.start.reason}
            {span.start.reason === "promoted" ? ": it took too long and was moved to the background" : ""}).{" "}
            {end?.type === "TASK_FAILED"
              ? `It failed: ${end.error}`
              : end?.type === "TASK_CANCELLED"
                ? `It was cancelled: ${end.reason}`
                : end
                  ? "It completed and its result was announced."
                  : "It is still running."}
          </p>
          <dl className={styles.facts}>
            <Fact label="Task id">{span.start.taskId}</Fact>
            <Fact label="Session key">{span.start.childSessionKey}</Fact>
          </dl>
          {end?.type === "TASK_COMPLETED" ? <TextBlock label="Result">{end.output}</TextBlock> : null}
        </>
      );
    }
  }
}

function AgentBody({ trace, span, onSelect }: { trace: TraceState; span: AgentSpan; onSelect: (id: string) => void }) {
  const end = span.end;
  const attempts = modelAttemptsOf(trace, span);
  const hops = attempts.filter((a) => a.end?.error);
  const parent = span.parentId ? trace.spans.get(span.parentId) : undefined;
  const reused = parent?.kind === "HANDOFF" && parent.start.sessionMode === "REUSE_SESSION";
  return (
    <>
      {end?.error ? (
        <p className={styles.errorText}>
          {span.start.agentName} ended {end.status}: {end.error}
        </p>
      ) : null}
      <dl className={styles.facts}>
        <Fact label="Role">
          {span.start.role}, depth {span.start.depth}
        </Fact>
        <Fact label="Session">
          {reused ? "reused " : ""}
          {span.start.sessionId}
        </Fact>
        <Fact label="Steps">{end ? String(end.steps) : "—"}</Fact>
      </dl>
      <TextBlock label={span.start.depth > 0 ? "Task received (after the input filter)" : "Input"}>
        {span.start.input}
      </TextBlock>
      {end?.output != null ? <TextBlock label="Output">{end.output}</TextBlock> : null}
      {attempts.length > 0 ? (
        <div className={styles.block}>
          <h4 className={styles.blockLabel}>
            Model calls ({attempts.length}
            {hops.length ? `, ${hops.length} failed attempt${hops.length > 1 ? "s" : ""} retried or fallen back` : ""})
          </h4>
          <ol className={styles.attempts}>
            {attempts.map((a) => (
              <li key={a.id}>
                <button
                  type="button"
                  className={[styles.attempt, a.end?.error && styles.attemptFailed].filter(Boolean).join(" ")}
                  onClick={() => onSelect(a.id)}
                >
                  {describeModelCall(a)} <span className={styles.attemptCost}>{formatUsd(a.costUsd)}</span>
                </button>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </>
  );
}

function Messages({ span }: { span: Extract<TraceSpan, { kind: "MODEL_CALL" }> }) {
  const messages = span.start.messages;
  if (messages.length === 0) return null;
  return (
    <details className={styles.block}>
      <summary className={styles.blockLabel}>
        New messages given to the model ({messages.length}
        {span.start.previousMessageCount ? `, after ${span.start.previousMessageCount} earlier` : ""})
      </summary>
      <pre className={styles.pre}>
        {messages
          .map((m) => `[${m.role}] ${"content" in m && typeof m.content === "string" ? m.content : JSON.stringify(m)}`)
          .join("\n\n")}
      </pre>
    </details>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function TextBlock({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.block}>
      <h4 className={styles.blockLabel}>{label}</h4>
      <pre className={styles.pre}>{children}</pre>
    </div>
  );
}
