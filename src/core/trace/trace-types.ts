import type { ModelUsage } from "../models/messages";
import type { EventOfType, RuntimeEvent } from "../runtime/events";

/** What a span is: the run, an agent session, a model attempt, a tool call, a handoff or a background task. */
export type TraceSpanKind = "RUN" | "AGENT" | "MODEL_CALL" | "TOOL_CALL" | "HANDOFF" | "TASK";

/** `running` until the span's END arrives, then the status that END reports (lower case). */
export type TraceSpanStatus =
  | "running"
  | "completed"
  | "failed"
  | "cancelled"
  | "budget_exceeded"
  | "max_steps"
  | "timeout"
  | "fallback"
  | "denied"
  | "forbidden"
  | "promoted"
  | "accepted";

/** Sums over a span and everything below it. */
export interface TraceTotals {
  readonly usage: ModelUsage;
  /** USD of every model call below; null as soon as one call has no known price (unknown, not free). */
  readonly costUsd: number | null;
  /** USD of the calls that have a price (what budgets and RUN_END count). */
  readonly pricedCostUsd: number;
  /** Model calls that returned usage the price table has no price for. */
  readonly unpricedCalls: number;
  /** Model attempts (every retry and fallback counts). */
  readonly modelCalls: number;
  /** Model steps: the first attempts (one step, however many retries and fallbacks). */
  readonly steps: number;
}

type StartOf = {
  RUN: EventOfType<"RUN_START">;
  AGENT: EventOfType<"AGENT_START">;
  MODEL_CALL: EventOfType<"MODEL_CALL_START">;
  TOOL_CALL: EventOfType<"TOOL_CALL_START">;
  HANDOFF: EventOfType<"HANDOFF_START">;
  TASK: EventOfType<"TASK_ACCEPTED">;
};
type EndOf = {
  RUN: EventOfType<"RUN_END">;
  AGENT: EventOfType<"AGENT_END">;
  MODEL_CALL: EventOfType<"MODEL_CALL_END">;
  TOOL_CALL: EventOfType<"TOOL_CALL_END">;
  HANDOFF: EventOfType<"HANDOFF_END">;
  TASK: EventOfType<"TASK_COMPLETED"> | EventOfType<"TASK_FAILED"> | EventOfType<"TASK_CANCELLED">;
};

interface SpanOf<K extends TraceSpanKind> {
  readonly kind: K;
  readonly id: string;
  readonly parentId: string | null;
  /** Child span ids in the order they started. */
  readonly children: readonly string[];
  /** The agent path that emitted the span (null for the root agent and the run). */
  readonly source: string | null;
  /** The agent the span belongs to (a task's: the child running it; null for the run and handoffs). */
  readonly agentId: string | null;
  /** A short label: graph name, agent id, provider/model, tool, `tool → subagent`, task id. */
  readonly name: string;
  readonly status: TraceSpanStatus;
  readonly startedAt: number;
  readonly endedAt: number | null;
  /** As the END reports it; null while running. */
  readonly durationMillis: number | null;
  /** A model call's attempt number; a handoff's or task's child attempts; null otherwise. */
  readonly attempts: number | null;
  readonly error: string | null;
  /** This model call's own usage (null for other kinds, failed calls and running ones). */
  readonly usage: ModelUsage | null;
  /** This model call's own cost: null when unknown (no price, or not ended); 0 for other kinds. */
  readonly costUsd: number | null;
  /** Text streamed so far (model calls; the END's `text` is the final word). */
  readonly streamedText: string;
  /** The span and everything below it. */
  readonly totals: TraceTotals;
  readonly start: StartOf[K];
  readonly end: EndOf[K] | null;
  /** ANNOUNCE and BUDGET_EXCEEDED events that happened in this span (TEXT_DELTA goes to `streamedText`). */
  readonly points: readonly RuntimeEvent[];
}

/** One span of the tree, tagged by `kind`. */
export type TraceSpan = { [K in TraceSpanKind]: SpanOf<K> }[TraceSpanKind];
export type TraceSpanOfKind<K extends TraceSpanKind> = SpanOf<K>;

/**
 * A run's span tree as far as its events have arrived. Span objects are never
 * modified: a change replaces the span (and its ancestors, whose totals move),
 * so a view can compare spans by identity.
 */
export interface TraceState {
  readonly runId: string | null;
  /** The RUN span's id once RUN_START arrived. */
  readonly rootId: string | null;
  readonly spans: ReadonlyMap<string, TraceSpan>;
  /** Events reduced so far. */
  readonly eventCount: number;
  /** True once RUN_END arrived. */
  readonly finished: boolean;
  /** What was wrong with the stream (an END without a START, a span closed twice…); empty when well formed. */
  readonly problems: readonly string[];
}
