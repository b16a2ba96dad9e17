import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RuntimeEvent } from "@/core/runtime";
import { buildTrace } from "@/core/trace";
import { setupTestDatabase } from "@/server/db/test-db";
import { RUN_EVENTS_CHANNEL } from "../contract";
import { startRunWorker } from "./start-run-worker";
import { sweepLostRuns } from "./sweeper";
import { TAKE_WORKER_LOCK_SQL } from "./worker-lock";
import { createGraph, createRun, exampleDefinition, runRow, storedEvents } from "./testing/run-fixtures";

const db = setupTestDatabase({ queue: true });
let pool: pg.Pool;
let graph: { workspaceId: string; graphId: string };
let listener: pg.Client;
const notifications: string[] = [];

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: db.connectionString, max: 4 });
  // Idle clients are cut when the test server stops: not an error of the code under test.
  pool.on("error", () => {});
  graph = await createGraph(db.prisma);
  listener = new pg.Client({ connectionString: db.connectionString });
  await listener.connect();
  listener.on("notification", (message) => notifications.push(message.payload ?? ""));
  await listener.query(`LISTEN ${RUN_EVENTS_CHANNEL}`);
});

afterAll(async () => {
  await listener?.end();
  await pool?.end();
});

/** A run a worker claimed and started: RUN_START, AGENT_START and a model call stored, nothing after. */
async function abandonedRun(workerId: string, heartbeatAgeSeconds: number): Promise<string> {
  const { runId } = await createRun(db.prisma, pool, graph, {
    definition: exampleDefinition("research-team"),
    enqueue: false,
  });
  const base = { runId, timestamp: Date.now() - 60_000, source: null };
  const events = [
    {
      ...base,
      type: "RUN_START",
      seq: 0,
      spanId: "s1",
      parentSpanId: null,
      graphName: "Research team",
      rootAgentId: "lead",
      conversationId: randomUUID(),
      input: "q",
      forceSync: false,
    },
    {
      ...base,
      type: "AGENT_START",
      seq: 1,
      spanId: "s2",
      parentSpanId: "s1",
      agentId: "lead",
      agentName: "Lead researcher",
      depth: 0,
      role: "orchestrator",
      sessionId: "x",
      input: "q",
    },
  ];
  for (const event of events)
    await pool.query("INSERT INTO run_events (run_id, seq, type, span_id, data) VALUES ($1, $2, $3, $4, $5)", [
      runId,
      event.seq,
      event.type,
      event.spanId,
      JSON.stringify(event),
    ]);
  await pool.query(
    `INSERT INTO run_spans (run_id, span_id, parent_span_id, kind, name, status, started_at)
     VALUES ($1, 's1', NULL, 'RUN', 'Research team', 'running', now() - interval '1 minute'),
            ($1, 's2', 's1', 'AGENT', 'lead', 'running', now() - interval '1 minute')`,
    [runId],
  );
  await pool.query(
    `UPDATE runs SET status = 'running', worker_id = $2, started_at = now() - interval '1 minute',
       heartbeat_at = now() - make_interval(secs => $3), event_count = 2 WHERE id = $1`,
    [runId, workerId, heartbeatAgeSeconds],
  );
  return runId;
}

describe("the sweeper", () => {
  it("fails a run whose worker is gone: RUN_END at the next seq, open spans failed, subscribers told", async () => {
    const runId = await abandonedRun("ghost-worker", 15); // no lock: the process died; two heartbeats missed

    const swept = await sweepLostRuns(pool);

    expect(swept.map((run) => run.runId)).toEqual([runId]);
    const run = await runRow(pool, runId);
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/^worker lost: worker ghost-worker/);
    expect(run.event_count).toBe(3);
    expect(run.ended_at).not.toBeNull();
    const events = await storedEvents(pool, runId);
    expect(events.map((event) => event.type)).toEqual(["RUN_START", "AGENT_START", "RUN_END"]);
    expect(events[2]).toMatchObject({ seq: 2, spanId: "s1", status: "failed", error: run.error });
    const spans = await pool.query("SELECT span_id, status FROM run_spans WHERE run_id = $1 ORDER BY span_id", [runId]);
    expect(spans.rows).toEqual([
      { span_id: "s1", status: "failed" },
      { span_id: "s2", status: "failed" },
    ]);
    await expect.poll(() => notifications).toEqual(expect.arrayContaining([`${runId}:2`, `${runId}:end`]));
    expect(buildTrace(events as RuntimeEvent[]).finished).toBe(true);
    // Swept once only.
    expect(await sweepLostRuns(pool)).toEqual([]);
  });

  it("leaves the run of a live worker alone, and fails it once its heartbeat is stale (a hung worker)", async () => {
    const holder = new pg.Client({ connectionString: db.connectionString });
    await holder.connect();
    try {
      await holder.query(TAKE_WORKER_LOCK_SQL, ["live-worker"]);
      const quiet = await abandonedRun("live-worker", 15);
      expect(await sweepLostRuns(pool)).toEqual([]);
      expect((await runRow(pool, quiet)).status).toBe("running");

      await pool.query("UPDATE runs SET heartbeat_at = now() - interval '31 seconds' WHERE id = $1", [quiet]);
      expect((await sweepLostRuns(pool)).map((run) => run.runId)).toEqual([quiet]);
    } finally {
      await holder.end();
    }
  });

  it("runs when a worker starts: a restarted server fails the runs of workers that no longer exist", async () => {
    const runId = await abandonedRun("killed-before-restart", 12);

    const worker = await startRunWorker({
      connectionString: db.connectionString,
      concurrency: 1,
      env: {},
      logger: { info() {}, warn() {}, error() {} },
    });
    try {
      const run = await runRow(pool, runId);
      expect(run.status).toBe("failed");
      expect(run.error).toMatch(/^worker lost/);
    } finally {
      await worker.stop();
    }
  });
});
