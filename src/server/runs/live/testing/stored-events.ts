/**
 * Test helpers that stand in for a worker's event writer: a run row, and
 * batches of run_events rows committed with the NOTIFY persistence sends
 * (`<runId>:<lastSeq>`), so the live hub and the SSE stream can be tested
 * on their own.
 */
import type { RuntimeEvent } from "@/core/runtime/events";
import type { PrismaClient } from "@/generated/prisma/client";
import { DEFAULT_WORKSPACE } from "@/server/db/defaults";
import { FINAL_RUN_STATUSES, RUN_EVENTS_CHANNEL } from "@/server/runs/contract";

/** Creates a queued run (and its conversation) of the graph named `graphName` in the default workspace. */
export async function createRunRow(prisma: PrismaClient, graphName = "Research team"): Promise<string> {
  const workspace = await prisma.workspace.findUniqueOrThrow({ where: { slug: DEFAULT_WORKSPACE.slug } });
  const graph = await prisma.graph.findFirstOrThrow({ where: { workspaceId: workspace.id, name: graphName } });
  const conversation = await prisma.conversation.create({
    data: { workspaceId: workspace.id, graphId: graph.id, title: "test" },
  });
  const run = await prisma.run.create({
    data: {
      workspaceId: workspace.id,
      graphId: graph.id,
      contentHash: "test",
      graphName,
      conversationId: conversation.id,
      input: "hello",
    },
  });
  return run.id;
}

/** A plausible event at `seq`: RUN_START first, RUN_END when `end`, TEXT_DELTA otherwise. */
export function fakeEvent(runId: string, seq: number, end = false): RuntimeEvent {
  const envelope = { runId, seq, timestamp: 1_700_000_000_000 + seq, source: null };
  if (seq === 0)
    return {
      ...envelope,
      type: "RUN_START",
      spanId: "run",
      parentSpanId: null,
      graphName: "Research team",
      rootAgentId: "main",
      conversationId: "c",
      input: "hello",
      forceSync: false,
    };
  if (end)
    return {
      ...envelope,
      type: "RUN_END",
      spanId: "run",
      parentSpanId: null,
      status: "completed",
      output: "done",
      error: null,
      usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 },
      costUsd: 0,
      steps: 0,
      durationMillis: seq,
    };
  return { ...envelope, type: "TEXT_DELTA", spanId: "run", parentSpanId: null, agentId: "main", delta: `d${seq}` };
}

/**
 * Stores events `from`…`to - 1` in one transaction and NOTIFYs like the
 * writer; with `end`, the last one is RUN_END and the run becomes
 * completed in the same transaction.
 */
export async function appendEvents(
  prisma: PrismaClient,
  runId: string,
  from: number,
  to: number,
  options: { end?: boolean; notify?: boolean } = {},
): Promise<void> {
  const events = Array.from({ length: to - from }, (_, index) =>
    fakeEvent(runId, from + index, options.end === true && from + index === to - 1),
  );
  await prisma.$transaction(async (tx) => {
    await tx.runEvent.createMany({
      data: events.map((event) => ({ runId, seq: event.seq, type: event.type, spanId: event.spanId, data: event })),
    });
    await tx.run.update({
      where: { id: runId },
      data: { eventCount: to, ...(options.end && { status: "completed", endedAt: new Date() }) },
    });
    if (options.notify !== false)
      await tx.$executeRaw`SELECT pg_notify(${RUN_EVENTS_CHANNEL}, ${`${runId}:${to - 1}`})`;
  });
}

/** Marks the run final without events (as a worker does when a run cannot start). */
export async function finishWithoutEvents(
  prisma: PrismaClient,
  runId: string,
  status: (typeof FINAL_RUN_STATUSES)[number] = "failed",
): Promise<void> {
  await prisma.run.update({ where: { id: runId }, data: { status, error: "could not start", endedAt: new Date() } });
}
