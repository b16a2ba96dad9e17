/**
 * The roles of a workspace member, least to most powerful: viewer (reads
 * graphs, traces and costs) < editor (edits graphs and tools, starts runs)
 * < owner (members, providers, keys, prices).
 */

/** Roles from least to most powerful. */
export const WORKSPACE_ROLE_VALUES = ["viewer", "editor", "owner"] as const;

/** A member's role. */
export type WorkspaceRoleValue = (typeof WORKSPACE_ROLE_VALUES)[number];

/** What each role may do, in a few words (forms show it next to the choice). */
export const ROLE_SUMMARIES: Record<WorkspaceRoleValue, string> = {
  viewer: "Reads graphs, traces and costs; cannot run.",
  editor: "Edits graphs and tools and starts runs.",
  owner: "Everything, plus members, providers, keys and prices.",
};

/** True when `actual` is at least `needed`. */
export function roleAtLeast(actual: WorkspaceRoleValue, needed: WorkspaceRoleValue): boolean {
  return WORKSPACE_ROLE_VALUES.indexOf(actual) >= WORKSPACE_ROLE_VALUES.indexOf(needed);
}

/** The more powerful of two roles. */
export function higherRole(a: WorkspaceRoleValue, b: WorkspaceRoleValue): WorkspaceRoleValue {
  return roleAtLeast(a, b) ? a : b;
}

/** "a viewer", "an editor", "an owner". */
export function withArticle(role: WorkspaceRoleValue): string {
  return `${role === "viewer" ? "a" : "an"} ${role}`;
}
