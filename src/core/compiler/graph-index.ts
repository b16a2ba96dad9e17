import type { AgentNode, GraphDocument, HandoffEdge, ToolRef } from "../graph/schema";

/**
 * Lookups over a parsed document. Maps, never plain objects, because agent ids
 * such as `constructor` or `toString` are valid and must not hit a prototype.
 * Duplicated ids keep their first occurrence (duplicates are reported as errors).
 */
export interface GraphIndex {
  document: GraphDocument;
  agents: ReadonlyMap<string, AgentNode>;
  /** Edges whose two ends are agents of the graph, in document order. */
  edges: readonly HandoffEdge[];
  /** `edges` grouped by parent id, in document order. */
  outgoing: ReadonlyMap<string, readonly HandoffEdge[]>;
  /** Tools the document declares (`doc.tools`), by name. */
  toolRefs: ReadonlyMap<string, ToolRef>;
}

/** Builds the lookups the rules share. */
export function indexGraph(document: GraphDocument): GraphIndex {
  const agents = new Map<string, AgentNode>();
  for (const agent of document.agents) if (!agents.has(agent.id)) agents.set(agent.id, agent);
  const edges = document.handoffs.filter((e) => agents.has(e.from) && agents.has(e.to));
  const outgoing = new Map<string, HandoffEdge[]>();
  for (const edge of edges) {
    const list = outgoing.get(edge.from);
    if (list) list.push(edge);
    else outgoing.set(edge.from, [edge]);
  }
  const toolRefs = new Map<string, ToolRef>();
  for (const tool of document.tools) if (!toolRefs.has(tool.name)) toolRefs.set(tool.name, tool);
  return { document, agents, edges, outgoing, toolRefs };
}

/** `"web"` or, when the display name differs, `"web" (Web researcher)`: messages name agents the way people see them. */
export function agentLabel(index: GraphIndex, id: string): string {
  const agent = index.agents.get(id);
  return agent && agent.name !== id ? `${JSON.stringify(id)} (${agent.name})` : JSON.stringify(id);
}
