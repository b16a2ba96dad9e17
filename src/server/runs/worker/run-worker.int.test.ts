import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTrace, verifyTrace } from "@/core/trace";
import { setupTestDatabase } from "@/server/db/test-db";
import { RUN_CANCEL_CHANNEL, type RunCancelRequest } from "../contract";
import type { WorkerLogger } from "./run-persistence";
import { type RunWorker, startRunWorker } from "./start-run-worker";
import { sweepLostRuns } from "./sweeper";
import {
  createGraph,
  createRun,
  exampleDefinition,
  isFinal,
  runRow,
  storedEvents,
  waitForRun,
} from "./testing/run-fixtures";

const db = setupTestDatabase({ queue: true });
let pool: pg.Pool;
let worker: RunWorker;
let graph: { workspaceId: string; graphId: string };
const logs: string[] = [];
const logger: WorkerLogger = {
  info: (message) => logs.push(message),
  warn: (message) => logs.push(message),
  error: (message) => logs.push(message),
};

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: db.connectionString, max: 4 });
  // Idle clients are cut when the test server stops: not an error of the code under test.
  pool.on("error", () => {});
  graph = await createGraph(db.prisma);
  worker = await startRunWorker({ connectionString: db.connectionString, concurrency: 4, logger, env: {} });
});

afterAll(async () => {
  await worker?.stop();
  await pool?.end();
});

/** Every span of the stored stream is closed and the stream is well formed. */
function expectWellFormed(events: Awaited<ReturnType<typeof storedEvents>>) {
  expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index));
  const trace = buildTrace(events);
  expect(trace.problems).toEqual([]);
  expect(trace.finished).toBe(true);
  expect([...trace.spans.values()].filter((span) => span.status === "running")).toEqual([]);
  expect(verifyTrace(trace)).toEqual([]);
}

async function sendCancel(request: RunCancelRequest): Promise<void> {
  // Another connection, as a web process would: the request row first, then the NOTIFY.
  const client = new pg.Client({ connectionString: db.connectionString });
  await client.connect();
  try {
    if (!request.taskId)
      await client.query("UPDATE runs SET cancel_requested_at = now(), cancel_reason = $2 WHERE id = $1", [
        request.runId,
        request.reason,
      ]);
    await client.query("SELECT pg_notify($1, $2)", [RUN_CANCEL_CHANNEL, JSON.stringify(request)]);
  } finally {
    await client.end();
  }
}

describe("a run worker", () => {
  it("registers itself and heartbeats", async () => {
    const { rows } = await pool.query("SELECT id, pid, stopped_at FROM workers WHERE id = $1", [worker.workerId]);
    expect(rows).toEqual([{ id: worker.workerId, pid: process.pid, stopped_at: null }]);
  });

  it("executes a queued run end to end and stores every event", async () => {
    const { runId, conversationId } = await createRun(db.prisma, pool, graph, {
      definition: exampleDefinition("research-team", 5),
    });

    const run = await waitForRun(pool, runId, isFinal);

    expect(run).toMatchObject({ status: "completed", error: null, worker_id: worker.workerId });
    expect(run.output).toContain("synthesis");
    expect(run.started_at).not.toBeNull();
    expect(run.ended_at).not.toBeNull();
    const events = await storedEvents(pool, runId);
    expect(run.event_count).toBe(events.length);
    expect(events[0]).toMatchObject({ type: "RUN_START", runId, conversationId });
    expect(events.at(-1)).toMatchObject({ type: "RUN_END", status: "completed" });
    expect(run.steps).toBe((events.at(-1) as { steps: number }).steps);
    expectWellFormed(events);
    // The specialists' files are in the conversation's workspaces.
    const files = await pool.query("SELECT path FROM workspace_files WHERE file_workspace LIKE $1", [
      `${conversationId}%`,
    ]);
    expect(files.rows.map((row) => row.path)).toContain("sources.md");
  });

  it("runs a stored version, with the run's budget overrides", async () => {
    const { runId } = await createRun(db.prisma, pool, graph, {
      definition: exampleDefinition("research-team", 5),
      asVersion: true,
      options: { budgets: { maxSteps: 1 } },
    });

    const run = await waitForRun(pool, runId, isFinal);

    expect(run.status).toBe("budget_exceeded");
    const events = await storedEvents(pool, runId);
    expect(events.some((event) => event.type === "BUDGET_EXCEEDED")).toBe(true);
    expectWellFormed(events);
  });

  it("claims a run once: a second job for the same run does nothing", async () => {
    const { runId } = await createRun(db.prisma, pool, graph, { definition: exampleDefinition("research-team", 5) });
    await pool.query(
      "SELECT graphile_worker.add_job('ags_run', json_build_object('runId', $1::text), max_attempts => 1)",
      [runId],
    );

    const run = await waitForRun(pool, runId, isFinal);
    // Let the duplicate job be taken too.
    await waitForJobs(pool);

    expect(run.status).toBe("completed");
    expect((await storedEvents(pool, runId)).filter((event) => event.type === "RUN_START")).toHaveLength(1);
  });

  it("cancels a running run on a NOTIFY from another connection: every START closed, RUN_END cancelled", async () => {
    const { runId } = await createRun(db.prisma, pool, graph, {
      definition: exampleDefinition("research-team", 2_000),
    });
    await waitForRun(pool, runId, (run) => run.status === "running" && run.event_count >= 3);

    await sendCancel({ runId, reason: "stopped by a test" });

    const run = await waitForRun(pool, runId, isFinal);
    expect(run.status).toBe("cancelled");
    const events = await storedEvents(pool, runId);
    expect(events.at(-1)).toMatchObject({ type: "RUN_END", status: "cancelled" });
    expectWellFormed(events);
  });

  it("cancels one background task on a NOTIFY naming it; the run goes on to its end", async () => {
    const { runId } = await createRun(db.prisma, pool, graph, {
      definition: exampleDefinition("support-triage", 1_000),
    });
    let taskId: string | undefined;
    await expect
      .poll(
        async () => {
          const accepted = (await storedEvents(pool, runId)).find((event) => event.type === "TASK_ACCEPTED");
          taskId = accepted && "taskId" in accepted ? accepted.taskId : undefined;
          return taskId;
        },
        { timeout: 30_000 },
      )
      .toBeDefined();

    await sendCancel({ runId, taskId, reason: "not needed any more" });

    const run = await waitForRun(pool, runId, isFinal);
    const events = await storedEvents(pool, runId);
    expect(events).toContainEqual(expect.objectContaining({ type: "TASK_CANCELLED", taskId }));
    expect(run.status).toBe("completed");
    expectWellFormed(events);
    const task = await pool.query("SELECT status FROM background_tasks WHERE run_id = $1 AND task_id = $2", [
      runId,
      taskId,
    ]);
    expect(task.rows).toEqual([{ status: "CANCELLED" }]);
  });

  it("honours a cancel requested before it took the job", async () => {
    const { runId } = await createRun(db.prisma, pool, graph, {
      definition: exampleDefinition("research-team", 2_000),
      cancelRequested: "changed my mind",
    });

    const run = await waitForRun(pool, runId, isFinal);

    expect(run.status).toBe("cancelled");
    const events = await storedEvents(pool, runId);
    expect(events.at(-1)).toMatchObject({ type: "RUN_END", status: "cancelled" });
    expectWellFormed(events);
  });

  it("fails a run whose stored definition it cannot read, and tells subscribers", async () => {
    const { runId } = await createRun(db.prisma, pool, graph, {
      definition: { ...exampleDefinition("research-team"), definitionVersion: 999 as never },
    });

    const run = await waitForRun(pool, runId, isFinal);

    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/could not start: .*definition version 999/);
  });

  it("stops a run another worker's sweeper failed (it looked dead), and stores nothing more of it", async () => {
    const { runId } = await createRun(db.prisma, pool, graph, {
      definition: exampleDefinition("research-team", 1_500),
    });
    await waitForRun(pool, runId, (run) => run.status === "running" && run.event_count >= 3);
    // As if its heartbeats had not arrived for 30 s: another worker's sweeper takes it.
    await pool.query("UPDATE runs SET heartbeat_at = now() - interval '31 seconds' WHERE id = $1", [runId]);
    const [swept] = await sweepLostRuns(pool);
    expect(swept?.runId).toBe(runId);

    await expect
      .poll(() => logs.some((line) => line.includes(`run ${runId} was failed by a sweeper`)), { timeout: 20_000 })
      .toBe(true);
    const events = await storedEvents(pool, runId);
    expect(events.at(-1)).toMatchObject({ type: "RUN_END", status: "failed", error: swept?.error });
    expect((await runRow(pool, runId)).event_count).toBe(events.length);
    // The worker goes on with other runs.
    const next = await createRun(db.prisma, pool, graph, { definition: exampleDefinition("research-team", 5) });
    expect((await waitForRun(pool, next.runId, isFinal)).status).toBe("completed");
  });

  it("stops gracefully: its runs end cancelled with every event stored, and it leaves the workers list", async () => {
    const second = await startRunWorker({ connectionString: db.connectionString, concurrency: 2, logger, env: {} });
    const { rows } = await pool.query<{ id: string }>("SELECT id FROM workers WHERE stopped_at IS NULL");
    expect(rows.map((row) => row.id).sort()).toEqual([worker.workerId, second.workerId].sort());
    // Only the second worker takes jobs for a while.
    await worker.stop();
    const { runId } = await createRun(db.prisma, pool, graph, {
      definition: exampleDefinition("research-team", 2_000),
    });
    await waitForRun(pool, runId, (run) => run.status === "running" && run.event_count >= 3);

    await second.stop();

    const run = await runRow(pool, runId);
    expect(run).toMatchObject({ status: "cancelled", worker_id: second.workerId });
    const events = await storedEvents(pool, runId);
    expect(events.at(-1)).toMatchObject({
      type: "RUN_END",
      status: "cancelled",
      error: expect.stringContaining("worker stopped"),
    });
    expectWellFormed(events);
    const stopped = await pool.query("SELECT stopped_at FROM workers WHERE id = $1", [second.workerId]);
    expect(stopped.rows[0].stopped_at).not.toBeNull();
    worker = await startRunWorker({ connectionString: db.connectionString, concurrency: 4, logger, env: {} });
  });
});

/** Waits until graphile-worker has no job left (taken and finished). */
async function waitForJobs(pool: pg.Pool, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE locked_at IS NOT NULL OR attempts = 0",
    );
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("jobs still pending");
}
