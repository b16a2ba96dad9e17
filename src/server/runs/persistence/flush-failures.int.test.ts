import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import researchTeam from "../../../../examples/research-team.json";
import { setupTestDatabase } from "@/server/db/test-db";
import { createRunEventWriter, type RunEventWriteFailure } from "./run-event-writer";
import { RunEventsNotStoredError } from "./run-events-not-stored-error";
import {
  createConversation,
  createRunRow,
  createWorkspaceGraph,
  definitionOf,
  runPersisted,
  storedEvents,
} from "./testing/run-fixtures";
import { startTcpProxy, type TcpProxy } from "./testing/tcp-proxy";

const db = setupTestDatabase();
const definition = definitionOf(researchTeam);
let pool: pg.Pool;
let proxy: TcpProxy;
/** A pool that reaches the database through the proxy. */
let proxied: pg.Pool;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: db.connectionString, max: 4 });
  pool.on("error", () => {}); // Idle connections closed by the server's stop at the end.
  const url = new URL(db.connectionString);
  proxy = await startTcpProxy(Number(url.port));
  url.port = String(proxy.port);
  proxied = new pg.Pool({ connectionString: url.toString(), max: 2, connectionTimeoutMillis: 2_000 });
  // A dropped idle connection is an 'error' event on the pool: expected here, as in production.
  proxied.on("error", () => {});
});
afterAll(async () => {
  await proxied.end();
  await proxy.close();
  await pool.end();
});

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("a failing flush", () => {
  it("retries while the database is unreachable, reports each failure, and stores everything once it is back", async () => {
    const graph = await createWorkspaceGraph(pool);
    const conversationId = await createConversation(pool, graph);
    const runId = await createRunRow(pool, graph, conversationId, "go");
    const failures: RunEventWriteFailure[] = [];
    const writer = createRunEventWriter(proxied, { onError: (failure) => failures.push(failure) });
    proxy.cut();
    // The run goes on while nothing can be written (the sink never blocks); sessions and files use the direct pool.
    const run = await runPersisted({ definition, pool, writer, runId, conversationId, input: "go" });
    const flushed = writer.flush(runId);
    await until(() => failures.length >= 2, "two failed attempts");
    expect(failures.every((failure) => failure.willRetry && failure.runIds.includes(runId))).toBe(true);
    expect(await storedEvents(pool, runId)).toEqual([]);
    proxy.restore();
    await flushed;
    expect(await storedEvents(pool, runId)).toEqual(run.emitted);
    const { rows } = await pool.query("SELECT status, event_count FROM runs WHERE id = $1", [runId]);
    expect(rows[0]).toEqual({ status: "completed", event_count: run.emitted.length });
    await writer.close();
  });

  it("gives up after retryForMs, says which run lost which events, and flush(runId) rejects", async () => {
    const graph = await createWorkspaceGraph(pool);
    const conversationId = await createConversation(pool, graph);
    const runId = await createRunRow(pool, graph, conversationId, "go");
    const failures: RunEventWriteFailure[] = [];
    const writer = createRunEventWriter(proxied, { retryForMs: 300, onError: (failure) => failures.push(failure) });
    proxy.cut();
    try {
      await runPersisted({ definition, pool, writer, runId, conversationId, input: "go" });
      const error = await writer.flush(runId).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RunEventsNotStoredError);
      expect(error).toMatchObject({ runId, lostFromSeq: 0 });
      const last = failures.at(-1)!;
      expect(last).toMatchObject({ runIds: [runId], willRetry: false });
      expect(last.error).toBe(error);
      // Later calls still say so.
      await expect(writer.flush(runId)).rejects.toBeInstanceOf(RunEventsNotStoredError);
    } finally {
      proxy.restore();
    }
    await writer.close();
  });

  it("isolates a run the database refuses (a constraint error): the others in the same batch are stored", async () => {
    const graph = await createWorkspaceGraph(pool);
    const failures: RunEventWriteFailure[] = [];
    // One big batch for all three runs (nothing is written before flush).
    const writer = createRunEventWriter(pool, {
      flushIntervalMs: 60_000,
      maxBatchEvents: 100_000,
      onError: (failure) => failures.push(failure),
    });
    const good = await Promise.all(
      [1, 2].map(async () => {
        const conversationId = await createConversation(pool, graph);
        const runId = await createRunRow(pool, graph, conversationId, "go");
        return runPersisted({ definition, pool, writer, runId, conversationId, input: "go" });
      }),
    );
    // No runs row: every event violates the foreign key.
    const orphanId = randomUUID();
    await runPersisted({
      definition,
      pool,
      writer,
      runId: orphanId,
      conversationId: await createConversation(pool, graph),
      input: "go",
    });
    await writer.flush();
    for (const run of good) {
      await expect(writer.flush(run.runId)).resolves.toBeUndefined();
      expect(await storedEvents(pool, run.runId)).toEqual(run.emitted);
    }
    await expect(writer.flush(orphanId)).rejects.toMatchObject({ runId: orphanId, lostFromSeq: 0 });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ runIds: [orphanId], willRetry: false });
    expect((failures[0].error as Error).message).toMatch(/foreign key/);
    await writer.close();
  });

  it("refuses events after close: reported once per run, and flush(runId) rejects", async () => {
    const failures: RunEventWriteFailure[] = [];
    const writer = createRunEventWriter(pool, { onError: (failure) => failures.push(failure) });
    await writer.close();
    const runId = randomUUID();
    const sink = writer.sinkFor(runId);
    // A stream to replay (recorded through a second writer, which cannot store it: there is no runs row).
    const recorder = createRunEventWriter(pool, { onError: () => {} });
    const { emitted: stream } = await runPersisted({
      definition,
      pool,
      writer: recorder,
      runId,
      conversationId: randomUUID(),
      input: "go",
    });
    await recorder.close();
    for (const event of stream) sink(event);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ runIds: [runId], willRetry: false });
    await expect(writer.flush(runId)).rejects.toMatchObject({ runId, lostFromSeq: 0 });
  });
});
