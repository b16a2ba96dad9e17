/**
 * Targets from the benchmark issue. Peer figures were measured beforehand (on
 * another machine) with zero-latency fakes; they are shown next to ours for
 * orientation. Our goals are checked against the peers measured in the same run.
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
