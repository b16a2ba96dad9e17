import type { Diagnostic } from "../../diagnostics/diagnostic-schema";
import { diagnostic, q } from "../../diagnostics/diagnostics";
import type { GraphIndex } from "../graph-index";

/** Agent ids and edge ids must be unique; each duplicated id is reported once, with every position. */
export function checkDuplicateIds(index: GraphIndex): Diagnostic[] {
  const { agents, handoffs } = index.document;
  const result: Diagnostic[] = [];
  for (const [id, positions] of duplicates(agents.map((a) => a.id))) {
    result.push(
      diagnostic(
        "duplicate_agent_id",
        `duplicate agent id ${q(id)} (agents ${positions.join(", ")}); every agent needs its own id — rename all but one`,
        {
          nodeIds: [id],
          path: `agents.${positions[1]}.id`,
        },
      ),
    );
  }
  for (const [id, positions] of duplicates(handoffs.map((e) => e.id))) {
    result.push(
      diagnostic(
        "duplicate_edge_id",
        `duplicate handoff edge id ${q(id)} (handoffs ${positions.join(", ")}); every edge needs its own id — rename all but one`,
        {
          edgeIds: [id],
          path: `handoffs.${positions[1]}.id`,
        },
      ),
    );
  }
  return result;
}

/** Ids that occur more than once, with their array positions, in order of first occurrence. */
function duplicates(ids: readonly string[]): [string, number[]][] {
  const positions = new Map<string, number[]>();
  ids.forEach((id, i) => {
    const list = positions.get(id);
    if (list) list.push(i);
    else positions.set(id, [i]);
  });
  return [...positions].filter(([, list]) => list.length > 1);
}
