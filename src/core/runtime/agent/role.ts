import type { AgentRole } from "../../compiler/definition";

/**
 * Role of an agent session from the depth it actually runs at (seed 003
 * §19.5): main at 0, orchestrator below `maxSpawnDepth`, leaf otherwise. The
 * runtime uses the branch depth, not the compiler's shortest depth, so a
 * general-purpose clone or an agent reached by a longer path is never more
 * capable than its position allows.
 */
export function roleForDepth(depth: number, maxSpawnDepth: number): AgentRole {
  if (depth <= 0) return "main";
  return depth < maxSpawnDepth ? "orchestrator" : "leaf";
}
