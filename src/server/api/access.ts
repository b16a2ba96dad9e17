/**
 * Who may call what: the access rule every procedure declares (its tRPC
 * `meta`), the workspace roles and how a request selects its workspace.
 * Shared by `trpc.ts`, the routers and the tenancy test that enumerates
 * every procedure.
 */
import type { MembershipRole } from "@/generated/prisma/client";

/** A member's role: owner (members, providers, keys) > editor (graphs, runs, tools) > viewer (read only). */
export type WorkspaceRole = MembershipRole;

/** Roles from least to most powerful. */
export const WORKSPACE_ROLES = ["viewer", "editor", "owner"] as const satisfies readonly WorkspaceRole[];

/** Who may call a procedure: anyone, any signed-in user, or members with at least this role. */
export type Access = "public" | "user" | WorkspaceRole;

/** The tRPC `meta` of every procedure. */
export interface ProcedureMeta {
  access: Access;
}

/** The signed-in user, as procedures see them. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/** Request header naming the workspace (its id) a call acts on; wins over the cookie. */
export const WORKSPACE_HEADER = "x-ags-workspace";

/** Cookie holding the workspace id the browser last switched to (set by the header's switcher). */
export { WORKSPACE_COOKIE } from "@/lib/workspace-cookie";
import { WORKSPACE_COOKIE } from "@/lib/workspace-cookie";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The workspace a request selects and where it said so. */
export interface WorkspaceSelection {
  id: string;
  from: "header" | "cookie";
}

/** The workspace a request selects (header, then cookie), or null for "my oldest membership". */
export function selectedWorkspace(headers: Headers): WorkspaceSelection | null {
  const fromHeader = headers.get(WORKSPACE_HEADER)?.trim();
  if (fromHeader) return { id: UUID.test(fromHeader) ? fromHeader.toLowerCase() : fromHeader, from: "header" };
  const cookie = headers.get("cookie");
  if (!cookie) return null;
  for (const part of cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== WORKSPACE_COOKIE) continue;
    let value: string;
    try {
      value = decodeURIComponent(rest.join("=")).trim();
    } catch {
      return null;
    }
    return UUID.test(value) ? { id: value.toLowerCase(), from: "cookie" } : null;
  }
  return null;
}

/** The workspace id a request selects (header, then cookie), or null for "my oldest membership". */
export function selectedWorkspaceId(headers: Headers): string | null {
  return selectedWorkspace(headers)?.id ?? null;
}

/**
 * The membership a request acts in: the one the header names (a header
 * naming a workspace the caller is not in is refused: `null`), else the one
 * the cookie names, else — no cookie, or a cookie left over from a workspace
 * the caller has left or was removed from — their oldest membership. Null
 * when there is none.
 */
export function pickMembership<T extends { id: string; createdAt: Date }>(
  memberships: readonly T[],
  headers: Headers,
): { membership: T | null; requested: boolean } {
  const selection = selectedWorkspace(headers);
  const named = selection && memberships.find((candidate) => candidate.id === selection.id);
  if (named) return { membership: named, requested: true };
  if (selection?.from === "header") return { membership: null, requested: true };
  const oldest = memberships.reduce<T | undefined>(
    (found, candidate) => (!found || candidate.createdAt < found.createdAt ? candidate : found),
    undefined,
  );
  return { membership: oldest ?? null, requested: false };
}

/** True when `actual` is at least `needed`. */
export function hasRole(actual: WorkspaceRole, needed: WorkspaceRole): boolean {
  return WORKSPACE_ROLES.indexOf(actual) >= WORKSPACE_ROLES.indexOf(needed);
}

const WHAT_ROLES_DO: Record<WorkspaceRole, string> = {
  viewer: "read graphs, traces and costs",
  editor: "edit graphs and tools and start runs",
  owner: "manage members, providers and keys",
};

/** The sentence a refused member reads. */
export function roleRefusal(workspaceName: string, actual: WorkspaceRole, needed: WorkspaceRole): string {
  return `You are ${actual === "viewer" ? "a" : "an"} ${actual} in "${workspaceName}": only ${needed}s${
    needed === "owner" ? "" : " and owners"
  } may ${WHAT_ROLES_DO[needed]}. Ask an owner for the ${needed} role.`;
}
