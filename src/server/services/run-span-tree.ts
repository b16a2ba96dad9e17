/**
 * The span tree of a run from its stored span rows (run → agents → model
 * calls / tool calls → handoffs → child agents and tasks), each span with
 * its own figures and the totals of its subtree. Pure: the rows come from
 * run_spans, which persistence derives from the events.
 */
import type { RunSpanRecord } from "@/server/repositories/run-records";

/** Tokens and USD of a span and everything below it. */
export interface SpanTotals {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  /** USD of every model call below; null as soon as one call with usage has no known price (unknown, not free). */
  costUsd: number | null;
  /** USD of the calls that have a price. */
  pricedCostUsd: number;
  /** Model calls with usage but no known price. */
  unpricedCalls: number;
  /** Model attempts (retries and fallback hops each count). */
  modelCalls: number;
}

/** One span as `runs.get` returns it. Dates are ISO strings. */
export interface SpanNode {
  spanId: string;
  parentSpanId: string | null;
  kind: string;
  name: string;
  source: string | null;
  agentId: string | null;
  status: string;
  startedAt: string;
  endedAt: string | null;
  durationMillis: number | null;
  attempts: number | null;
  error: string | null;
  provider: string | null;
  model: string | null;
  chainIndex: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  cachedInputTokens: number | null;
  /** This model call's own USD; null when unknown (no price, or not ended). */
  costUsd: number | null;
  edge: string | null;
  edgePath: string[];
  /** Kind-specific details (handoff mode, session key, policy decisions, fallback hops…). */
  details: unknown;
  totals: SpanTotals;
  children: SpanNode[];
}

function ownTotals(row: RunSpanRecord): SpanTotals {
  const isCall = row.kind === "MODEL_CALL";
  const hasUsage = isCall && row.inputTokens !== null;
  const unpriced = hasUsage && row.costUsd === null ? 1 : 0;
  return {
    inputTokens: row.inputTokens ?? 0,
    outputTokens: row.outputTokens ?? 0,
    cachedInputTokens: row.cachedInputTokens ?? 0,
    costUsd: unpriced ? null : (row.costUsd ?? 0),
    pricedCostUsd: row.costUsd ?? 0,
    unpricedCalls: unpriced,
    modelCalls: isCall ? 1 : 0,
  };
}

function addTotals(into: SpanTotals, more: SpanTotals): SpanTotals {
  return {
    inputTokens: into.inputTokens + more.inputTokens,
    outputTokens: into.outputTokens + more.outputTokens,
    cachedInputTokens: into.cachedInputTokens + more.cachedInputTokens,
    costUsd: into.costUsd === null || more.costUsd === null ? null : into.costUsd + more.costUsd,
    pricedCostUsd: into.pricedCostUsd + more.pricedCostUsd,
    unpricedCalls: into.unpricedCalls + more.unpricedCalls,
    modelCalls: into.modelCalls + more.modelCalls,
  };
}

function node(row: RunSpanRecord): SpanNode {
  return {
    spanId: row.spanId,
    parentSpanId: row.parentSpanId,
    kind: row.kind,
    name: row.name,
    source: row.source,
    agentId: row.agentId,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    durationMillis: row.durationMillis,
    attempts: row.attempts,
    error: row.error,
    provider: row.provider,
    model: row.model,
    chainIndex: row.chainIndex,
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    cachedInputTokens: row.cachedInputTokens,
    costUsd: row.costUsd,
    edge: row.edge,
    edgePath: row.edgePath,
    details: row.details,
    totals: ownTotals(row),
    children: [],
  };
}

/**
 * Nests the rows under their parents (children in the order given, i.e.
 * the order they started) and rolls totals up. Returns the roots: normally
 * the one RUN span; a span whose parent is missing is kept as a root rather
 * than dropped.
 */
export function buildSpanTree(rows: readonly RunSpanRecord[]): SpanNode[] {
  const nodes = new Map<string, SpanNode>();
  for (const row of rows) nodes.set(row.spanId, node(row));
  const roots: SpanNode[] = [];
  for (const current of nodes.values()) {
    const parent = current.parentSpanId === null ? undefined : nodes.get(current.parentSpanId);
    if (parent && parent !== current) parent.children.push(current);
    else roots.push(current);
  }
  // Post-order without recursion: a deep handoff chain must not overflow the stack.
  const order: SpanNode[] = [];
  const stack = [...roots];
  while (stack.length > 0) {
    const next = stack.pop() as SpanNode;
    order.push(next);
    stack.push(...next.children);
  }
  for (let index = order.length - 1; index >= 0; index -= 1) {
    const current = order[index] as SpanNode;
    for (const child of current.children) current.totals = addTotals(current.totals, child.totals);
  }
  return roots;
}
