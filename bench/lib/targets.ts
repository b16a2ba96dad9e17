/**
 * Targets from the benchmark issue. The peer figures are fixed anchors,
 * measured beforehand (on another machine) with zero-latency fakes. A relative
 * goal is checked against both the anchors and the peers measured in the same
 * run (see verdicts.ts): on a busy machine the peers run slow too, which alone
 * would make "ours ≤ 0.2 × best peer" easier to meet.
 */
import type { RuntimeId } from "../runtimes/types";

export interface PeerReference {
  stepUs: number;
  handoffUs: number;
  ratio1000: number;
  peakRssMb1000: number;
}

export const PEER_REFERENCE: Partial<Record<RuntimeId, PeerReference>> = {
  "openai-agents": { stepUs: 340, handoffUs: 750, ratio1000: 13, peakRssMb1000: 360 },
  langgraph: { stepUs: 1100, handoffUs: 3600, ratio1000: 60, peakRssMb1000: 860 },
  mastra: { stepUs: 2300, handoffUs: 10_500, ratio1000: 165, peakRssMb1000: 2600 },
};

export const OUR_GOALS = {
  /** Ours per step and per handoff at most this fraction of the best peer (full event stream on). */
  overheadVsBestPeer: 0.2,
  ratioAt1000: 2.0,
  ratioAt100: 1.05,
  peakRssMbAt1000: 300,
  compile500Ms: 50,
};

/** The anchor budget per step or handoff: the goal fraction of the fastest peer's anchor figure. */
export function anchorBudgetUs(unit: "step" | "handoff"): { us: number; basis: string } {
  const field = unit === "step" ? "stepUs" : "handoffUs";
  let best: [string, number] | null = null;
  for (const [id, ref] of Object.entries(PEER_REFERENCE))
    if (ref && (!best || ref[field] < best[1])) best = [id, ref[field]];
  if (!best) throw new Error("targets.ts has no peer reference figures");
  return {
    us: OUR_GOALS.overheadVsBestPeer * best[1],
    basis: `${OUR_GOALS.overheadVsBestPeer} × ${best[0]} anchor ${best[1]} µs`,
  };
}
