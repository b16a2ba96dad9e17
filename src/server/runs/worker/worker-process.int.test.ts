/**
 * `npm run worker` processes on one database: two of them share the jobs,
 * and a worker killed with SIGKILL mid-run leaves a run the other one's
 * sweeper fails ("worker lost") within 60 s, its stored events intact.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@/server/db/paths";
import { setupTestDatabase } from "@/server/db/test-db";
import { RUN_EVENTS_CHANNEL } from "../contract";
import { createGraph, createRun, exampleDefinition, isFinal, storedEvents, waitForRun } from "./testing/run-fixtures";

const db = setupTestDatabase({ queue: true });
let pool: pg.Pool;
let graph: { workspaceId: string; graphId: string };
const children: ChildProcess[] = [];

interface WorkerProcess {
  child: ChildProcess;
  workerId: string;
  output: () => string;
}

/** Starts `scripts/worker.ts` as `npm run worker` does; resolves once it takes jobs. */
async function spawnWorker(concurrency: number): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(REPO_ROOT, "scripts", "worker.ts")], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: db.connectionString, AGS_WORKER_CONCURRENCY: String(concurrency) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const workerId = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${output}`)), 60_000);
    const onData = () => {
      const match = /Worker (\S+) is taking runs/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited (${code}):\n${output}`));
    });
  });
  return { child, workerId, output: () => output };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: db.connectionString, max: 4 });
  // Idle clients are cut when the test server stops: not an error of the code under test.
  pool.on("error", () => {});
  graph = await createGraph(db.prisma);
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await Promise.all(children.map(exited));
  await pool?.end();
});

describe("worker processes", () => {
  let first: WorkerProcess;
  let second: WorkerProcess;

  it("share the jobs of one database", async () => {
    [first, second] = await Promise.all([spawnWorker(1), spawnWorker(1)]);
    const runs = await Promise.all(
      Array.from({ length: 4 }, () =>
        createRun(db.prisma, pool, graph, { definition: exampleDefinition("research-team", 200) }),
      ),
    );

    const finished = await Promise.all(runs.map(({ runId }) => waitForRun(pool, runId, isFinal, 60_000)));

    expect(finished.map((run) => run.status)).toEqual(["completed", "completed", "completed", "completed"]);
    expect(new Set(finished.map((run) => run.worker_id))).toEqual(new Set([first.workerId, second.workerId]));
  });

  it("a worker killed with SIGKILL mid-run: the run fails 'worker lost' within 60 s, its events intact", async () => {
    const listener = new pg.Client({ connectionString: db.connectionString });
    await listener.connect();
    const notifications: string[] = [];
    listener.on("notification", (message) => notifications.push(message.payload ?? ""));
    await listener.query(`LISTEN ${RUN_EVENTS_CHANNEL}`);
    try {
      const { runId } = await createRun(db.prisma, pool, graph, {
        definition: exampleDefinition("research-team", 600),
      });
      // Well into the run: the specialists are working.
      const running = await waitForRun(pool, runId, (run) => run.status === "running" && run.event_count >= 12);
      const victim = running.worker_id === first.workerId ? first : second;
      expect([first.workerId, second.workerId]).toContain(running.worker_id);

      victim.child.kill("SIGKILL");
      await exited(victim.child);
      const before = await storedEvents(pool, runId);

      const run = await waitForRun(pool, runId, isFinal, 60_000); // the deadline of "detected within 60 s"

      expect(run.status).toBe("failed");
      expect(run.error).toMatch(new RegExp(`^worker lost: worker ${victim.workerId}`));
      const after = await storedEvents(pool, runId);
      expect(after.slice(0, -1)).toEqual(before);
      expect(after.at(-1)).toMatchObject({ type: "RUN_END", seq: before.length, status: "failed", error: run.error });
      const open = await pool.query(
        "SELECT count(*)::int AS n FROM run_spans WHERE run_id = $1 AND status = 'running'",
        [runId],
      );
      expect(open.rows[0].n).toBe(0);
      expect(notifications).toContain(`${runId}:end`);
    } finally {
      await listener.end();
    }
  });

  it("stops gracefully on SIGTERM", async () => {
    const survivor = first.child.exitCode === null && first.child.signalCode === null ? first : second;
    const { runId } = await createRun(db.prisma, pool, graph, {
      definition: exampleDefinition("research-team", 2_000),
    });
    await waitForRun(pool, runId, (run) => run.status === "running" && run.event_count >= 3);

    survivor.child.kill("SIGTERM");
    await exited(survivor.child);

    expect(survivor.child.exitCode).toBe(0);
    const events = await storedEvents(pool, runId);
    expect(events.at(-1)).toMatchObject({ type: "RUN_END", status: "cancelled" });
    expect(survivor.output()).toContain("Worker stopped.");
  });
});
