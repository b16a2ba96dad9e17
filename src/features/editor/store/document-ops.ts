import {
  agentNodeSchema,
  handoffEdgeSchema,
  type AgentNode,
  type GraphDocument,
  type HandoffEdge,
} from "@/core/graph/schema";

/**
 * Pure edits of a graph document. Each returns a new, schema-valid document
 * (structural sharing: untouched agents and edges keep their identity, which
 * the canvas relies on to re-render only what changed).
 */

export interface XY {
  x: number;
  y: number;
}

const ID_LIMIT = 64;

/** A readable id from a name: `Web researcher` → `web-researcher`. */
export function slugId(name: string, fallback = "agent"): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, ID_LIMIT - 4);
  return slug || fallback;
}

/** `base`, else `base-2`, `base-3`… — the first not in `taken`. */
export function uniqueId(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base.slice(0, ID_LIMIT - String(n).length - 1)}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** `name`, else `name 2`, `name 3`… — the first not in `taken`. */
export function uniqueName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  const base = name.replace(/ \d+$/, "");
  for (let n = 2; ; n++) {
    const candidate = `${base} ${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

const agentIds = (doc: GraphDocument) => new Set(doc.agents.map((agent) => agent.id));
const edgeIds = (doc: GraphDocument) => new Set(doc.handoffs.map((edge) => edge.id));
const agentNames = (doc: GraphDocument) => new Set(doc.agents.map((agent) => agent.name));

const round = (value: number) => Math.round(value);

/** A new agent with every default filled in, named uniquely in the document. */
export function newAgent(doc: GraphDocument, position: XY, overrides: Partial<AgentNode> = {}): AgentNode {
  const name = uniqueName(overrides.name ?? "Agent", agentNames(doc));
  const id = uniqueId(slugId(name), agentIds(doc));
  return agentNodeSchema.parse({
    ...overrides,
    id,
    name,
    position: { x: round(position.x), y: round(position.y) },
  });
}

/** A new handoff edge `from → to` with every default filled in. */
export function newHandoff(doc: GraphDocument, from: string, to: string): HandoffEdge {
  const id = uniqueId(slugId(`${from}-to-${to}`, "handoff"), edgeIds(doc));
  return handoffEdgeSchema.parse({ id, from, to });
}

export function addAgent(doc: GraphDocument, agent: AgentNode): GraphDocument {
  return { ...doc, agents: [...doc.agents, agent] };
}

/** Adds a child of `parentId` at `position`, with the handoff edge to it. */
export function addChild(
  doc: GraphDocument,
  parentId: string,
  position: XY,
): { document: GraphDocument; agent: AgentNode; edge: HandoffEdge } {
  const agent = newAgent(doc, position, { name: "Sub-agent", description: "" });
  const withAgent = addAgent(doc, agent);
  const edge = newHandoff(withAgent, parentId, agent.id);
  return { document: { ...withAgent, handoffs: [...withAgent.handoffs, edge] }, agent, edge };
}

/** True when a handoff `from → to` already exists. */
export function hasHandoff(doc: GraphDocument, from: string, to: string): boolean {
  return doc.handoffs.some((edge) => edge.from === from && edge.to === to);
}

export function connect(doc: GraphDocument, from: string, to: string): { document: GraphDocument; edge: HandoffEdge } {
  const edge = newHandoff(doc, from, to);
  return { document: { ...doc, handoffs: [...doc.handoffs, edge] }, edge };
}

/** Moves an edge's ends (drag an edge end onto another agent). */
export function reconnect(doc: GraphDocument, edgeId: string, from: string, to: string): GraphDocument {
  return {
    ...doc,
    handoffs: doc.handoffs.map((edge) => (edge.id === edgeId ? { ...edge, from, to } : edge)),
  };
}

/**
 * Removes agents (with every edge touching them) and edges. The root agent
 * is never removed here: the graph would have no main agent.
 */
export function removeElements(
  doc: GraphDocument,
  agentIdsToRemove: Iterable<string>,
  edgeIdsToRemove: Iterable<string>,
): GraphDocument {
  const agents = new Set(agentIdsToRemove);
  agents.delete(doc.rootAgentId);
  const edges = new Set(edgeIdsToRemove);
  if (agents.size === 0 && edges.size === 0) return doc;
  return {
    ...doc,
    agents: agents.size === 0 ? doc.agents : doc.agents.filter((agent) => !agents.has(agent.id)),
    handoffs: doc.handoffs.filter((edge) => !edges.has(edge.id) && !agents.has(edge.from) && !agents.has(edge.to)),
  };
}

/** Sets the positions of some agents (a drag, an auto-layout). */
export function moveAgents(doc: GraphDocument, positions: ReadonlyMap<string, XY>): GraphDocument {
  if (positions.size === 0) return doc;
  return {
    ...doc,
    agents: doc.agents.map((agent) => {
      const position = positions.get(agent.id);
      if (!position) return agent;
      const next = { x: round(position.x), y: round(position.y) };
      return next.x === agent.position.x && next.y === agent.position.y ? agent : { ...agent, position: next };
    }),
  };
}

/** What Ctrl+C holds: some agents and the edges between them. */
export interface Clipboard {
  agents: AgentNode[];
  handoffs: HandoffEdge[];
}

/** The selected agents and the edges among them (edges to unselected agents stay behind). */
export function copySelection(doc: GraphDocument, selectedAgentIds: ReadonlySet<string>): Clipboard | null {
  if (selectedAgentIds.size === 0) return null;
  const agents = doc.agents.filter((agent) => selectedAgentIds.has(agent.id));
  const handoffs = doc.handoffs.filter((edge) => selectedAgentIds.has(edge.from) && selectedAgentIds.has(edge.to));
  return { agents, handoffs };
}

/**
 * Pastes a clipboard with new ids and unique names, shifted by `offset`;
 * edges among the pasted agents follow them. Returns the new ids.
 */
export function pasteClipboard(
  doc: GraphDocument,
  clipboard: Clipboard,
  offset: XY,
): { document: GraphDocument; agentIds: string[]; edgeIds: string[] } {
  const takenIds = agentIds(doc);
  const takenNames = agentNames(doc);
  const idMap = new Map<string, string>();
  const agents = clipboard.agents.map((agent) => {
    const id = uniqueId(agent.id.replace(/-\d+$/, ""), takenIds);
    const name = uniqueName(agent.name, takenNames);
    takenIds.add(id);
    takenNames.add(name);
    idMap.set(agent.id, id);
    return {
      ...agent,
      id,
      name,
      position: { x: round(agent.position.x + offset.x), y: round(agent.position.y + offset.y) },
    };
  });
  const takenEdges = edgeIds(doc);
  const handoffs = clipboard.handoffs.flatMap((edge) => {
    const from = idMap.get(edge.from);
    const to = idMap.get(edge.to);
    if (!from || !to) return [];
    const id = uniqueId(slugId(`${from}-to-${to}`, "handoff"), takenEdges);
    takenEdges.add(id);
    return [{ ...edge, id, from, to }];
  });
  return {
    document: { ...doc, agents: [...doc.agents, ...agents], handoffs: [...doc.handoffs, ...handoffs] },
    agentIds: agents.map((agent) => agent.id),
    edgeIds: handoffs.map((edge) => edge.id),
  };
}
