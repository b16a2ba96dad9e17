import type { RuntimeEvent } from "@/core/runtime/events";
import { createTrace, reduceTrace, type TraceSpan, type TraceState } from "@/core/trace";

/**
 * A `run_spans` row (column names in camelCase; times in epoch ms). Derived
 * from the span tree of `src/core/trace`, so the stored spans say exactly what
 * the trace view of the same events says.
 */
export interface RunSpanRow {
  runId: string;
  spanId: string;
  parentSpanId: string | null;
  kind: TraceSpan["kind"];
  name: string;
  source: string | null;
  agentId: string | null;
  status: string;
  startedAt: number;
  endedAt: number | null;
  durationMillis: number | null;
  attempts: number | null;
  error: string | null;
  provider: string | null;
  model: string | null;
  chainIndex: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  cachedInputTokens: number | null;
  /** Model calls: USD, null when unknown (no price) or not ended. Other kinds: null. */
  costUsd: number | null;
  /** Handoffs: `parentAgentId/tool->subagent`. */
  edge: string | null;
  /** Model calls: the edges of every enclosing handoff, outermost first (through tasks too). */
  edgePath: string[];
  details: Record<string, unknown>;
}

/** A `background_tasks` row (times in epoch ms), derived from a TASK span. */
export interface BackgroundTaskRow {
  runId: string;
  taskId: string;
  handoffId: string;
  agentId: string;
  ownerAgentId: string;
  childSessionKey: string;
  reason: string;
  status: "RUNNING" | "COMPLETED" | "FAILED" | "TIMEOUT" | "CANCELLED";
  output: string | null;
  error: string | null;
  startedAt: number;
  endedAt: number | null;
}

/** The handoff edge label stored on handoff spans and in model calls' `edgePath`. */
export function edgeLabel(parentAgentId: string, tool: string, subagent: string): string {
  return `${parentAgentId}/${tool}->${subagent}`;
}

/**
 * Follows one run's events batch by batch and tells which span and task rows
 * changed: each row is the whole current state of its span (an upsert), so a
 * span opened in one batch and closed in a later one is written twice, and a
 * span opened and closed in the same batch once.
 */
export class SpanRowTracker {
  private trace: TraceState = createTrace();
  /** Edges of the handoffs enclosing each span (itself included for a handoff); shared arrays, never mutated. */
  private readonly edges = new Map<string, readonly string[]>();

  /** Folds `events` (the next ones of the run, in order) and returns the rows they changed. */
  add(events: readonly RuntimeEvent[]): { spans: RunSpanRow[]; tasks: BackgroundTaskRow[] } {
    const touched = new Set<string>();
    for (const event of events) {
      // Text deltas change nothing stored (the END carries the text): skipped, they are half of a stream.
      if (event.type === "TEXT_DELTA") continue;
      this.trace = reduceTrace(this.trace, event);
      if (!this.edges.has(event.spanId)) this.trackEdges(event);
      touched.add(event.spanId);
    }
    const spans: RunSpanRow[] = [];
    const tasks: BackgroundTaskRow[] = [];
    for (const id of touched) {
      const span = this.trace.spans.get(id);
      if (!span) continue;
      spans.push(spanRow(span, this.edges.get(id) ?? NO_EDGES));
      if (span.kind === "TASK") tasks.push(taskRow(span));
    }
    return { spans, tasks };
  }

  /** Problems of the stream so far (an END without a START…): empty when well formed. */
  get problems(): readonly string[] {
    return this.trace.problems;
  }

  private trackEdges(event: RuntimeEvent): void {
    const parent = event.parentSpanId === null ? NO_EDGES : (this.edges.get(event.parentSpanId) ?? NO_EDGES);
    this.edges.set(
      event.spanId,
      event.type === "HANDOFF_START" ? [...parent, edgeLabel(event.parentAgentId, event.tool, event.subagent)] : parent,
    );
  }
}

const NO_EDGES: readonly string[] = Object.freeze([]);

/** The `run_spans` rows of a run's events (complete or partial), in span start order. Pure. */
export function deriveSpanRows(events: readonly RuntimeEvent[]): RunSpanRow[] {
  return new SpanRowTracker().add(events).spans;
}

/** The `background_tasks` rows of a run's events. Pure. */
export function deriveTaskRows(events: readonly RuntimeEvent[]): BackgroundTaskRow[] {
  return new SpanRowTracker().add(events).tasks;
}

function spanRow(span: TraceSpan, edges: readonly string[]): RunSpanRow {
  const row: RunSpanRow = {
    runId: span.start.runId,
    spanId: span.id,
    parentSpanId: span.parentId,
    kind: span.kind,
    name: span.name,
    source: span.source,
    agentId: span.agentId,
    status: span.status,
    startedAt: span.startedAt,
    endedAt: span.endedAt,
    durationMillis: span.durationMillis,
    attempts: span.attempts,
    error: span.error,
    provider: null,
    model: null,
    chainIndex: null,
    inputTokens: null,
    outputTokens: null,
    cachedInputTokens: null,
    costUsd: null,
    edge: null,
    edgePath: [],
    details: {},
  };
  const points = pointDetails(span);
  switch (span.kind) {
    case "RUN": {
      const { rootAgentId, forceSync } = span.start;
      row.details = { rootAgentId, forceSync, ...points };
      if (span.end) row.details.steps = span.end.steps;
      break;
    }
    case "AGENT": {
      const { agentName, depth, role, sessionId } = span.start;
      row.details = { agentName, depth, role, sessionId, ...points };
      if (span.end) row.details.steps = span.end.steps;
      break;
    }
    case "MODEL_CALL": {
      const { provider, model, chainIndex } = span.start;
      row.provider = provider;
      row.model = model;
      row.chainIndex = chainIndex;
      row.edgePath = edges as string[];
      if (span.usage) {
        row.inputTokens = span.usage.inputTokens;
        row.outputTokens = span.usage.outputTokens;
        row.cachedInputTokens = span.usage.cachedInputTokens;
      }
      row.costUsd = span.end ? span.costUsd : null;
      if (span.end) {
        const { finishReason, willRetry, willFallback, error } = span.end;
        row.details = { finishReason, willRetry, willFallback, errorKind: error?.kind ?? null, ...points };
      } else row.details = { ...points };
      break;
    }
    case "TOOL_CALL": {
      row.details = { callId: span.start.callId, toolKind: span.start.kind, ...points };
      break;
    }
    case "HANDOFF": {
      const { handoffId, callId, tool, subagent, parentAgentId, depth, sessionMode } = span.start;
      row.edge = edgeLabel(parentAgentId, tool, subagent);
      row.details = { handoffId, callId, tool, subagent, depth, sessionMode, ...points };
      if (span.end) row.details.taskId = span.end.taskId;
      break;
    }
    case "TASK": {
      const { taskId, handoffId, ownerAgentId, childSessionKey, reason } = span.start;
      row.details = { taskId, handoffId, ownerAgentId, childSessionKey, reason, ...points };
      break;
    }
  }
  return row;
}

/** Budget stops and announces that happened in the span (the trace view shows them on it). */
function pointDetails(span: TraceSpan): Record<string, unknown> {
  if (span.points.length === 0) return {};
  const details: Record<string, unknown[]> = {};
  for (const point of span.points) {
    if (point.type === "BUDGET_EXCEEDED") {
      const { budget, limit, used, agentId } = point;
      (details.budgetExceeded ??= []).push({ budget, limit, used, agentId, seq: point.seq });
    } else if (point.type === "ANNOUNCE") {
      (details.announces ??= []).push({ taskIds: point.taskIds, remaining: point.remaining, seq: point.seq });
    }
  }
  return details;
}

function taskRow(span: Extract<TraceSpan, { kind: "TASK" }>): BackgroundTaskRow {
  const { runId, taskId, handoffId, agentId, ownerAgentId, childSessionKey, reason } = span.start;
  const row: BackgroundTaskRow = {
    runId,
    taskId,
    handoffId,
    agentId,
    ownerAgentId,
    childSessionKey,
    reason,
    status: "RUNNING",
    output: null,
    error: null,
    startedAt: span.startedAt,
    endedAt: span.endedAt,
  };
  const end = span.end;
  if (end?.type === "TASK_COMPLETED") {
    row.status = "COMPLETED";
    row.output = end.output;
  } else if (end?.type === "TASK_FAILED") {
    row.status = end.status;
    row.error = end.error;
  } else if (end?.type === "TASK_CANCELLED") {
    row.status = "CANCELLED";
    row.error = end.reason;
  }
  return row;
}
