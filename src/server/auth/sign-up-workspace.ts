/**
 * Where a new account lands. The first person to sign up on an install takes
 * over the seeded "Default workspace" (with the example graphs) as its owner,
 * replacing the seed's placeholder owner; everyone after gets a workspace of
 * their own ("<name>'s workspace", owner, price table seeded) and joins
 * others' by invitation. Our Workspace/Membership tables are the one model of
 * membership: better-auth only holds users, accounts and sessions.
 */
import { randomBytes } from "node:crypto";

import type { PrismaClient } from "@/generated/prisma/client";
import { DEFAULT_WORKSPACE, DEFAULT_WORKSPACE_LOCK_KEY, LOCAL_USER } from "@/server/db/defaults";
import { DefaultOwnerRepository } from "@/server/repositories/default-owner-repository";
import { WorkspaceRepository } from "@/server/repositories/workspace-repository";
import { setUpWorkspace } from "@/server/services/workspace-setup";

/** The new account, as better-auth created it. */
export interface NewAccount {
  id: string;
  name: string;
  email: string;
}

/** What the sign-up got. */
export interface SignUpWorkspace {
  workspaceId: string;
  /** True for the install's first person: they now own the default workspace. */
  ownsDefaultWorkspace: boolean;
}

/** A URL-safe handle for a new workspace: the name's letters and digits, then a random suffix. */
export function workspaceSlug(name: string, random: () => string = () => randomBytes(4).toString("hex")): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return `${base || "workspace"}-${random()}`;
}

/** "Ada's workspace" (a name ending in s gets "Charles' workspace"). */
export function ownWorkspaceName(personName: string): string {
  const name = personName.trim() || "My";
  if (name === "My") return "My workspace";
  return /s$/i.test(name) ? `${name}' workspace` : `${name}'s workspace`;
}

/**
 * Gives the new account its workspace, in one transaction (under the lock the
 * seed takes, so two first sign-ups cannot both claim the default workspace).
 */
export async function assignSignUpWorkspace(prisma: PrismaClient, account: NewAccount): Promise<SignUpWorkspace> {
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${DEFAULT_WORKSPACE_LOCK_KEY})`;
      const workspaces = new WorkspaceRepository(tx);
      const owners = new DefaultOwnerRepository(tx);

      const defaultWorkspace = await workspaces.findWorkspaceBySlug(DEFAULT_WORKSPACE.slug);
      if (defaultWorkspace && !(await owners.hasMemberOtherThan(defaultWorkspace.id, LOCAL_USER.email))) {
        await workspaces.setMembership({ workspaceId: defaultWorkspace.id, userId: account.id, role: "owner" });
        // The placeholder stays as the examples' author, but no longer a member: the
        // workspace is this person's now.
        const placeholder = await workspaces.findUserByEmail(LOCAL_USER.email);
        if (placeholder) await owners.removeMembership(defaultWorkspace.id, placeholder.id);
        await setUpWorkspace(tx, defaultWorkspace.id);
        return { workspaceId: defaultWorkspace.id, ownsDefaultWorkspace: true };
      }

      const workspace = await workspaces.createWorkspace({
        slug: workspaceSlug(account.name),
        name: ownWorkspaceName(account.name),
      });
      await workspaces.setMembership({ workspaceId: workspace.id, userId: account.id, role: "owner" });
      await setUpWorkspace(tx, workspace.id);
      return { workspaceId: workspace.id, ownsDefaultWorkspace: false };
    },
    { timeout: 30_000, maxWait: 30_000 },
  );
}
