import type { RunSpanFacts } from "./run-spans";

/** Status of an agent or handoff on the canvas: a span status, or `idle` when it did not run. */
export type CanvasStatus = string;

/** Model calls made on one model by one agent. */
export interface ModelUse {
  model: string;
  calls: number;
}

/** What one agent did in the run, summed over all its sessions and model calls. */
export interface AgentRunStats {
  agentId: string;
  /** `idle` (never started), `running`, or the status its latest session ended with. */
  status: CanvasStatus;
  /** Agent sessions (activations) in the run. */
  sessions: number;
  /** Time its sessions took, summed (null while none has ended). */
  durationMillis: number | null;
  /** Model attempts (every retry and fallback hop counts). */
  modelCalls: number;
  /** Attempts that were a retry (attempt > 1). */
  retries: number;
  /** Attempts on a fallback model (chain position > 0). */
  fallbackCalls: number;
  /** Attempts that failed (an error status). */
  failedCalls: number;
  inputTokens: number;
  outputTokens: number;
  /** USD of its own model calls; null as soon as one call has usage but no price. */
  costUsd: number | null;
  pricedCostUsd: number;
  unpricedCalls: number;
  /** Share of the run's priced cost, 0–1 (0 when nothing was priced). */
  costShare: number;
  /** Models it called, most calls first. */
  models: ModelUse[];
  /** Error of the latest failed session, if any. */
  error: string | null;
}

/** What happened on one handoff edge of the document. */
export interface EdgeRunStats {
  /** The document's handoff id. */
  handoffId: string;
  /** `idle` (never used), `running`, or the most telling status of its handoffs (a failure before a success). */
  status: CanvasStatus;
  handoffs: number;
  /** Handoffs per status, e.g. `{completed: 2, denied: 1}`. */
  byStatus: Record<string, number>;
  /** USD of everything below its handoffs (null = a call there has no price). */
  costUsd: number | null;
  pricedCostUsd: number;
  /** Error of the latest handoff that did not succeed. */
  error: string | null;
}

export interface RunGraphStats {
  agents: Map<string, AgentRunStats>;
  edges: Map<string, EdgeRunStats>;
  /** The agent whose own model calls cost the most (priced part), null when no call was priced. */
  topAgentId: string | null;
  totalPricedCostUsd: number;
}

/** The document's parts the stats need (any graph document fits). */
export interface GraphShape {
  agents: readonly { id: string }[];
  handoffs: readonly { id: string; from: string; to: string }[];
}

const FAILED = new Set(["failed", "denied", "forbidden", "timeout", "budget_exceeded", "max_steps"]);
/** Which status of several handoffs on one edge the edge shows: the most severe. */
const SEVERITY: Record<string, number> = {
  failed: 9,
  forbidden: 8,
  denied: 8,
  timeout: 7,
  budget_exceeded: 7,
  max_steps: 7,
  fallback: 5,
  promoted: 4,
  cancelled: 3,
  completed: 2,
  accepted: 2,
};

function emptyAgent(agentId: string): AgentRunStats {
  return {
    agentId,
    status: "idle",
    sessions: 0,
    durationMillis: null,
    modelCalls: 0,
    retries: 0,
    fallbackCalls: 0,
    failedCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    pricedCostUsd: 0,
    unpricedCalls: 0,
    costShare: 0,
    models: [],
    error: null,
  };
}

/**
 * Per-agent and per-handoff-edge figures of a run over its graph document:
 * status, time, model calls (retries and fallback hops), tokens and cost. An
 * agent's cost is its own model calls (as `runs.rollups` counts per agent); an
 * edge's is everything below its handoffs. Pure, O(spans).
 */
export function runGraphStats(document: GraphShape, spans: readonly RunSpanFacts[]): RunGraphStats {
  const agents = new Map<string, AgentRunStats>(document.agents.map((agent) => [agent.id, emptyAgent(agent.id)]));
  const latestSession = new Map<string, number>();
  const models = new Map<string, Map<string, number>>();
  let totalPricedCostUsd = 0;

  for (const span of spans) {
    if (!span.agentId) continue;
    if (span.kind === "AGENT") {
      const stats = agents.get(span.agentId);
      if (!stats) continue;
      stats.sessions += 1;
      if (span.durationMillis !== null) stats.durationMillis = (stats.durationMillis ?? 0) + span.durationMillis;
      if (span.status === "running") stats.status = "running";
      else if (stats.status !== "running" && span.startedAt >= (latestSession.get(span.agentId) ?? -Infinity)) {
        latestSession.set(span.agentId, span.startedAt);
        stats.status = span.status;
      }
      if (FAILED.has(span.status) && span.error) stats.error = span.error;
    } else if (span.kind === "MODEL_CALL") {
      const stats = agents.get(span.agentId);
      if (!stats || span.status === "running") continue;
      stats.modelCalls += 1;
      if ((span.attempt ?? 1) > 1) stats.retries += 1;
      if ((span.chainIndex ?? 0) > 0) stats.fallbackCalls += 1;
      if (FAILED.has(span.status)) stats.failedCalls += 1;
      if (span.inputTokens !== null) {
        stats.inputTokens += span.inputTokens;
        stats.outputTokens += span.outputTokens ?? 0;
        if (span.costUsd === null) stats.unpricedCalls += 1;
      }
      stats.pricedCostUsd += span.costUsd ?? 0;
      totalPricedCostUsd += span.costUsd ?? 0;
      if (span.model) {
        const byModel = models.get(span.agentId) ?? new Map<string, number>();
        byModel.set(span.model, (byModel.get(span.model) ?? 0) + 1);
        models.set(span.agentId, byModel);
      }
    }
  }

  let topAgentId: string | null = null;
  for (const stats of agents.values()) {
    stats.costUsd = stats.unpricedCalls > 0 ? null : stats.pricedCostUsd;
    stats.costShare = totalPricedCostUsd > 0 ? stats.pricedCostUsd / totalPricedCostUsd : 0;
    stats.models = [...(models.get(stats.agentId) ?? new Map<string, number>())]
      .map(([model, calls]) => ({ model, calls }))
      .sort((a, b) => b.calls - a.calls || a.model.localeCompare(b.model));
    if (stats.pricedCostUsd > 0 && (topAgentId === null || stats.pricedCostUsd > agents.get(topAgentId)!.pricedCostUsd))
      topAgentId = stats.agentId;
  }

  return { agents, edges: edgeStats(document, spans), topAgentId, totalPricedCostUsd };
}

function edgeStats(document: GraphShape, spans: readonly RunSpanFacts[]): Map<string, EdgeRunStats> {
  const edges = new Map<string, EdgeRunStats>();
  const byEnds = new Map<string, string>();
  for (const handoff of document.handoffs) {
    edges.set(handoff.id, {
      handoffId: handoff.id,
      status: "idle",
      handoffs: 0,
      byStatus: {},
      costUsd: 0,
      pricedCostUsd: 0,
      error: null,
    });
    const key = `${handoff.from}\u0000${handoff.to}`;
    if (!byEnds.has(key)) byEnds.set(key, handoff.id);
  }
  let unpriced = new Set<string>();
  for (const span of spans) {
    if (span.kind !== "HANDOFF" || !span.parentAgentId || !span.childAgentId) continue;
    const id = byEnds.get(`${span.parentAgentId}\u0000${span.childAgentId}`);
    const stats = id === undefined ? undefined : edges.get(id);
    if (!stats) continue;
    stats.handoffs += 1;
    stats.byStatus[span.status] = (stats.byStatus[span.status] ?? 0) + 1;
    if (span.status === "running") stats.status = "running";
    else if (stats.status !== "running" && (SEVERITY[span.status] ?? 1) >= (SEVERITY[stats.status] ?? 0))
      stats.status = span.status;
    if (span.status !== "completed" && span.status !== "accepted" && span.error) stats.error = span.error;
    stats.pricedCostUsd += span.subtreePricedCostUsd;
    if (span.subtreeCostUsd === null) unpriced = unpriced.add(stats.handoffId);
  }
  for (const stats of edges.values()) stats.costUsd = unpriced.has(stats.handoffId) ? null : stats.pricedCostUsd;
  return edges;
}
