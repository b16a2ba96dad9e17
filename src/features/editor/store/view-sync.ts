import type { GraphDocument } from "@/core/graph/schema";

import { ESTIMATED_HANDLES, ESTIMATED_NODE } from "./estimated-node";
import type { AgentFlowNode, HandoffFlowEdge } from "./flow-types";

/**
 * React Flow nodes for the document's agents. A node whose agent did not
 * change is reused as is (React Flow then skips it entirely); a changed one
 * keeps what React Flow measured and whether it is selected. O(n).
 *
 * A node React Flow has not measured yet gets an estimated size and handles:
 * with them React Flow can leave it out while it is off screen (otherwise it
 * renders every unmeasured node once, which is most of opening a 500-agent
 * graph) and still draw the edges that reach it. `withoutEstimate` drops the
 * handles once the node is measured, so edges attach where the DOM says.
 */
export function syncNodes(document: GraphDocument, previous: readonly AgentFlowNode[]): AgentFlowNode[] {
  const before = new Map(previous.map((node) => [node.id, node]));
  return document.agents.map((agent) => {
    const node = before.get(agent.id);
    const deletable = agent.id !== document.rootAgentId;
    if (node && node.data.agent === agent && node.deletable === deletable) return node;
    return {
      id: agent.id,
      type: "agent",
      position: agent.position,
      data: { agent },
      ariaLabel: `Agent ${agent.name}`,
      deletable,
      selected: node?.selected ?? false,
      measured: node?.measured,
      ...(node?.measured
        ? {}
        : { initialWidth: ESTIMATED_NODE.width, initialHeight: ESTIMATED_NODE.height, handles: ESTIMATED_HANDLES }),
    };
  });
}

/** React Flow edges for the document's handoffs whose two ends exist. */
export function syncEdges(document: GraphDocument, previous: readonly HandoffFlowEdge[]): HandoffFlowEdge[] {
  const before = new Map(previous.map((edge) => [edge.id, edge]));
  const agentIds = new Set(document.agents.map((agent) => agent.id));
  const edges: HandoffFlowEdge[] = [];
  for (const handoff of document.handoffs) {
    if (!agentIds.has(handoff.from) || !agentIds.has(handoff.to)) continue;
    const edge = before.get(handoff.id);
    if (edge && edge.data?.handoff === handoff) {
      edges.push(edge);
      continue;
    }
    edges.push({
      id: handoff.id,
      type: "handoff",
      source: handoff.from,
      target: handoff.to,
      data: { handoff },
      ariaLabel: `Handoff from ${handoff.from} to ${handoff.to}`,
      selected: edge?.selected ?? false,
    });
  }
  return edges;
}

export function selectedIds<T extends { id: string; selected?: boolean }>(items: readonly T[]): Set<string> {
  const ids = new Set<string>();
  for (const item of items) if (item.selected) ids.add(item.id);
  return ids;
}

/** The node without its estimated handles (React Flow measured the real ones). */
export function withoutEstimate(node: AgentFlowNode): AgentFlowNode {
  if (!node.handles) return node;
  const { handles: _estimated, ...measured } = node;
  return measured;
}
