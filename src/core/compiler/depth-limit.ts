import type { AgentNode, GraphSettings } from "../graph/schema";

/** How deep an agent's children may sit, and what sets that bound. */
export interface DepthLimit {
  /** Children of this agent may sit at depth <= maxDepth. */
  maxDepth: number;
  /** Human-readable cause, e.g. `settings.maxSpawnDepth is 1`. */
  reason: string;
}

/**
 * The effective max depth for the handoffs of `agent` (the parent): the
 * stricter of the graph's `maxSpawnDepth` and the parent's own handoff policy
 * `maxDepth`. Only the parent's policy counts, because at run time each
 * handoff is admitted by the policy of the agent making it (seed 000 §8.2–8.3);
 * a disabled policy (`enabled: false`) skips admission, so its maxDepth does
 * not apply, while `maxSpawnDepth` always does.
 */
export function depthLimitOf(agent: AgentNode, settings: GraphSettings): DepthLimit {
  const spawn = settings.maxSpawnDepth;
  const policy = agent.handoffPolicy.enabled ? agent.handoffPolicy.maxDepth : Number.POSITIVE_INFINITY;
  const spawnReason = `settings.maxSpawnDepth is ${spawn}`;
  const policyReason = `the handoff policy of ${JSON.stringify(agent.id)} has maxDepth ${policy}`;
  if (policy < spawn) return { maxDepth: policy, reason: policyReason };
  if (policy === spawn) return { maxDepth: spawn, reason: `${spawnReason} and ${policyReason}` };
  return { maxDepth: spawn, reason: spawnReason };
}
