/**
 * The cookie that remembers which workspace this browser works in. The
 * header's switcher (and accepting an invite) sets it; every tRPC request
 * sends it, and the server acts in that workspace when the user is still a
 * member of it (src/server/api/access.ts).
 */

/** The cookie's name. */
export const WORKSPACE_COOKIE = "ags_workspace";

/** A year: the choice should outlive a browser restart. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The `document.cookie` assignment that selects `workspaceId`. */
export function workspaceCookie(workspaceId: string): string {
  return `${WORKSPACE_COOKIE}=${encodeURIComponent(workspaceId)}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax`;
}

/** Selects `workspaceId` for this browser's next requests (browser only). */
export function selectWorkspaceInBrowser(workspaceId: string): void {
  document.cookie = workspaceCookie(workspaceId);
}

/** Forgets the choice (after leaving that workspace): the server then picks the oldest membership. */
export function clearWorkspaceInBrowser(): void {
  document.cookie = `${WORKSPACE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
