import type { HandoffPolicy } from "../../graph/schema";

/** Outcome of the admission checks for one handoff call. */
export type AdmissionDecision =
  | { type: "admitted" }
  /** Policy said no (seed 000 §8.3): `onDenied` applies. */
  | { type: "denied"; reason: string }
  /** A runtime limit (seed 003 §19.4): no fallback, status `forbidden`. */
  | { type: "forbidden"; reason: string };

/**
 * Policy admission, in the seed's order: allowedTools, deniedTools, maxDepth —
 * all by tool name (not agent name). Skipped entirely when the policy is disabled.
 */
export function checkPolicyAdmission(policy: HandoffPolicy, toolName: string, depth: number): AdmissionDecision {
  if (!policy.enabled) return { type: "admitted" };
  if (policy.allowedTools !== null && !policy.allowedTools.includes(toolName)) {
    return { type: "denied", reason: "tool is not in allowedTools" };
  }
  if (policy.deniedTools !== null && policy.deniedTools.includes(toolName)) {
    return { type: "denied", reason: "tool is in deniedTools" };
  }
  if (depth > policy.maxDepth) {
    return { type: "denied", reason: `handoff depth ${depth} exceeds maxDepth ${policy.maxDepth}` };
  }
  return { type: "admitted" };
}

/**
 * Graph-wide limits that apply even when the policy is disabled: the spawn
 * depth (`maxSpawnDepth`) and the number of active children of the calling session.
 */
export function checkSpawnLimits(input: {
  depth: number;
  maxSpawnDepth: number;
  activeChildren: number;
  maxChildrenPerAgent: number;
}): AdmissionDecision {
  const callerDepth = input.depth - 1;
  if (input.depth > input.maxSpawnDepth) {
    return {
      type: "forbidden",
      reason: `handoff is not allowed at this depth (current depth: ${callerDepth}, max: ${input.maxSpawnDepth})`,
    };
  }
  if (input.activeChildren >= input.maxChildrenPerAgent) {
    return {
      type: "forbidden",
      reason: `max active children reached for this session (${input.activeChildren}/${input.maxChildrenPerAgent})`,
    };
  }
  return { type: "admitted" };
}
