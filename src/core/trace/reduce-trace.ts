import { type RuntimeEvent, SPAN_CLOSERS, SPAN_OPENERS } from "../runtime/events";
import { EMPTY_TOTALS, type TotalsDelta, addTotals } from "./totals";
import type { TraceSpan, TraceSpanKind, TraceState } from "./trace-types";

/** How many events each span index has absorbed: tells a superseded state from the latest one. */
const absorbed = new WeakMap<ReadonlyMap<string, TraceSpan>, number>();

/** An empty trace, before any event. */
export function createTrace(): TraceState {
  const spans = new Map<string, TraceSpan>();
  absorbed.set(spans, 0);
  return { runId: null, rootId: null, spans, eventCount: 0, finished: false, problems: [] };
}

/** The span tree of a complete (or partial) event stream. */
export function buildTrace(events: Iterable<RuntimeEvent>): TraceState {
  let state = createTrace();
  for (const event of events) state = reduceTrace(state, event);
  return state;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type SpanDraft = Mutable<TraceSpan>;

/**
 * Folds one event into the trace: START events add a span under their parent,
 * END events close it, TEXT_DELTA / ANNOUNCE / BUDGET_EXCEEDED attach to the
 * open span, and model calls roll their usage, cost and steps up to every
 * ancestor. Deterministic and IO-free; O(depth) per event, so a live stream
 * can be fed event by event. Span objects are never modified (a change
 * replaces them); the span index is shared with the returned state, so keep
 * only the latest state — reducing a superseded one throws rather than
 * silently mixing two histories. A malformed stream never throws: each
 * anomaly is recorded in `problems`.
 */
export function reduceTrace(state: TraceState, event: RuntimeEvent): TraceState {
  const spans = state.spans as Map<string, TraceSpan>;
  if (absorbed.get(spans) !== state.eventCount)
    throw new Error("reduceTrace was given a superseded trace state: continue from the state it last returned");
  absorbed.set(spans, state.eventCount + 1);
  const problems = state.problems as string[];
  let { runId, rootId, finished } = state;
  if (runId === null) runId = event.runId;
  else if (event.runId !== runId) problems.push(`${label(event)} belongs to run ${event.runId}, not ${runId}`);
  if (finished) problems.push(`${label(event)} arrived after RUN_END`);

  const opens = (SPAN_OPENERS as Partial<Record<string, TraceSpanKind>>)[event.type];
  const closes = (SPAN_CLOSERS as Partial<Record<string, TraceSpanKind>>)[event.type];
  if (opens) {
    if (event.type === "RUN_START") {
      if (rootId !== null) problems.push(`${label(event)}: a second RUN_START`);
      else rootId = event.spanId;
    }
    openSpan(spans, problems, opens, event);
  } else if (closes) {
    closeSpan(spans, problems, closes, event);
    if (event.type === "RUN_END") finished = true;
  } else {
    addPoint(spans, problems, event);
  }
  return { runId, rootId, spans, eventCount: state.eventCount + 1, finished, problems };
}

function openSpan(spans: Map<string, TraceSpan>, problems: string[], kind: TraceSpanKind, event: RuntimeEvent): void {
  if (spans.has(event.spanId)) {
    problems.push(`${label(event)}: span ${event.spanId} was already opened`);
    return;
  }
  const parentId = event.parentSpanId;
  const parent = parentId === null ? undefined : spans.get(parentId);
  if (parentId === null && kind !== "RUN") problems.push(`${label(event)}: a ${kind} span without a parent`);
  if (parentId !== null && !parent) problems.push(`${label(event)}: parent span ${parentId} is not in the trace`);
  const span = {
    kind,
    id: event.spanId,
    parentId,
    children: [],
    source: event.source,
    agentId: agentOf(event),
    name: nameOf(event),
    status: "running",
    startedAt: event.timestamp,
    endedAt: null,
    durationMillis: null,
    attempts: event.type === "MODEL_CALL_START" ? event.attempt : null,
    error: null,
    usage: null,
    costUsd: kind === "MODEL_CALL" ? null : 0,
    streamedText: "",
    totals: EMPTY_TOTALS,
    start: event,
    end: null,
    points: [],
  } as unknown as TraceSpan;
  spans.set(span.id, span);
  if (parent) spans.set(parent.id, { ...parent, children: [...parent.children, span.id] } as TraceSpan);
  if (event.type === "MODEL_CALL_START") {
    // A step's first attempt is entry 0, attempt 1; its retries and fallbacks are the same step.
    const steps = event.chainIndex === 0 && event.attempt === 1 ? 1 : 0;
    rollUp(spans, span.id, { usage: null, costUsd: 0, modelCalls: 1, steps });
  }
}

function closeSpan(spans: Map<string, TraceSpan>, problems: string[], kind: TraceSpanKind, event: RuntimeEvent): void {
  const span = spans.get(event.spanId);
  if (!span) {
    problems.push(`${label(event)}: no span ${event.spanId} was opened`);
    return;
  }
  if (span.kind !== kind) {
    problems.push(`${label(event)} closes a ${span.kind} span`);
    return;
  }
  if (span.end !== null) {
    problems.push(`${label(event)}: span ${span.id} was already closed`);
    return;
  }
  const next = { ...span, end: event, endedAt: event.timestamp } as SpanDraft;
  let delta: TotalsDelta | null = null;
  switch (event.type) {
    case "RUN_END":
    case "AGENT_END":
    case "HANDOFF_END":
      next.status = event.status;
      next.error = event.error;
      next.durationMillis = event.durationMillis;
      if (event.type === "HANDOFF_END") next.attempts = event.attempts;
      break;
    case "MODEL_CALL_END":
      next.status = event.error ? (event.error.kind === "aborted" ? "cancelled" : "failed") : "completed";
      next.error = event.error ? event.error.message : null;
      next.durationMillis = event.durationMillis;
      next.usage = event.usage;
      next.costUsd = event.costUsd;
      delta = { usage: event.usage, costUsd: event.costUsd, modelCalls: 0, steps: 0 };
      break;
    case "TOOL_CALL_END":
      next.status = event.isError ? "failed" : "completed";
      next.error = event.isError ? event.output : null;
      next.durationMillis = event.durationMillis;
      break;
    case "TASK_COMPLETED":
      next.status = "completed";
      next.attempts = event.attempts;
      next.durationMillis = event.durationMillis;
      break;
    case "TASK_FAILED":
      next.status = event.status === "TIMEOUT" ? "timeout" : "failed";
      next.error = event.error;
      next.attempts = event.attempts;
      next.durationMillis = event.durationMillis;
      break;
    case "TASK_CANCELLED":
      next.status = "cancelled";
      next.error = event.reason;
      next.durationMillis = event.durationMillis;
      break;
  }
  spans.set(span.id, next as TraceSpan);
  if (delta) rollUp(spans, span.id, delta);
}

function addPoint(spans: Map<string, TraceSpan>, problems: string[], event: RuntimeEvent): void {
  const span = spans.get(event.spanId);
  if (!span || span.end !== null) {
    problems.push(`${label(event)}: span ${event.spanId} is not open`);
    return;
  }
  if (event.type === "TEXT_DELTA") {
    spans.set(span.id, { ...span, streamedText: span.streamedText + event.delta });
  } else {
    spans.set(span.id, { ...span, points: [...span.points, event] });
  }
}

/** Adds `delta` to the totals of span `id` and every ancestor (replacing each). */
function rollUp(spans: Map<string, TraceSpan>, id: string, delta: TotalsDelta): void {
  let current: TraceSpan | undefined = spans.get(id);
  while (current) {
    spans.set(current.id, { ...current, totals: addTotals(current.totals, delta) });
    current = current.parentId === null ? undefined : spans.get(current.parentId);
  }
}

function agentOf(event: RuntimeEvent): string | null {
  switch (event.type) {
    case "AGENT_START":
    case "MODEL_CALL_START":
    case "TOOL_CALL_START":
    case "TASK_ACCEPTED":
      return event.agentId;
    case "HANDOFF_START":
      return event.parentAgentId;
    default:
      return null;
  }
}

function nameOf(event: RuntimeEvent): string {
  switch (event.type) {
    case "RUN_START":
      return event.graphName;
    case "AGENT_START":
      return event.agentId;
    case "MODEL_CALL_START":
      return `${event.provider}/${event.model}`;
    case "TOOL_CALL_START":
      return event.tool;
    case "HANDOFF_START":
      return `${event.tool} → ${event.subagent}`;
    case "TASK_ACCEPTED":
      return event.taskId;
    default:
      return event.type;
  }
}

function label(event: RuntimeEvent): string {
  return `event ${event.seq} (${event.type})`;
}
