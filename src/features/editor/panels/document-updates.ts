import type { AgentNode, GraphDocument, GraphSettings, HandoffEdge } from "@/core/graph/schema";

/**
 * Immutable updates of a graph document, one per kind of thing a side panel
 * edits. They never validate: the panels validate each form with the core's
 * schemas first and only call these with values that passed.
 */

/**
 * Keys whose value is `undefined` are removed, at any depth of plain objects,
 * so an emptied optional field (a budget, a sampling parameter) leaves the JSON.
 */
export function withoutUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutUndefined) as T;
  if (value === null || typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, withoutUndefined(v)]),
  ) as T;
}

/** The document with agent `id` patched; the same document when no agent has that id. */
export function updateAgent(document: GraphDocument, id: string, patch: Partial<AgentNode>): GraphDocument {
  const index = document.agents.findIndex((agent) => agent.id === id);
  if (index === -1) return document;
  const agents = document.agents.slice();
  agents[index] = withoutUndefined({ ...agents[index], ...patch });
  return { ...document, agents };
}

/**
 * The document with edge `id` patched. A patch value of `undefined` removes an
 * optional field (`toolName`, `description`, `label`, `modelChain`).
 */
export function updateEdge(document: GraphDocument, id: string, patch: Partial<HandoffEdge>): GraphDocument {
  const index = document.handoffs.findIndex((edge) => edge.id === id);
  if (index === -1) return document;
  const handoffs = document.handoffs.slice();
  handoffs[index] = withoutUndefined({ ...handoffs[index], ...patch });
  return { ...document, handoffs };
}

/** The document with its graph-wide settings patched. */
export function updateSettings(document: GraphDocument, patch: Partial<GraphSettings>): GraphDocument {
  return { ...document, settings: withoutUndefined({ ...document.settings, ...patch }) };
}

/** The document with its name and/or description changed. */
export function updateGraphInfo(
  document: GraphDocument,
  patch: Partial<Pick<GraphDocument, "name" | "description">>,
): GraphDocument {
  return withoutUndefined({ ...document, ...patch });
}

/** Moves item `from` to position `to` (both clamped); a new array. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = items.slice();
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item);
  return next;
}

/** `items` with the element at `index` replaced. */
export function replaceItem<T>(items: readonly T[], index: number, item: T): T[] {
  const next = items.slice();
  next[index] = item;
  return next;
}

/** `items` without the element at `index`. */
export function removeItem<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index);
}

/**
 * A short undo label naming what changed, e.g. "Edit agent name" or
 * "Edit agent temperature, max steps". `names` maps field keys to words.
 */
export function changeLabel(
  subject: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  names: Record<string, string>,
): string {
  const changed = Object.keys(names).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (changed.length === 0) return `Edit ${subject}`;
  return `Edit ${subject} ${changed.map((key) => names[key]).join(", ")}`;
}

/** The document with agent `id` as its main agent (`rootAgentId`); the same document when it is already or has no such agent. */
export function setRootAgent(document: GraphDocument, id: string): GraphDocument {
  if (document.rootAgentId === id || !document.agents.some((agent) => agent.id === id)) return document;
  return { ...document, rootAgentId: id };
}
