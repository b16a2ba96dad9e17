/**
 * Helpers for the runs router's integration tests: the queue's jobs, and a snapshot of every row a run start or cancel
 * could write, to prove a refusal wrote nothing.
 */
import { expect } from "vitest";

import type { PrismaClient } from "@/generated/prisma/client";
import { dbSnapshot, httpCall, type HttpError } from "./api-fixtures";

/** The queue's jobs, oldest first. */
export async function queuedJobs(prisma: PrismaClient): Promise<{ task: string; payload: unknown }[]> {
  return prisma.$queryRaw<{ task: string; payload: unknown }[]>`
    SELECT t.identifier AS task, j.payload
    FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    ORDER BY j.id`;
}

/** Graphs, versions, runs, conversations, events, spans and jobs, as stored. */
export async function runsSnapshot(prisma: PrismaClient): Promise<unknown> {
  const [graphs, runs, conversations, events, spans, jobs] = await Promise.all([
    dbSnapshot(prisma),
    prisma.run.findMany({ orderBy: { id: "asc" } }),
    prisma.conversation.findMany({ orderBy: { id: "asc" } }),
    prisma.runEvent.count(),
    prisma.runSpan.count(),
    queuedJobs(prisma),
  ]);
  return JSON.parse(JSON.stringify({ graphs, runs, conversations, events, spans, jobs }));
}

/**
 * Calls a procedure over HTTP, expects it to fail with `code` (and a
 * message matching `message`), and checks that nothing a run could write
 * changed. Returns the error for more assertions.
 */
export async function expectRunRefusal(
  prisma: PrismaClient,
  call: { path: string; input: unknown; kind?: "query" | "mutation" },
  code: string,
  message?: RegExp,
): Promise<HttpError> {
  const before = await runsSnapshot(prisma);
  const result = await httpCall(prisma, call.path, call.input, call.kind ?? "mutation");
  expect(result.ok, `${call.path} should have been refused`).toBe(false);
  const error = (result as { error: HttpError }).error;
  expect(error.data.code, error.message).toBe(code);
  expect(error.status).toBeGreaterThanOrEqual(400);
  expect(error.status).toBeLessThan(500);
  if (message) expect(error.message).toMatch(message);
  expect(await runsSnapshot(prisma)).toEqual(before);
  return error;
}
