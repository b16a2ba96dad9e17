/**
 * `runs.events` through real HTTP: a Node server with the tRPC fetch
 * adapter, SSE read by `fetch` (and by tRPC's own `httpSubscriptionLink`),
 * events stored in between like a worker's writer stores them.
 */
import { createTRPCClient, httpSubscriptionLink } from "@trpc/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { RuntimeEvent } from "@/core/runtime/events";
import type { AppRouter } from "@/server/api/root";
import { resetWorld } from "@/server/api/testing/api-fixtures";
import { startApiServer, type ApiServer } from "@/server/api/testing/api-server";
import { FetchEventSource, openSse, subscriptionUrl, type SseMessage } from "@/server/api/testing/sse";
import { setupTestDatabase } from "@/server/db/test-db";
import { RunEventHub } from "@/server/runs/live/run-event-hub";
import { appendEvents, createRunRow } from "@/server/runs/live/testing/stored-events";

const db = setupTestDatabase();
let hub: RunEventHub;
let server: ApiServer;
let otherGraphId: string;

beforeAll(async () => {
  hub = new RunEventHub({ connectionString: db.connectionString, pollIntervalMs: 0 });
  server = await startApiServer({ prisma: db.prisma, hub });
});
afterAll(async () => {
  await server?.close();
  await hub?.close();
});
beforeEach(async () => {
  ({ otherGraphId } = await resetWorld(db.prisma));
});

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index);
const eventsUrl = (input: unknown) => subscriptionUrl(server.url, "runs.events", input);

/** Waits (bounded) until `check` holds. */
async function eventually(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Reads a stream's data messages until `return` (or `count` messages); returns their ids and how it ended. */
async function readEvents(
  messages: AsyncGenerator<SseMessage>,
  count = Number.POSITIVE_INFINITY,
): Promise<{ ids: number[]; events: RuntimeEvent[]; ended: string | null; error: unknown }> {
  const ids: number[] = [];
  const events: RuntimeEvent[] = [];
  for await (const message of messages) {
    if (message.event === "return") return { ids, events, ended: "return", error: null };
    if (message.event === "serialized-error")
      return { ids, events, ended: "serialized-error", error: JSON.parse(message.data) };
    if (message.event !== "message") continue;
    const event = JSON.parse(message.data) as RuntimeEvent;
    expect(message.id).toBe(String(event.seq));
    ids.push(event.seq);
    events.push(event);
    if (ids.length >= count) {
      await messages.return(undefined);
      return { ids, events, ended: null, error: null };
    }
  }
  return { ids, events, ended: "eof", error: null };
}

describe("runs.events over SSE", () => {
  it("sends a late subscriber the stored events, then the live tail, each with its seq as id, and ends after RUN_END", async () => {
    const runId = await createRunRow(db.prisma);
    await appendEvents(db.prisma, runId, 0, 10);
    const reading = readEvents(await openSse(eventsUrl({ runId })));
    await eventually(() => hub.subscriberCount === 1, "the subscriber");
    await appendEvents(db.prisma, runId, 10, 15);
    await appendEvents(db.prisma, runId, 15, 20, { end: true });
    const result = await reading;
    expect(result.ids).toEqual(range(0, 20));
    expect(result.ended).toBe("return");
    expect(result.events.at(-1)?.type).toBe("RUN_END");
  });

  it("resumes from Last-Event-ID, or from lastEventId in the input, with no gap and no duplicate", async () => {
    const runId = await createRunRow(db.prisma);
    await appendEvents(db.prisma, runId, 0, 8);
    const first = await readEvents(await openSse(eventsUrl({ runId })), 5);
    expect(first.ids).toEqual(range(0, 5));

    await appendEvents(db.prisma, runId, 8, 12);
    const byHeader = readEvents(await openSse(eventsUrl({ runId }), { lastEventId: "4" }));
    const byInput = readEvents(await openSse(eventsUrl({ runId, lastEventId: "4" })));
    await eventually(() => hub.subscriberCount === 2, "two subscribers");
    await appendEvents(db.prisma, runId, 12, 16, { end: true });
    for (const resumed of await Promise.all([byHeader, byInput])) {
      expect([...first.ids, ...resumed.ids]).toEqual(range(0, 16));
      expect(resumed.ended).toBe("return");
    }
  });

  it("through tRPC's httpSubscriptionLink: a dropped connection reconnects and resumes where it stopped", async () => {
    const runId = await createRunRow(db.prisma);
    const sources: FetchEventSource[] = [];
    class TrackedEventSource extends FetchEventSource {
      constructor(url: string) {
        super(url);
        sources.push(this);
      }
    }
    const client = createTRPCClient<AppRouter>({
      links: [httpSubscriptionLink({ url: server.url, EventSource: TrackedEventSource })],
    });
    const seqs: number[] = [];
    let completed = false;
    const failures: unknown[] = [];
    const subscription = client.runs.events.subscribe(
      { runId },
      {
        onData: ({ id, data }) => {
          expect(id).toBe(String(data.seq));
          seqs.push(data.seq);
        },
        onError: (error) => failures.push(error),
        onComplete: () => {
          completed = true;
        },
      },
    );
    try {
      await appendEvents(db.prisma, runId, 0, 6);
      await eventually(() => seqs.length === 6, "the first six events");
      server.dropConnections();
      await appendEvents(db.prisma, runId, 6, 12);
      await eventually(() => seqs.length === 12, "the events stored while reconnecting");
      await appendEvents(db.prisma, runId, 12, 15, { end: true });
      await eventually(() => completed, "the end of the stream");
      expect(seqs).toEqual(range(0, 15));
      expect(failures).toEqual([]);
      expect(sources.reduce((sum, source) => sum + source.connections, 0)).toBeGreaterThanOrEqual(2);
    } finally {
      subscription.unsubscribe();
    }
  });

  it("streams a finished run's stored events and ends; from its last event it ends at once", async () => {
    const runId = await createRunRow(db.prisma);
    await appendEvents(db.prisma, runId, 0, 6, { end: true });
    expect(await readEvents(await openSse(eventsUrl({ runId })))).toMatchObject({ ids: range(0, 6), ended: "return" });
    expect(await readEvents(await openSse(eventsUrl({ runId }), { lastEventId: "5" }))).toMatchObject({
      ids: [],
      ended: "return",
    });
  });

  it("refuses unknown runs, another workspace's runs and bad ids with an error event, subscribing to nothing", async () => {
    const unknown = await readEvents(await openSse(eventsUrl({ runId: "0190c3e2-7f4a-7b1e-9d2c-3a4b5c6d7e8f" })));
    expect(unknown.ended).toBe("serialized-error");
    expect(unknown.error).toMatchObject({ data: { code: "NOT_FOUND" }, message: /does not exist/ });

    const graph = await db.prisma.graph.findUniqueOrThrow({ where: { id: otherGraphId } });
    const conversation = await db.prisma.conversation.create({
      data: { workspaceId: graph.workspaceId, graphId: graph.id },
    });
    const secret = await db.prisma.run.create({
      data: {
        workspaceId: graph.workspaceId,
        graphId: graph.id,
        graphName: graph.name,
        contentHash: "x",
        conversationId: conversation.id,
        input: "secret",
      },
    });
    await appendEvents(db.prisma, secret.id, 0, 3, { end: true });
    const other = await readEvents(await openSse(eventsUrl({ runId: secret.id })));
    expect(other).toMatchObject({ ids: [], ended: "serialized-error", error: { data: { code: "NOT_FOUND" } } });

    const badId = await readEvents(await openSse(eventsUrl({ runId: "nope" })));
    expect(badId.error).toMatchObject({ data: { code: "BAD_REQUEST" }, message: /run id/ });
    const badLast = await readEvents(await openSse(eventsUrl({ runId: secret.id }), { lastEventId: "x" }));
    expect(badLast.error).toMatchObject({ data: { code: "BAD_REQUEST" }, message: /lastEventId/ });
    expect(hub.subscriberCount).toBe(0);
  });

  it("ends open streams with SERVICE_UNAVAILABLE (the link reconnects and resumes) when the hub closes for a shutdown", async () => {
    const closing = new RunEventHub({ connectionString: db.connectionString, pollIntervalMs: 0 });
    const stopping = await startApiServer({ prisma: db.prisma, hub: closing });
    try {
      const runId = await createRunRow(db.prisma);
      await appendEvents(db.prisma, runId, 0, 3);
      const url = subscriptionUrl(stopping.url, "runs.events", { runId });
      const messages = await openSse(url);
      const ids: number[] = [];
      while (ids.length < 3) {
        const { value: message, done } = await messages.next();
        if (done) break;
        if (message.event === "message") ids.push((JSON.parse(message.data) as RuntimeEvent).seq);
      }
      expect(ids).toEqual(range(0, 3));
      // The rest of the same stream, once the hub is closed.
      const rest = readEvents(messages);
      await closing.close();
      const result = await rest;
      expect(result.ids).toEqual([]);
      expect(result).toMatchObject({
        ended: "serialized-error",
        error: { data: { code: "SERVICE_UNAVAILABLE" }, message: /shutting down; reconnect/ },
      });
      // A subscription arriving after the close is refused the same way.
      expect(await readEvents(await openSse(url))).toMatchObject({
        ids: [],
        ended: "serialized-error",
        error: { data: { code: "SERVICE_UNAVAILABLE" } },
      });
    } finally {
      await stopping.close();
    }
  });
});
