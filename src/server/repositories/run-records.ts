/**
 * The plain objects the run repository returns, and the Prisma `select`s
 * that produce them. JSON columns (options, definition, span details, event
 * data) are `unknown` here: they were validated before they were stored.
 */
import type { Prisma, RunStatus } from "@/generated/prisma/client";

export type { RunStatus } from "@/generated/prisma/client";

/** A run as lists show it: no definition, no events. */
export const runSummarySelect = {
  id: true,
  graphId: true,
  graphName: true,
  versionId: true,
  version: { select: { version: true } },
  draftRevision: true,
  contentHash: true,
  conversationId: true,
  input: true,
  simulated: true,
  status: true,
  output: true,
  error: true,
  inputTokens: true,
  outputTokens: true,
  cachedInputTokens: true,
  costUsd: true,
  unpricedCalls: true,
  steps: true,
  handoffs: true,
  failedHandoffs: true,
  eventCount: true,
  createdAt: true,
  startedAt: true,
  endedAt: true,
  durationMillis: true,
  cancelRequestedAt: true,
  cancelReason: true,
} as const satisfies Prisma.RunSelect;

/** A run with what a detail view adds: options, the worker that holds it. */
export const runRecordSelect = {
  ...runSummarySelect,
  options: true,
  workerId: true,
  heartbeatAt: true,
} as const satisfies Prisma.RunSelect;

export type RunSummaryRecord = Prisma.RunGetPayload<{ select: typeof runSummarySelect }>;
export type RunRecord = Prisma.RunGetPayload<{ select: typeof runRecordSelect }>;

/** A span row as stored in run_spans. */
export const runSpanSelect = {
  spanId: true,
  parentSpanId: true,
  kind: true,
  name: true,
  source: true,
  agentId: true,
  status: true,
  startedAt: true,
  endedAt: true,
  durationMillis: true,
  attempts: true,
  error: true,
  provider: true,
  model: true,
  chainIndex: true,
  inputTokens: true,
  outputTokens: true,
  cachedInputTokens: true,
  costUsd: true,
  edge: true,
  edgePath: true,
  details: true,
} as const satisfies Prisma.RunSpanSelect;

export type RunSpanRecord = Prisma.RunSpanGetPayload<{ select: typeof runSpanSelect }>;

/** A conversation as listed. */
export const conversationSelect = {
  id: true,
  graphId: true,
  title: true,
  createdAt: true,
  updatedAt: true,
  _count: { select: { runs: true } },
} as const satisfies Prisma.ConversationSelect;

export type ConversationRecord = Prisma.ConversationGetPayload<{ select: typeof conversationSelect }>;

/** Statuses of a run that is not over yet (they count against the concurrent-run limit). */
export const ACTIVE_RUN_STATUSES = ["queued", "running"] as const satisfies readonly RunStatus[];
