import type { Diagnostic } from "../../diagnostics/diagnostic-schema";
import { diagnostic, q } from "../../diagnostics/diagnostics";
import { agentLabel, type GraphIndex } from "../graph-index";

/**
 * Each edge must join two agents of the graph, must not point at a `primary`
 * agent, and may only point at its own parent as a general-purpose clone.
 */
export function checkEdgeEndpoints(index: GraphIndex): Diagnostic[] {
  const result: Diagnostic[] = [];
  index.document.handoffs.forEach((edge, i) => {
    const at = { edgeIds: [edge.id] };
    for (const end of ["from", "to"] as const) {
      if (!index.agents.has(edge[end])) {
        const role = end === "from" ? "starts at" : "points to";
        result.push(
          diagnostic(
            "edge_unknown_agent",
            `handoff edge ${q(edge.id)} ${role} ${q(edge[end])}, which is not an agent of this graph`,
            { ...at, path: `handoffs.${i}.${end}` },
          ),
        );
      }
    }
    if (!index.agents.has(edge.from) || !index.agents.has(edge.to)) return;
    const self = edge.from === edge.to;
    if (self && !edge.generalPurpose) {
      result.push(
        diagnostic(
          "self_handoff",
          `handoff edge ${q(edge.id)} makes ${agentLabel(index, edge.from)} delegate to itself (${edge.from} → ${edge.from}), which is a cycle; set generalPurpose: true if you mean a general-purpose clone of it`,
          { ...at, nodeIds: [edge.from] },
        ),
      );
    }
    if (!self && edge.generalPurpose) {
      result.push(
        diagnostic(
          "general_purpose_not_self",
          `handoff edge ${q(edge.id)} has generalPurpose: true but joins two different agents; the flag only means something on a self-handoff and is ignored here`,
          at,
        ),
      );
    }
    // A general-purpose clone is a copy of its parent, not a delegation to the primary agent itself.
    const child = index.agents.get(edge.to)!;
    if (child.mode === "primary" && !(self && edge.generalPurpose)) {
      result.push(
        diagnostic(
          "edge_to_primary",
          `handoff edge ${q(edge.id)} delegates to ${agentLabel(index, child.id)}, whose mode is "primary" (it cannot be delegated to); remove the edge or set its mode to "all" or "subagent"`,
          {
            ...at,
            nodeIds: [edge.from, child.id],
          },
        ),
      );
    }
  });
  return result;
}
