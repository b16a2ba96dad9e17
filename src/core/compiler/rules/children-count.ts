import type { GraphAnalysis } from "../analysis";
import type { Diagnostic } from "../../diagnostics/diagnostic-schema";
import { diagnostic, q } from "../../diagnostics/diagnostics";

/**
 * More handoff edges than `maxChildrenPerAgent` is allowed: the runtime bounds
 * how many children are *active* at once (seed 003), not how many are drawn.
 * An info, so the author knows calls past the limit will be refused while busy.
 */
export function checkChildrenCount(analysis: GraphAnalysis): Diagnostic[] {
  const limit = analysis.index.document.settings.maxChildrenPerAgent;
  const counts = new Map<string, string[]>();
  for (const { edge, parent } of analysis.compiled) {
    const list = counts.get(parent.id);
    if (list) list.push(edge.id);
    else counts.set(parent.id, [edge.id]);
  }
  return [...counts]
    .filter(([, edges]) => edges.length > limit)
    .map(([parentId, edges]) =>
      diagnostic(
        "children_exceed_active_limit",
        `${q(parentId)} has ${edges.length} handoff edges but settings.maxChildrenPerAgent is ${limit}; at most ${limit} children run at once per session, further handoffs are refused until one finishes`,
        { nodeIds: [parentId], edgeIds: edges },
      ),
    );
}
