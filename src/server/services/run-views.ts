/**
 * What the runs API returns: plain objects with ISO-string dates, made
 * from repository records, and the opaque cursor of run lists.
 */
import type {
  ConversationRecord,
  RunCursor,
  RunRecord,
  RunStatus,
  RunSummaryRecord,
} from "@/server/repositories/run-repository";
import { InvalidInputError } from "@/server/errors/invalid-input-error";
import type { SpanNode } from "./run-span-tree";

const PREVIEW_CHARS = 200;

/** A run as lists show it. Dates are ISO strings. */
export interface RunListItem {
  id: string;
  graphId: string;
  graphName: string;
  /** The version number run; null for a draft run. */
  version: number | null;
  versionId: string | null;
  draftRevision: number | null;
  conversationId: string;
  /** The input, cut to 200 characters for lists. */
  inputPreview: string;
  simulated: boolean;
  status: RunStatus;
  error: string | null;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  /** USD; null when a model call had no known price (then `pricedCostUsd` is what is known). */
  costUsd: number | null;
  pricedCostUsd: number;
  unpricedCalls: number;
  steps: number;
  handoffs: number;
  failedHandoffs: number;
  eventCount: number;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
  durationMillis: number | null;
  cancelRequestedAt: string | null;
}

/** A run with everything a trace view opens with. */
export interface RunDetail extends RunListItem {
  input: string;
  output: string | null;
  contentHash: string;
  options: unknown;
  cancelReason: string | null;
  workerId: string | null;
  heartbeatAt: string | null;
  /** The span tree (normally one RUN root); empty until the worker's first events are stored. */
  spans: SpanNode[];
}

/** A page of runs. */
export interface RunPage {
  items: RunListItem[];
  /** Pass back as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

/** A conversation as listed. */
export interface ConversationItem {
  id: string;
  graphId: string;
  title: string;
  runCount: number;
  createdAt: string;
  updatedAt: string;
}

/** An opaque cursor for the run after which a page starts. */
export function encodeCursor(cursor: RunCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt.toISOString(), cursor.id])).toString("base64url");
}

/** The run a cursor points after; throws `InvalidInputError` for anything `encodeCursor` did not make. */
export function decodeCursor(text: string): RunCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === "string" &&
      typeof parsed[1] === "string"
    ) {
      const createdAt = new Date(parsed[0]);
      if (!Number.isNaN(createdAt.getTime()) && /^[0-9a-f-]{36}$/i.test(parsed[1])) return { createdAt, id: parsed[1] };
    }
  } catch {
    // fall through: not ours
  }
  throw new InvalidInputError("The cursor is not one runs.list returned; start again without a cursor.");
}

function iso(date: Date | null): string | null {
  return date?.toISOString() ?? null;
}

export function listItem(run: RunSummaryRecord): RunListItem {
  return {
    id: run.id,
    graphId: run.graphId,
    graphName: run.graphName,
    version: run.version?.version ?? null,
    versionId: run.versionId,
    draftRevision: run.draftRevision,
    conversationId: run.conversationId,
    inputPreview: run.input.length > PREVIEW_CHARS ? `${run.input.slice(0, PREVIEW_CHARS - 1)}…` : run.input,
    simulated: run.simulated,
    status: run.status,
    error: run.error,
    inputTokens: run.inputTokens,
    outputTokens: run.outputTokens,
    cachedInputTokens: run.cachedInputTokens,
    costUsd: run.unpricedCalls > 0 ? null : run.costUsd,
    pricedCostUsd: run.costUsd,
    unpricedCalls: run.unpricedCalls,
    steps: run.steps,
    handoffs: run.handoffs,
    failedHandoffs: run.failedHandoffs,
    eventCount: run.eventCount,
    createdAt: run.createdAt.toISOString(),
    startedAt: iso(run.startedAt),
    endedAt: iso(run.endedAt),
    durationMillis: run.durationMillis,
    cancelRequestedAt: iso(run.cancelRequestedAt),
  };
}

export function detail(run: RunRecord, spans: SpanNode[]): RunDetail {
  return {
    ...listItem(run),
    input: run.input,
    output: run.output,
    contentHash: run.contentHash,
    options: run.options,
    cancelReason: run.cancelReason,
    workerId: run.workerId,
    heartbeatAt: iso(run.heartbeatAt),
    spans,
  };
}

export function conversationItem(conversation: ConversationRecord): ConversationItem {
  return {
    id: conversation.id,
    graphId: conversation.graphId,
    title: conversation.title,
    runCount: conversation._count.runs,
    createdAt: conversation.createdAt.toISOString(),
    updatedAt: conversation.updatedAt.toISOString(),
  };
}
