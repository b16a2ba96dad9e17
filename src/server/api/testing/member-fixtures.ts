/**
 * A small world for the members, invitations and workspaces tests: workspace
 * "Acme" with an owner, an editor and a viewer, and workspace "Globex" with
 * its own owner. Helpers call procedures as any of them and check that a
 * refusal changed no membership, invitation or workspace row.
 */
import { TRPCError } from "@trpc/server";
import { expect } from "vitest";
import { ZodError } from "zod";

import type { PrismaClient } from "@/generated/prisma/client";
import { createCaller } from "@/server/api/root";
import { testContext } from "@/server/api/testing/test-context";
import { zodErrorMessage } from "@/server/api/validation-message";
import { truncateAppTables } from "@/server/db/test-db";

/** The people and workspaces of the world. */
export interface MembersWorld {
  acme: string;
  globex: string;
  owner: string;
  editor: string;
  viewer: string;
  globexOwner: string;
  /** Signed up, member of nothing yet. */
  newcomer: string;
}

async function user(prisma: PrismaClient, name: string): Promise<string> {
  const created = await prisma.user.create({ data: { email: `${name.toLowerCase()}@members.test`, name } });
  return created.id;
}

/** Empties the database and builds the world. */
export async function membersWorld(prisma: PrismaClient): Promise<MembersWorld> {
  await truncateAppTables(prisma);
  const acme = (await prisma.workspace.create({ data: { slug: "acme", name: "Acme" } })).id;
  const globex = (await prisma.workspace.create({ data: { slug: "globex", name: "Globex" } })).id;
  const world = {
    acme,
    globex,
    owner: await user(prisma, "Olivia"),
    editor: await user(prisma, "Edgar"),
    viewer: await user(prisma, "Vera"),
    globexOwner: await user(prisma, "Gus"),
    newcomer: await user(prisma, "Nina"),
  };
  await prisma.membership.createMany({
    data: [
      { workspaceId: acme, userId: world.owner, role: "owner", createdAt: new Date("2026-01-01T00:00:00Z") },
      { workspaceId: acme, userId: world.editor, role: "editor", createdAt: new Date("2026-01-02T00:00:00Z") },
      { workspaceId: acme, userId: world.viewer, role: "viewer", createdAt: new Date("2026-01-03T00:00:00Z") },
      { workspaceId: globex, userId: world.globexOwner, role: "owner" },
    ],
  });
  return world;
}

/** A caller acting as `userId` (null: signed out), in `workspaceId` when given. */
export function as(prisma: PrismaClient, userId: string | null, workspaceId?: string) {
  return createCaller(testContext(prisma, userId === null ? null : { userId, ...(workspaceId && { workspaceId }) }));
}

/** Every membership, invitation and workspace row, as stored. */
export async function membershipSnapshot(prisma: PrismaClient): Promise<unknown> {
  const [workspaces, memberships, invitations] = await Promise.all([
    prisma.workspace.findMany({ orderBy: { id: "asc" } }),
    prisma.membership.findMany({ orderBy: { id: "asc" } }),
    prisma.invitation.findMany({ orderBy: { id: "asc" } }),
  ]);
  return JSON.parse(JSON.stringify({ workspaces, memberships, invitations }));
}

/**
 * Expects `call` to be refused with `code` (and a message matching
 * `message`, as a client reads it: input errors in the words of
 * `zodErrorMessage`) and no membership, invitation or workspace row to change.
 */
export async function expectRefused(
  prisma: PrismaClient,
  call: () => Promise<unknown>,
  code: TRPCError["code"],
  message?: RegExp | string,
): Promise<TRPCError> {
  const before = await membershipSnapshot(prisma);
  const error = await call().then(
    (value) => {
      throw new Error(`expected a ${code} refusal, got ${JSON.stringify(value)}`);
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const trpcError = error as TRPCError;
  const cause: unknown = trpcError.cause;
  const readable = cause instanceof ZodError ? zodErrorMessage(cause) : trpcError.message;
  expect(trpcError.code, readable).toBe(code);
  if (typeof message === "string") expect(readable).toBe(message);
  else if (message) expect(readable).toMatch(message);
  expect(await membershipSnapshot(prisma)).toEqual(before);
  return trpcError;
}
