import type { TraceState } from "@/core/trace";
import type { RouterOutputs } from "@/trpc/react";

/** One span of `runs.get` (a tree: each span holds its children). */
export type RunSpanNode = RouterOutputs["runs"]["get"]["spans"][number];

/**
 * What the run views need of one span, whichever way it arrived: reduced in
 * the browser from the event stream (`TraceState`, live) or read back from
 * the server's span tree (`runs.get`). Flat; times in epoch milliseconds.
 */
export interface RunSpanFacts {
  id: string;
  kind: string;
  /** The agent the span belongs to (model calls: the calling agent; agent sessions: the agent). */
  agentId: string | null;
  status: string;
  startedAt: number;
  durationMillis: number | null;
  error: string | null;
  /** Model calls: attempt number (1 = first try). */
  attempt: number | null;
  /** Model calls: position in the fallback chain (0 = the first model). */
  chainIndex: number | null;
  /** Model calls: `provider/model`. */
  model: string | null;
  /** Model calls: own usage, null when the call returned none (failed or still running). */
  inputTokens: number | null;
  outputTokens: number | null;
  /** Model calls: own USD, null when unknown (no price) or not ended. */
  costUsd: number | null;
  /** Handoffs: the parent agent and the child agent. */
  parentAgentId: string | null;
  childAgentId: string | null;
  /** Handoffs: USD of every call below (null = one of them has no price) and what the priced ones cost. */
  subtreeCostUsd: number | null;
  subtreePricedCostUsd: number;
}

/** Spans of a trace reduced in the browser (`reduceTrace`/`buildTrace`), in start order. */
export function factsFromTrace(trace: TraceState): RunSpanFacts[] {
  const out: RunSpanFacts[] = [];
  for (const span of trace.spans.values()) {
    const base: RunSpanFacts = {
      id: span.id,
      kind: span.kind,
      agentId: span.agentId,
      status: span.status,
      startedAt: span.startedAt,
      durationMillis: span.durationMillis,
      error: span.error,
      attempt: null,
      chainIndex: null,
      model: null,
      inputTokens: null,
      outputTokens: null,
      costUsd: null,
      parentAgentId: null,
      childAgentId: null,
      subtreeCostUsd: span.totals.costUsd,
      subtreePricedCostUsd: span.totals.pricedCostUsd,
    };
    if (span.kind === "MODEL_CALL") {
      base.attempt = span.start.attempt;
      base.chainIndex = span.start.chainIndex;
      base.model = `${span.start.provider}/${span.start.model}`;
      base.inputTokens = span.usage?.inputTokens ?? null;
      base.outputTokens = span.usage?.outputTokens ?? null;
      base.costUsd = span.costUsd;
    } else if (span.kind === "HANDOFF") {
      base.parentAgentId = span.start.parentAgentId;
      base.childAgentId = span.start.subagent;
    }
    out.push(base);
  }
  return out;
}

/** `parentAgentId/tool->subagent` (the server's edge key) → its two agents. */
export function parseEdgeKey(edge: string): { parentAgentId: string; childAgentId: string } | null {
  const slash = edge.indexOf("/");
  const arrow = edge.lastIndexOf("->");
  if (slash <= 0 || arrow <= slash) return null;
  return { parentAgentId: edge.slice(0, slash), childAgentId: edge.slice(arrow + 2) };
}

/** Spans of `runs.get`'s tree, flattened depth first (children in start order). */
export function factsFromSpanTree(roots: readonly RunSpanNode[]): RunSpanFacts[] {
  const out: RunSpanFacts[] = [];
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const span = stack.pop()!;
    const isCall = span.kind === "MODEL_CALL";
    const ends = span.kind === "HANDOFF" && span.edge ? parseEdgeKey(span.edge) : null;
    out.push({
      id: span.spanId,
      kind: span.kind,
      agentId: span.agentId,
      status: span.status,
      startedAt: Date.parse(span.startedAt),
      durationMillis: span.durationMillis,
      error: span.error,
      attempt: isCall ? span.attempts : null,
      chainIndex: isCall ? span.chainIndex : null,
      model: isCall && span.model ? `${span.provider ?? "?"}/${span.model}` : null,
      inputTokens: isCall ? span.inputTokens : null,
      outputTokens: isCall ? span.outputTokens : null,
      costUsd: isCall ? span.costUsd : null,
      parentAgentId: ends?.parentAgentId ?? null,
      childAgentId: ends?.childAgentId ?? null,
      subtreeCostUsd: span.totals.costUsd,
      subtreePricedCostUsd: span.totals.pricedCostUsd,
    });
    for (let index = span.children.length - 1; index >= 0; index -= 1) stack.push(span.children[index]!);
  }
  return out;
}
