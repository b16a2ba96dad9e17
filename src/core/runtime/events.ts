import { z } from "zod";
import { chatMessageSchema, modelToolCallSchema, modelUsageSchema } from "../models/messages";

/**
 * The one event stream of a run (SPEC §5.9). Every consumer — CLI, worker
 * persistence, live SSE, traces, benchmarks — reads these events in this order.
 *
 * Spans: START events open `spanId`, the matching END closes it; point events
 * (TEXT_DELTA, ANNOUNCE, BUDGET_EXCEEDED) carry the id of the open span they
 * happen in. Tree: run > agent > (model call | tool call > handoff > child agent);
 * tasks hang below the handoff that created them.
 *
 * The runtime builds events without parsing them (hot path); tests validate the
 * stream with `runtimeEventSchema`.
 */

const envelope = {
  runId: z.string(),
  /** Gap-free, starting at 0, in emission order. */
  seq: z.number().int().nonnegative(),
  /** Epoch milliseconds from the clock port. */
  timestamp: z.number(),
  spanId: z.string(),
  parentSpanId: z.string().nullable(),
  /** null for the root agent (and run-level events), else the agent path, e.g. `main/researcher`. */
  source: z.string().nullable(),
};

/** Token usage (the model layer's schema, re-exported under the name the events use). */
export const usageSchema = modelUsageSchema;

export const runStatusSchema = z.enum(["completed", "failed", "cancelled", "budget_exceeded"]);
export const agentStatusSchema = z.enum([
  "completed",
  "failed",
  "max_steps",
  "timeout",
  "cancelled",
  "budget_exceeded",
]);
export const handoffStatusSchema = z.enum([
  "completed",
  "failed",
  "fallback",
  "denied",
  "forbidden",
  "timeout",
  "promoted",
  /** Background handoff: the child runs on as a task (ours; the seeds return `accepted`). */
  "accepted",
]);
export const sessionModeEventSchema = z.enum(["NEW_SESSION", "REUSE_SESSION"]);
export const budgetKindSchema = z.enum(["steps", "tokens", "cost", "wall_time"]);
export const toolKindSchema = z.enum(["builtin", "handoff", "task", "external", "unknown"]);

const modelErrorSchema = z.strictObject({
  kind: z.string(),
  status: z.number().nullable(),
  message: z.string(),
  retryAfterMs: z.number().nullable(),
});

export const runStartEventSchema = z.strictObject({
  type: z.literal("RUN_START"),
  ...envelope,
  graphName: z.string(),
  rootAgentId: z.string(),
  conversationId: z.string(),
  input: z.string(),
  forceSync: z.boolean(),
});

export const runEndEventSchema = z.strictObject({
  type: z.literal("RUN_END"),
  ...envelope,
  status: runStatusSchema,
  output: z.string().nullable(),
  error: z.string().nullable(),
  usage: usageSchema,
  costUsd: z.number().nonnegative(),
  steps: z.number().int().nonnegative(),
  durationMillis: z.number().nonnegative(),
});

export const agentStartEventSchema = z.strictObject({
  type: z.literal("AGENT_START"),
  ...envelope,
  agentId: z.string(),
  agentName: z.string(),
  depth: z.number().int().nonnegative(),
  role: z.enum(["main", "orchestrator", "leaf"]),
  sessionId: z.string(),
  input: z.string(),
});

export const agentEndEventSchema = z.strictObject({
  type: z.literal("AGENT_END"),
  ...envelope,
  agentId: z.string(),
  status: agentStatusSchema,
  output: z.string().nullable(),
  error: z.string().nullable(),
  /** Model calls made by this agent session in this run. */
  steps: z.number().int().nonnegative(),
  durationMillis: z.number().nonnegative(),
});

export const modelCallStartEventSchema = z.strictObject({
  type: z.literal("MODEL_CALL_START"),
  ...envelope,
  agentId: z.string(),
  provider: z.string(),
  model: z.string(),
  chainIndex: z.number().int().nonnegative(),
  attempt: z.number().int().positive(),
  /**
   * What the model was given that it was not given before (secrets redacted):
   * the messages appended since this agent session's previous model call
   * (`basedOnSpanId`), whose prompt was the first `previousMessageCount`
   * messages. The first call of an agent span carries the whole prompt (system
   * prompt included) with `basedOnSpanId: null` (a reused session activated again
   * in the same run continues its previous activation); a retry or fallback of the same
   * step carries none. The trace rebuilds full prompts (`rebuildPrompt`), so a
   * stored trace grows linearly with the conversation, not with its square.
   */
  messages: z.array(chatMessageSchema),
  previousMessageCount: z.number().int().nonnegative(),
  basedOnSpanId: z.string().nullable(),
  /** Names of the tools offered. */
  tools: z.array(z.string()),
});

export const modelCallEndEventSchema = z.strictObject({
  type: z.literal("MODEL_CALL_END"),
  ...envelope,
  agentId: z.string(),
  provider: z.string(),
  model: z.string(),
  chainIndex: z.number().int().nonnegative(),
  attempt: z.number().int().positive(),
  durationMillis: z.number().nonnegative(),
  usage: usageSchema.nullable(),
  /** null when the price table has no price for the model. */
  costUsd: z.number().nonnegative().nullable(),
  finishReason: z.string().nullable(),
  text: z.string().nullable(),
  toolCalls: z.array(modelToolCallSchema).nullable(),
  error: modelErrorSchema.nullable(),
  willRetry: z.boolean(),
  willFallback: z.boolean(),
});

export const textDeltaEventSchema = z.strictObject({
  type: z.literal("TEXT_DELTA"),
  ...envelope,
  agentId: z.string(),
  delta: z.string(),
});

export const toolCallStartEventSchema = z.strictObject({
  type: z.literal("TOOL_CALL_START"),
  ...envelope,
  agentId: z.string(),
  callId: z.string(),
  tool: z.string(),
  kind: toolKindSchema,
  /** Raw argument text from the model (may be invalid JSON). */
  arguments: z.string(),
});

export const toolCallEndEventSchema = z.strictObject({
  type: z.literal("TOOL_CALL_END"),
  ...envelope,
  agentId: z.string(),
  callId: z.string(),
  tool: z.string(),
  output: z.string(),
  isError: z.boolean(),
  durationMillis: z.number().nonnegative(),
});

export const handoffStartEventSchema = z.strictObject({
  type: z.literal("HANDOFF_START"),
  ...envelope,
  handoffId: z.string(),
  callId: z.string(),
  tool: z.string(),
  subagent: z.string(),
  parentAgentId: z.string(),
  depth: z.number().int().positive(),
  sessionMode: sessionModeEventSchema,
  arguments: z.string(),
});

export const handoffEndEventSchema = z.strictObject({
  type: z.literal("HANDOFF_END"),
  ...envelope,
  handoffId: z.string(),
  callId: z.string(),
  tool: z.string(),
  subagent: z.string(),
  status: handoffStatusSchema,
  depth: z.number().int().positive(),
  sessionMode: sessionModeEventSchema,
  attempts: z.number().int().nonnegative(),
  durationMillis: z.number().nonnegative(),
  /** The tool result text the parent model receives. */
  output: z.string().nullable(),
  error: z.string().nullable(),
  taskId: z.string().nullable(),
});

const taskCommon = {
  taskId: z.string(),
  /** The child agent running the task. */
  agentId: z.string(),
  /** The agent that spawned the task and receives its announce. */
  ownerAgentId: z.string(),
};

export const taskStatusSchema = z.enum(["RUNNING", "COMPLETED", "FAILED", "CANCELLED", "TIMEOUT"]);

export const taskAcceptedEventSchema = z.strictObject({
  type: z.literal("TASK_ACCEPTED"),
  ...envelope,
  ...taskCommon,
  tool: z.string(),
  handoffId: z.string(),
  childSessionKey: z.string(),
  reason: z.enum(["background", "promoted"]),
});

export const taskCompletedEventSchema = z.strictObject({
  type: z.literal("TASK_COMPLETED"),
  ...envelope,
  ...taskCommon,
  output: z.string(),
  steps: z.number().int().nonnegative(),
  attempts: z.number().int().nonnegative(),
  durationMillis: z.number().nonnegative(),
});

export const taskFailedEventSchema = z.strictObject({
  type: z.literal("TASK_FAILED"),
  ...envelope,
  ...taskCommon,
  status: z.enum(["FAILED", "TIMEOUT"]),
  error: z.string(),
  attempts: z.number().int().nonnegative(),
  durationMillis: z.number().nonnegative(),
});

export const taskCancelledEventSchema = z.strictObject({
  type: z.literal("TASK_CANCELLED"),
  ...envelope,
  ...taskCommon,
  reason: z.string(),
  durationMillis: z.number().nonnegative(),
});

export const announceEventSchema = z.strictObject({
  type: z.literal("ANNOUNCE"),
  ...envelope,
  /** The agent the reminder is delivered to. */
  agentId: z.string(),
  taskIds: z.array(z.string()),
  /** Finished results still queued for a later reminder. */
  remaining: z.number().int().nonnegative(),
  /** The exact reminder text injected before the model call. */
  text: z.string(),
});

export const budgetExceededEventSchema = z.strictObject({
  type: z.literal("BUDGET_EXCEEDED"),
  ...envelope,
  budget: budgetKindSchema,
  limit: z.number(),
  used: z.number(),
  /** The agent whose reservation failed (null for the wall-time timer). */
  agentId: z.string().nullable(),
});

/** Every event a run emits, tagged by `type`. */
export const runtimeEventSchema = z.discriminatedUnion("type", [
  runStartEventSchema,
  runEndEventSchema,
  agentStartEventSchema,
  agentEndEventSchema,
  modelCallStartEventSchema,
  modelCallEndEventSchema,
  textDeltaEventSchema,
  toolCallStartEventSchema,
  toolCallEndEventSchema,
  handoffStartEventSchema,
  handoffEndEventSchema,
  taskAcceptedEventSchema,
  taskCompletedEventSchema,
  taskFailedEventSchema,
  taskCancelledEventSchema,
  announceEventSchema,
  budgetExceededEventSchema,
]);

export type RuntimeEvent = z.infer<typeof runtimeEventSchema>;
export type RuntimeEventType = RuntimeEvent["type"];
export type EventOfType<T extends RuntimeEventType> = Extract<RuntimeEvent, { type: T }>;
export type RunStatus = z.infer<typeof runStatusSchema>;
export type AgentStatus = z.infer<typeof agentStatusSchema>;
export type HandoffStatus = z.infer<typeof handoffStatusSchema>;
export type TaskStatus = z.infer<typeof taskStatusSchema>;
export type BudgetKind = z.infer<typeof budgetKindSchema>;
export type ToolKind = z.infer<typeof toolKindSchema>;
export type Usage = z.infer<typeof usageSchema>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An event as the runtime builds it; the bus adds run id, sequence and timestamp. */
export type EventDraft = DistributiveOmit<RuntimeEvent, "runId" | "seq" | "timestamp">;

/** Which events open a span, which close one, and which are points inside one. */
export const SPAN_OPENERS = {
  RUN_START: "RUN",
  AGENT_START: "AGENT",
  MODEL_CALL_START: "MODEL_CALL",
  TOOL_CALL_START: "TOOL_CALL",
  HANDOFF_START: "HANDOFF",
  TASK_ACCEPTED: "TASK",
} as const satisfies Partial<Record<RuntimeEventType, string>>;

export const SPAN_CLOSERS = {
  RUN_END: "RUN",
  AGENT_END: "AGENT",
  MODEL_CALL_END: "MODEL_CALL",
  TOOL_CALL_END: "TOOL_CALL",
  HANDOFF_END: "HANDOFF",
  TASK_COMPLETED: "TASK",
  TASK_FAILED: "TASK",
  TASK_CANCELLED: "TASK",
} as const satisfies Partial<Record<RuntimeEventType, string>>;
