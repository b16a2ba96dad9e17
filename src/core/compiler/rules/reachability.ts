import type { GraphAnalysis } from "../analysis";
import type { Diagnostic } from "../../diagnostics/diagnostic-schema";
import { diagnostic } from "../../diagnostics/diagnostics";
import { agentLabel } from "../graph-index";
import { reachableIgnoringDepth } from "../graph-walk";

/** Agents no compiled handoff path reaches are warned about and left out of the definition. */
export function checkReachability(analysis: GraphAnalysis): Diagnostic[] {
  const { index, rootId, depth } = analysis;
  if (rootId === null) return [];
  const unreachable = [...index.agents.keys()].filter((id) => !depth.has(id));
  if (unreachable.length === 0) return [];
  const drawn = reachableIgnoringDepth(index, rootId);
  return unreachable.map((id) => {
    const why = drawn.has(id)
      ? "is only reachable through edges deeper than the max depth"
      : `is not reachable from the root ${JSON.stringify(rootId)} through any handoff edge`;
    return diagnostic(
      "unreachable_agent",
      `agent ${agentLabel(index, id)} ${why}; it is left out of the compiled definition`,
      { nodeIds: [id] },
    );
  });
}
