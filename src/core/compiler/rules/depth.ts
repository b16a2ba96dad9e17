import type { GraphAnalysis } from "../analysis";
import type { Diagnostic } from "../../diagnostics/diagnostic-schema";
import { diagnostic, q } from "../../diagnostics/diagnostics";
import { agentLabel } from "../graph-index";

/**
 * An edge whose child would sit deeper than its parent may delegate is a
 * warning on that edge: leaves get no handoff tools, so it is left out.
 */
export function checkDepth(analysis: GraphAnalysis): Diagnostic[] {
  return analysis.exceeded.map(({ edge, childDepth, limit }) =>
    diagnostic(
      "edge_exceeds_max_depth",
      `handoff edge ${q(edge.id)} (${edge.from} → ${edge.to}) would put ${agentLabel(analysis.index, edge.to)} at depth ${childDepth}, deeper than the effective max depth ${limit.maxDepth} (${limit.reason}); ${q(edge.from)} is a leaf for this edge, so it is not compiled — raise the limit or remove the edge`,
      { edgeIds: [edge.id], nodeIds: [edge.from, edge.to] },
    ),
  );
}
