/**
 * Helpers for the routers' integration tests: a caller on the test
 * database, a seeded default workspace plus a second workspace, and a
 * snapshot of every graph and version row to prove a refusal wrote nothing.
 */
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { expect } from "vitest";

import type { PrismaClient } from "@/generated/prisma/client";
import { appRouter, createCaller } from "@/server/api/root";
import { limitRequestBody } from "@/server/http/body-limit";
import { seedDefaults } from "@/server/db/seed";
import { testContext, type CallerIdentity } from "@/server/api/testing/test-context";

export { testContext, type CallerIdentity } from "@/server/api/testing/test-context";
import { truncateAppTables } from "@/server/db/test-db";
import { GraphRepository } from "@/server/repositories/graph-repository";
import { WorkspaceRepository } from "@/server/repositories/workspace-repository";

/**
 * A tRPC caller in-process, as a server component would call: by default
 * the local owner of the default workspace; `null` for a signed-out caller.
 */
export function callerFor(prisma: PrismaClient, identity?: CallerIdentity | null) {
  return createCaller(testContext(prisma, identity));
}

/** Empties the database, seeds the default workspace with the examples, and adds another workspace with one graph. */
export async function resetWorld(prisma: PrismaClient): Promise<{ otherGraphId: string; researchId: string }> {
  await truncateAppTables(prisma);
  await seedDefaults(prisma, { warn: () => {} });
  const other = await new WorkspaceRepository(prisma).createWorkspace({ slug: "other", name: "Other" });
  const secret = await new GraphRepository(prisma).create({
    workspaceId: other.id,
    name: "Secret",
    draft: { schemaVersion: 1, name: "Secret", rootAgentId: "a", agents: [{ id: "a", name: "A" }] },
  });
  const research = await prisma.graph.findFirstOrThrow({ where: { name: "Research team" }, select: { id: true } });
  return { otherGraphId: secret.id, researchId: research.id };
}

/** Every graph and version row, as stored (timestamps included). */
export async function dbSnapshot(prisma: PrismaClient): Promise<unknown> {
  const [graphs, versions] = await Promise.all([
    prisma.graph.findMany({ orderBy: { id: "asc" } }),
    prisma.graphVersion.findMany({ orderBy: { id: "asc" } }),
  ]);
  return JSON.parse(JSON.stringify({ graphs, versions }));
}

/** The error of an HTTP call, as a browser receives it (through the errorFormatter). */
export interface HttpError {
  status: number;
  message: string;
  data: {
    code: string;
    httpStatus: number;
    currentRevision: number | null;
    diagnostics: { code: string; message: string; path?: string; severity: string }[] | null;
  };
}

/**
 * Calls a procedure over HTTP exactly as the route does (body limit, tRPC
 * fetch adapter, error formatter), on the test database.
 */
export async function httpCall(
  prisma: PrismaClient,
  path: string,
  input: unknown,
  kind: "query" | "mutation",
): Promise<{ ok: true; data: unknown } | { ok: false; error: HttpError }> {
  const url = new URL(`http://localhost/api/trpc/${path}`);
  let init: RequestInit = { method: "GET" };
  if (kind === "query") url.searchParams.set("input", JSON.stringify(input));
  else init = { method: "POST", body: JSON.stringify(input), headers: { "content-type": "application/json" } };
  const req = limitRequestBody(new Request(url, init));
  const response = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => testContext(prisma, undefined, req.headers),
  });
  const body = (await response.json()) as { result?: { data: unknown }; error?: Omit<HttpError, "status"> };
  if (body.error) return { ok: false, error: { ...body.error, status: response.status } };
  return { ok: true, data: body.result?.data };
}

/**
 * Calls a procedure over HTTP, expects it to fail with `code` (and a
 * message matching `message`), and checks that no graph or version row
 * changed. Returns the error for more assertions.
 */
export async function expectRefusal(
  prisma: PrismaClient,
  call: { path: string; input: unknown; kind?: "query" | "mutation" },
  code: string,
  message?: RegExp,
): Promise<HttpError> {
  const before = await dbSnapshot(prisma);
  const result = await httpCall(prisma, call.path, call.input, call.kind ?? "mutation");
  expect(result.ok, `${call.path} should have been refused`).toBe(false);
  const error = (result as { error: HttpError }).error;
  expect(error.data.code, error.message).toBe(code);
  expect(error.status).toBeGreaterThanOrEqual(400);
  expect(error.status).toBeLessThan(500);
  if (message) expect(error.message).toMatch(message);
  expect(await dbSnapshot(prisma)).toEqual(before);
  return error;
}
