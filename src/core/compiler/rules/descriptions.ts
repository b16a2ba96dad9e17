import type { GraphAnalysis } from "../analysis";
import type { Diagnostic } from "../../diagnostics/diagnostic-schema";
import { diagnostic, q } from "../../diagnostics/diagnostics";
import { agentLabel } from "../graph-index";

/**
 * The description is what a parent model reads to decide whether to delegate
 * (seed 002: "description 要写好"), so every compiled handoff needs one: the
 * edge's override, else the child's own. Whitespace does not count.
 */
export function checkDescriptions(analysis: GraphAnalysis): Diagnostic[] {
  return analysis.compiled
    .filter(({ edge, child }) => !edge.description?.trim() && !child.description.trim())
    .map(({ edge, parent, child }) =>
      diagnostic(
        "empty_child_description",
        `${agentLabel(analysis.index, child.id)} has no description, and edge ${q(edge.id)} from ${q(parent.id)} gives none; the parent model reads it to decide when to delegate — describe what the agent does and when to use it`,
        { nodeIds: [child.id], edgeIds: [edge.id] },
      ),
    );
}
