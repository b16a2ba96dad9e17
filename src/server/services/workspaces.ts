/**
 * Creating and renaming workspaces. A new workspace gets its creator as
 * owner, a unique slug from its name, and what every workspace starts with
 * (`setUpWorkspace`: the price table), all in one transaction.
 */
import { firstFreeSlug, workspaceSlug } from "@/core/workspaces/workspace-slug";
import { Prisma, type PrismaClient } from "@/generated/prisma/client";
import { MemberRepository } from "@/server/repositories/member-repository";

import { setUpWorkspace } from "./workspace-setup";

/** A workspace as the switcher lists it, with the caller's role. */
export interface WorkspaceSummary {
  id: string;
  slug: string;
  name: string;
  role: "owner" | "editor" | "viewer";
}

/** Tries this often when another request takes the same slug at the same moment. */
const SLUG_ATTEMPTS = 3;

function isSlugTaken(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/** Creates a workspace named `name` with `ownerId` as its owner. */
export async function createWorkspace(
  db: PrismaClient,
  input: { name: string; ownerId: string },
): Promise<WorkspaceSummary> {
  const base = workspaceSlug(input.name);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.$transaction(async (tx) => {
        const taken = await tx.workspace.findMany({
          where: { slug: { startsWith: base } },
          select: { slug: true },
        });
        const slug = firstFreeSlug(base, new Set(taken.map((row) => row.slug)));
        const workspace = await tx.workspace.create({
          data: { slug, name: input.name },
          select: { id: true, slug: true, name: true },
        });
        await new MemberRepository(tx, workspace.id).upsert(input.ownerId, "owner");
        await setUpWorkspace(tx, workspace.id);
        return { ...workspace, role: "owner" as const };
      });
    } catch (error) {
      if (!isSlugTaken(error) || attempt >= SLUG_ATTEMPTS) throw error;
    }
  }
}

/** Renames the workspace (its slug stays: links keep working). */
export async function renameWorkspace(
  db: PrismaClient,
  input: { workspaceId: string; name: string },
): Promise<{ id: string; name: string }> {
  return db.workspace.update({
    where: { id: input.workspaceId },
    data: { name: input.name },
    select: { id: true, name: true },
  });
}
