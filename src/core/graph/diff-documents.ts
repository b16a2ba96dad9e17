/**
 * What changed between two graph documents, for the versions drawer: per
 * agent and per handoff edge (matched by id) added, removed or changed with
 * the changed fields, plus the graph settings and the other graph-level
 * fields. Pure; both documents are parsed (defaults filled), so a default
 * written out in one and omitted in the other is no change.
 *
 * Canvas layout is not a change of behaviour: agent `position`s and the
 * saved viewport (`ui`) never appear among the field changes. Moved agents
 * are listed apart in `layout.movedAgentIds`, so a reader can still tell a
 * layout-only difference from no difference at all.
 */
import type { AgentNode, GraphDocument, HandoffEdge } from "./schema";

export type ChangeKind = "added" | "removed" | "changed";

/** One changed value: `path` is relative to its item (`modelChain[0].model`, `execution.mode`). */
export interface FieldChange {
  path: string;
  /** The old value; null when the field did not exist. */
  before: unknown;
  /** The new value; null when the field no longer exists. */
  after: unknown;
}

/** An agent or edge that was added, removed or changed. */
export interface ItemDiff {
  id: string;
  /** The agent's name, or the edge's label / tool name / "from → to" (of the newer side). */
  name: string;
  change: ChangeKind;
  /** The changed fields; empty for added and removed items. */
  fields: FieldChange[];
}

export interface DocumentDiff {
  agents: ItemDiff[];
  edges: ItemDiff[];
  /** Changes under `settings` (paths relative to it, e.g. `budgets.maxSteps`). */
  settings: FieldChange[];
  /** Other graph-level fields: name, description, rootAgentId, tools, schemaVersion. */
  graph: FieldChange[];
  /** Layout only (no behaviour): agents whose canvas position changed, and whether the viewport did. */
  layout: { movedAgentIds: string[]; viewportChanged: boolean };
}

/** True when the diff holds no change of behaviour (layout changes do not count). */
export function isEmptyDiff(diff: DocumentDiff): boolean {
  return diff.agents.length === 0 && diff.edges.length === 0 && diff.settings.length === 0 && diff.graph.length === 0;
}

/** Compares `before` with `after`. Items keep the order of `after`, removed ones last. */
export function diffDocuments(before: GraphDocument, after: GraphDocument): DocumentDiff {
  const agents = diffItems(before.agents, after.agents, agentName, ["position"]);
  const edges = diffItems(before.handoffs, after.handoffs, edgeName, []);
  const settings = diffValues(before.settings, after.settings, "");
  const graph = diffValues(graphFields(before), graphFields(after), "");
  const beforeAgents = new Map(before.agents.map((agent) => [agent.id, agent]));
  const movedAgentIds = after.agents
    .filter((agent) => {
      const old = beforeAgents.get(agent.id);
      return old !== undefined && (old.position.x !== agent.position.x || old.position.y !== agent.position.y);
    })
    .map((agent) => agent.id);
  const viewportChanged = diffValues(before.ui ?? null, after.ui ?? null, "").length > 0;
  return { agents, edges, settings, graph, layout: { movedAgentIds, viewportChanged } };
}

function agentName(agent: AgentNode): string {
  return agent.name;
}

function edgeName(edge: HandoffEdge): string {
  return edge.label || edge.toolName || `${edge.from} → ${edge.to}`;
}

/** The graph-level fields compared under `graph`; tools keyed by name so reordering is no change. */
function graphFields(document: GraphDocument): Record<string, unknown> {
  return {
    schemaVersion: document.schemaVersion,
    name: document.name,
    description: document.description,
    rootAgentId: document.rootAgentId,
    tools: Object.fromEntries(document.tools.map((tool) => [tool.name, tool])),
  };
}

function diffItems<T extends { id: string }>(
  before: readonly T[],
  after: readonly T[],
  nameOf: (item: T) => string,
  ignoredKeys: readonly string[],
): ItemDiff[] {
  const old = new Map(before.map((item) => [item.id, item]));
  const seen = new Set<string>();
  const result: ItemDiff[] = [];
  for (const item of after) {
    seen.add(item.id);
    const previous = old.get(item.id);
    if (previous === undefined) {
      result.push({ id: item.id, name: nameOf(item), change: "added", fields: [] });
      continue;
    }
    const fields = diffValues(omit(previous, ignoredKeys), omit(item, ignoredKeys), "");
    if (fields.length > 0) result.push({ id: item.id, name: nameOf(item), change: "changed", fields });
  }
  for (const item of before)
    if (!seen.has(item.id)) result.push({ id: item.id, name: nameOf(item), change: "removed", fields: [] });
  return result;
}

function omit(item: object, keys: readonly string[]): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...(item as Record<string, unknown>) };
  for (const key of keys) delete copy[key];
  return copy;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isObjectArray(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.some(isPlainObject);
}

function join(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

/**
 * Field-level differences of two JSON values. Objects recurse by key; arrays
 * of objects (model chains, redact rules) recurse by index; other arrays
 * (tool lists) and scalars are compared whole.
 */
function diffValues(before: unknown, after: unknown, path: string): FieldChange[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => diffValues(before[key], after[key], join(path, key)));
  }
  if ((isObjectArray(before) || isObjectArray(after)) && Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    const changes: FieldChange[] = [];
    for (let i = 0; i < length; i++) changes.push(...diffValues(before[i], after[i], `${path}[${i}]`));
    return changes;
  }
  if (sameJson(before, after)) return [];
  return [{ path, before: before ?? null, after: after ?? null }];
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
