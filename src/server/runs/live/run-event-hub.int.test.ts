import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { resetWorld } from "@/server/api/testing/api-fixtures";
import { setupTestDatabase } from "@/server/db/test-db";
import { RunGoneError } from "@/server/errors/run-gone-error";
import { RUN_EVENTS_CHANNEL } from "@/server/runs/contract";
import { RunEventHub, type LiveRunEvent } from "./run-event-hub";
import { appendEvents, createRunRow, fakeEvent, finishWithoutEvents } from "./testing/stored-events";

const db = setupTestDatabase();
let hub: RunEventHub;
const warnings: string[] = [];

beforeEach(async () => {
  await resetWorld(db.prisma);
  warnings.length = 0;
  // No poll: every delivery below is caused by a NOTIFY (or a reconnect's re-read).
  hub = new RunEventHub({
    connectionString: db.connectionString,
    pollIntervalMs: 0,
    retryDelayMs: 50,
    batchSize: 7,
    logger: { warn: (message) => warnings.push(message) },
  });
});
afterEach(async () => {
  await hub.close();
});

/** Collects a subscription until it ends. */
async function collect(stream: AsyncIterable<LiveRunEvent>): Promise<number[]> {
  const seqs: number[] = [];
  for await (const { seq, event } of stream) {
    expect(event.seq).toBe(seq);
    seqs.push(seq);
  }
  return seqs;
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index);

/** Waits (bounded) until `check` holds. */
async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("RunEventHub", () => {
  it("gives a late subscriber the stored events, then the live tail, and ends after RUN_END", async () => {
    const runId = await createRunRow(db.prisma);
    await appendEvents(db.prisma, runId, 0, 20);
    const received = collect(hub.subscribe(runId, -1));
    await eventually(() => hub.subscriberCount === 1, "the subscriber");
    await appendEvents(db.prisma, runId, 20, 25);
    await appendEvents(db.prisma, runId, 25, 31, { end: true });
    expect(await received).toEqual(range(0, 31));
    expect(hub.subscriberCount).toBe(0);
  });

  it("resumes after the last seq received, with no gap and no duplicate", async () => {
    const runId = await createRunRow(db.prisma);
    await appendEvents(db.prisma, runId, 0, 10);
    const received = collect(hub.subscribe(runId, 6));
    await appendEvents(db.prisma, runId, 10, 12, { end: true });
    expect(await received).toEqual(range(7, 12));
  });

  it("feeds many subscribers at different positions from one LISTEN connection, while batches are written", async () => {
    const runId = await createRunRow(db.prisma);
    await appendEvents(db.prisma, runId, 0, 3);
    const streams: Promise<number[]>[] = [];
    const starts: number[] = [];
    let next = 3;
    for (let round = 0; round < 12; round += 1) {
      const start = round % 3 === 0 ? -1 : next - 1 - (round % 4);
      starts.push(start);
      streams.push(collect(hub.subscribe(runId, start)));
      await appendEvents(db.prisma, runId, next, next + 5);
      next += 5;
    }
    await appendEvents(db.prisma, runId, next, next + 1, { end: true });
    const results = await Promise.all(streams);
    results.forEach((seqs, index) => expect(seqs).toEqual(range((starts[index] as number) + 1, next + 1)));

    const listeners = await db.prisma.$queryRaw<{ count: number }[]>`
      SELECT count(*)::int AS count FROM pg_stat_activity WHERE query = ${`LISTEN ${RUN_EVENTS_CHANNEL}`}`;
    expect(listeners[0]?.count).toBe(1);
  });

  it("reads many runs written in one commit together, and delivers each its own events", async () => {
    const grouped = new RunEventHub({
      connectionString: db.connectionString,
      pollIntervalMs: 0,
      batchSize: 5,
      runsPerRead: 4,
      maxReadConnections: 2,
    });
    try {
      const runIds = await Promise.all(Array.from({ length: 15 }, () => createRunRow(db.prisma)));
      const streams = runIds.map((runId) => collect(grouped.subscribe(runId, -1)));
      await eventually(() => grouped.subscriberCount === runIds.length, "every subscriber");
      for (const [from, to, end] of [
        [0, 4, false],
        [4, 13, false],
        [13, 14, true],
      ] as const) {
        // One transaction for every run, one NOTIFY each: what a writer's flush does.
        await db.prisma.$transaction(async (tx) => {
          for (const runId of runIds) {
            const rows = range(from, to).map((seq) => fakeEvent(runId, seq, end && seq === to - 1));
            await tx.runEvent.createMany({
              data: rows.map((event) => ({
                runId,
                seq: event.seq,
                type: event.type,
                spanId: event.spanId,
                data: event,
              })),
            });
            if (end) await tx.run.update({ where: { id: runId }, data: { status: "completed" } });
            await tx.$executeRaw`SELECT pg_notify(${RUN_EVENTS_CHANNEL}, ${`${runId}:${to - 1}`})`;
          }
        });
      }
      for (const seqs of await Promise.all(streams)) expect(seqs).toEqual(range(0, 14));
    } finally {
      await grouped.close();
    }
  });

  it("survives a dropped LISTEN connection: it reconnects and reads again what it missed", async () => {
    const runId = await createRunRow(db.prisma);
    await appendEvents(db.prisma, runId, 0, 5);
    const seqs: number[] = [];
    const done = (async () => {
      for await (const { seq } of hub.subscribe(runId, -1)) seqs.push(seq);
    })();
    await eventually(() => seqs.length === 5, "the stored events");
    const pid = await hub.listenerBackendPid();
    expect(pid).not.toBeNull();
    await db.prisma.$queryRaw`SELECT pg_terminate_backend(${pid}::int)`;
    // Written while the hub has no connection: these NOTIFYs reach nobody.
    await appendEvents(db.prisma, runId, 5, 9);
    await eventually(async () => {
      const now = await hub.listenerBackendPid().catch(() => null);
      return now !== null && now !== pid;
    }, "the new LISTEN connection");
    await appendEvents(db.prisma, runId, 9, 12, { end: true });
    await done;
    expect(seqs).toEqual(range(0, 12));
    expect(warnings.some((message) => /LISTEN connection was lost/.test(message))).toBe(true);
  });

  it("streams a finished run's stored events and ends; from its last event it ends at once", async () => {
    const runId = await createRunRow(db.prisma);
    await appendEvents(db.prisma, runId, 0, 15, { end: true });
    expect(await collect(hub.subscribe(runId, -1))).toEqual(range(0, 15));
    expect(await collect(hub.subscribe(runId, 14))).toEqual([]);
  });

  it("ends the stream of a run that became final without any event", async () => {
    const runId = await createRunRow(db.prisma);
    const received = collect(hub.subscribe(runId, -1));
    await eventually(() => hub.subscriberCount === 1, "the subscriber");
    await finishWithoutEvents(db.prisma, runId);
    await db.prisma.$executeRaw`SELECT pg_notify(${RUN_EVENTS_CHANNEL}, ${`${runId}:end`})`;
    expect(await received).toEqual([]);
  });

  it("fails the stream of a run deleted while it is streamed", async () => {
    const runId = await createRunRow(db.prisma);
    await appendEvents(db.prisma, runId, 0, 2);
    const received = collect(hub.subscribe(runId, -1));
    await eventually(() => hub.subscriberCount === 1, "the subscriber");
    await db.prisma.run.delete({ where: { id: runId } });
    await db.prisma.$executeRaw`SELECT pg_notify(${RUN_EVENTS_CHANNEL}, ${`${runId}:end`})`;
    await expect(received).rejects.toBeInstanceOf(RunGoneError);
  });

  it("stops a subscription when its signal aborts", async () => {
    const runId = await createRunRow(db.prisma);
    const abort = new AbortController();
    const seqs: number[] = [];
    const done = (async () => {
      for await (const { seq } of hub.subscribe(runId, -1, abort.signal)) seqs.push(seq);
    })();
    await appendEvents(db.prisma, runId, 0, 3);
    await eventually(() => seqs.length === 3, "three events");
    abort.abort();
    await done;
    expect(hub.subscriberCount).toBe(0);
  });
});

describe("NOTIFY payloads the hub ignores", () => {
  it("does not read for runs nobody watches or for malformed payloads", async () => {
    const client = new pg.Client({ connectionString: db.connectionString });
    await client.connect();
    try {
      await client.query("SELECT pg_notify($1, $2)", [RUN_EVENTS_CHANNEL, "garbage"]);
      await client.query("SELECT pg_notify($1, $2)", [RUN_EVENTS_CHANNEL, "0190c3e2-7f4a-7b1e-9d2c-3a4b5c6d7e8f:3"]);
    } finally {
      await client.end();
    }
    const runId = await createRunRow(db.prisma);
    await appendEvents(db.prisma, runId, 0, 2, { end: true });
    expect(await collect(hub.subscribe(runId, -1))).toEqual([0, 1]);
  });
});
