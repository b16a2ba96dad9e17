/**
 * Scenario 5 and the event persistence figures, on a throwaway embedded
 * PostgreSQL (migrated like production, plus graphile-worker's schema):
 *
 * 1. **Runs through the queue and a worker** — N run rows of scenario 2 (the
 *    handoff scenario, 50 ms per model call; `add` served by the built-in
 *    `calculator`, since a worker has no bench tool runner) are queued, their
 *    jobs added in one statement, and a worker process (`server-worker.ts`,
 *    concurrency N, its own peak RSS) executes them with persistence on.
 *    Wall = from adding the jobs until every run's RUN_END is stored (NOTIFY
 *    `<runId>:<lastSeq>`), against the critical path (250 ms). A subscriber
 *    process (`server-subscriber.ts`: one `RunEventHub`, as a web process
 *    serves `runs.events`) follows every run and times each event from emit
 *    to delivery.
 * 2. **The event writer alone** — the stored events of one of those runs are
 *    replayed (fresh run ids, timestamps taken at emit) into
 *    `createRunEventWriter` in this process: as fast as it takes them
 *    (events/s stored), then paced at a fixed rate (default 20,000 events/s),
 *    both with the subscriber following every replayed run (latency p50/p95).
 *
 * Prints one `@@BENCH_RESULT` line (ServerBenchResult).
 *
 *   node --import tsx bench/workers/server-runs.ts --runs 1000 --latency 50 --replay-runs 1000 --rate 20000 --seconds 3
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { compile } from "../../src/core/compiler";
import type { RuntimeEvent } from "../../src/core/runtime";
import { applyMigrations } from "../../src/server/db/migrations";
import { startTemporaryPostgres } from "../../src/server/db/temporary-postgres";
import { RUN_EVENTS_CHANNEL, RUN_TASK } from "../../src/server/runs/contract";
import { createRunEventWriter } from "../../src/server/runs/persistence";
import { installQueueSchema } from "../../src/server/runs/worker";
import { bundledPath, isBundled } from "../lib/bundle";
import { emitResult } from "../lib/child-protocol";
import { handoffScenario } from "../lib/scripts";
import { scenarioDocument } from "../runtimes/ours-graph";
import type { ServerWorkerReport } from "./server-worker";
import type { SubscriberReport } from "./server-subscriber";

export interface LatencySummary {
  events: number;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
}

export interface QueueRunsResult {
  runs: number;
  latencyMs: number;
  criticalPathMs: number;
  workers: number;
  concurrency: number;
  /** Adding the N jobs (one statement). */
  enqueueMs: number;
  /** Jobs added → every RUN_END stored. */
  wallMs: number;
  ratio: number;
  completed: number;
  failed: number;
  storedEvents: number;
  expectedEvents: number;
  toolErrors: number;
  eventsPerSec: number;
  workerPeakRssBytes: number | null;
  workerCpuMsPerRun: number;
  workerMainThreadCpuMs: number | null;
  subscriber: LatencySummary;
  subscriberRunsEnded: number;
  /** CPU time of the PostgreSQL server (all its processes) during the wall, or null. */
  postgresCpuMs: number | null;
}

export interface ReplayResult {
  mode: "max" | "paced";
  /** Offered rate (paced), events/s. */
  targetRate: number | null;
  runs: number;
  events: number;
  /** First emit → every event stored. */
  elapsedMs: number;
  storedPerSec: number;
  stored: number;
  subscriber: LatencySummary;
  /** CPU time of this process (the writer, and the replay feeding it) until every event was stored. */
  writerCpuMs: number;
  /** CPU time of the PostgreSQL server over the same stretch, or null. */
  postgresCpuMs: number | null;
}

export interface ServerBenchResult {
  ok: boolean;
  error: string | null;
  queue: QueueRunsResult | null;
  replay: ReplayResult[];
  notes: string[];
}

type Json = Record<string, unknown>;

/** Scenario 2 as a worker can run it: `add` becomes the built-in `calculator` ("a + b"). */
function serverScenarioDocument(latencyMs: number): Json {
  const document = JSON.parse(JSON.stringify(scenarioDocument(handoffScenario(), latencyMs, false))) as Json;
  delete document.tools;
  for (const agent of document.agents as Json[]) {
    agent.tools = (agent.tools as string[]).map((tool) => (tool === "add" ? "calculator" : tool));
    for (const entry of agent.modelChain as Json[]) {
      for (const turn of ((entry.script as Json).turns as Json[]) ?? []) {
        for (const call of (turn.calls as Json[] | undefined) ?? []) {
          if (call.tool !== "add") continue;
          const { a, b } = call.args as { a: number; b: number };
          call.tool = "calculator";
          call.args = { expression: `${a} + ${b}` };
        }
      }
    }
  }
  return document;
}

function summarise(sortedMs: number[]): LatencySummary {
  const at = (q: number) =>
    sortedMs.length ? sortedMs[Math.min(sortedMs.length - 1, Math.ceil(q * sortedMs.length) - 1)] : null;
  return {
    events: sortedMs.length,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    p99Ms: at(0.99),
    maxMs: sortedMs.length ? sortedMs[sortedMs.length - 1] : null,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** utime + stime of a /proc stat line, in ms (10 ms ticks), and its parent pid. */
function statOf(pid: string): { ppid: number; cpuMs: number; cmd: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return {
      ppid: Number(fields[1]),
      cpuMs: (Number(fields[11]) + Number(fields[12])) * 10,
      cmd: readFileSync(`/proc/${pid}/cmdline`, "utf8"),
    };
  } catch {
    return null;
  }
}

/**
 * CPU time so far of the PostgreSQL server on `dataDir`: the postmaster and
 * every process it forked (backends, writers), live ones only (Linux), or null.
 */
function postgresCpuMs(dataDir: string): number | null {
  try {
    const all = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
    const stats = new Map(all.map((pid) => [Number(pid), statOf(pid)] as const));
    const postmaster = [...stats].find(([, stat]) => stat?.cmd.includes(dataDir))?.[0];
    if (postmaster === undefined) return null;
    let total = 0;
    for (const [pid, stat] of stats) if (stat && (pid === postmaster || stat.ppid === postmaster)) total += stat.cpuMs;
    return total;
  } catch {
    return null;
  }
}

const delta = (before: number | null, after: number | null) =>
  before !== null && after !== null ? after - before : null;

/** A bench child with an IPC channel (bundled when the harness is). */
class Child {
  private readonly process: ChildProcess;
  private readonly inbox: Array<{ type: string }> = [];
  private waiting: { type: string; resolve: (message: never) => void } | null = null;
  private exited: string | null = null;

  constructor(script: string, args: string[]) {
    this.process = spawn(
      process.execPath,
      [
        "--expose-gc",
        // Profiling aid: AGS_BENCH_WORKER_PROFILE=<dir> writes the worker's CPU profile there when it exits.
        ...(process.env.AGS_BENCH_WORKER_PROFILE && script.endsWith("server-worker.ts")
          ? ["--cpu-prof", `--cpu-prof-dir=${process.env.AGS_BENCH_WORKER_PROFILE}`]
          : []),
        ...(isBundled() ? [bundledPath(script)] : ["--import", "tsx", script]),
        ...args,
      ],
      { stdio: ["ignore", "inherit", "inherit", "ipc"], env: { ...process.env, NODE_ENV: "production" } },
    );
    this.process.on("message", (message: { type: string }) => {
      if (this.waiting?.type === message.type) {
        const { resolve } = this.waiting;
        this.waiting = null;
        resolve(message as never);
      } else this.inbox.push(message);
    });
    this.process.on("exit", (code, signal) => {
      this.exited = `${script} exited (${code ?? signal})`;
    });
  }

  send(message: object): void {
    this.process.send(message);
  }

  /** The next message of `type` (also one that arrived earlier), or a rejection after `timeoutMs` or on exit. */
  next<T>(type: string, timeoutMs: number): Promise<T> {
    const index = this.inbox.findIndex((message) => message.type === type);
    if (index >= 0) return Promise.resolve(this.inbox.splice(index, 1)[0] as T);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        reject(new Error(this.exited ?? `no "${type}" within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting = {
        type,
        resolve: (message: never) => {
          clearTimeout(timer);
          resolve(message as T);
        },
      };
    });
  }

  async stop(graceful: boolean): Promise<void> {
    if (this.exited) return;
    const exited = new Promise((resolve) => this.process.once("exit", resolve));
    if (graceful && this.process.connected) this.send({ type: "stop" });
    else this.process.kill("SIGTERM");
    const timer = setTimeout(() => this.process.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

async function createRows(
  pool: pg.Pool,
  graph: { workspaceId: string; graphId: string },
  count: number,
  definition: unknown,
  status: "queued" | "running",
): Promise<string[]> {
  const runIds = Array.from({ length: count }, () => randomUUID());
  const conversationIds = Array.from({ length: count }, () => randomUUID());
  await pool.query(
    `INSERT INTO conversations (id, workspace_id, graph_id, updated_at) SELECT id, $2, $3, now() FROM unnest($1::uuid[]) AS id`,
    [conversationIds, graph.workspaceId, graph.graphId],
  );
  await pool.query(
    `INSERT INTO runs (id, workspace_id, graph_id, definition, content_hash, graph_name, conversation_id, input, status)
     SELECT r.id, $3, $4, $5::jsonb, 'bench', 'bench', r.conversation_id, 'go', $6::run_status
     FROM unnest($1::uuid[], $2::uuid[]) AS r(id, conversation_id)`,
    [runIds, conversationIds, graph.workspaceId, graph.graphId, JSON.stringify(definition), status],
  );
  return runIds;
}

/** Resolves once every run in `runIds` has NOTIFYed `lastSeq` (its RUN_END stored); returns when that was. */
function waitForEnds(listener: pg.Client, runIds: string[], lastSeq: number, timeoutMs: number): Promise<number> {
  const pending = new Set(runIds);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${pending.size} of ${runIds.length} runs not ended within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onNotify = (message: pg.Notification) => {
      const payload = message.payload ?? "";
      const separator = payload.lastIndexOf(":");
      const runId = payload.slice(0, separator);
      const tail = payload.slice(separator + 1);
      if (!pending.has(runId) || (tail !== "end" && Number(tail) < lastSeq)) return;
      pending.delete(runId);
      if (pending.size === 0) {
        clearTimeout(timer);
        listener.off("notification", onNotify);
        resolve(performance.now());
      }
    };
    listener.on("notification", onNotify);
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "1000" },
      latency: { type: "string", default: "50" },
      workers: { type: "string", default: "1" },
      "replay-runs": { type: "string", default: "1000" },
      rate: { type: "string", default: "20000" },
      seconds: { type: "string", default: "3" },
      "timeout-ms": { type: "string", default: "600000" },
    },
  });
  const runs = Number(values.runs);
  const latencyMs = Number(values.latency);
  const workers = Math.max(1, Number(values.workers));
  const replayRuns = Number(values["replay-runs"]);
  const rate = Number(values.rate);
  const seconds = Number(values.seconds);
  const timeoutMs = Number(values["timeout-ms"]);
  const spec = handoffScenario();
  const criticalPathMs = spec.criticalPathCalls * latencyMs;
  const notes: string[] = [];

  const compiled = compile(serverScenarioDocument(latencyMs));
  if (!compiled.definition)
    throw new Error(`scenario 5 graph does not compile: ${JSON.stringify(compiled.diagnostics)}`);
  const definition = compiled.definition;

  const server = await startTemporaryPostgres("ags_bench");
  const children: Child[] = [];
  const pool = new pg.Pool({ connectionString: server.connectionString, max: 6 });
  pool.on("error", () => {});
  const listener = new pg.Client({ connectionString: server.connectionString });
  listener.on("error", () => {});
  try {
    // The migrations of this checkout (a bundled build cannot find them from its own location).
    await applyMigrations(server.connectionString, { migrationsDir: path.resolve("prisma/migrations") });
    await installQueueSchema(server.connectionString);
    await listener.connect();
    await listener.query(`LISTEN ${RUN_EVENTS_CHANNEL}`);
    const workspaceId = randomUUID();
    const graphId = randomUUID();
    await pool.query("INSERT INTO workspaces (id, slug, name, updated_at) VALUES ($1, $2, 'Bench', now())", [
      workspaceId,
      `bench-${workspaceId.slice(0, 8)}`,
    ]);
    await pool.query(
      "INSERT INTO graphs (id, workspace_id, name, draft, updated_at) VALUES ($1, $2, 'bench', '{}', now())",
      [graphId, workspaceId],
    );
    const graph = { workspaceId, graphId };
    const enqueue = (ids: string[]) =>
      pool.query(
        "SELECT graphile_worker.add_job($1, json_build_object('runId', id), max_attempts => 1) FROM unnest($2::uuid[]) AS id",
        [RUN_TASK, ids],
      );

    // Workers and the subscriber.
    const perWorker = Math.ceil(runs / workers);
    const workerChildren = Array.from(
      { length: workers },
      () =>
        new Child("bench/workers/server-worker.ts", [
          "--database",
          server.connectionString,
          "--concurrency",
          String(perWorker),
        ]),
    );
    children.push(...workerChildren);
    const subscriber = new Child("bench/workers/server-subscriber.ts", ["--database", server.connectionString]);
    children.push(subscriber);
    await Promise.all([...workerChildren.map((w) => w.next("ready", 60_000)), subscriber.next("ready", 60_000)]);

    // Warm-up: a few runs through the whole path (JIT, connections); also tells the last seq of a run.
    const warmIds = await createRows(pool, graph, Math.min(50, runs), definition, "queued");
    const warmEnded = waitForEnds(listener, warmIds, Number.MAX_SAFE_INTEGER, 120_000).catch(() => null);
    await enqueue(warmIds);
    const deadline = Date.now() + 120_000;
    let eventCount = 0;
    for (;;) {
      const { rows } = await pool.query<{ done: number; events: number }>(
        `SELECT count(*) FILTER (WHERE status IN ('completed', 'failed', 'cancelled', 'budget_exceeded'))::int AS done,
                max(event_count)::int AS events FROM runs WHERE id = ANY($1::uuid[])`,
        [warmIds],
      );
      if (rows[0].done === warmIds.length) {
        eventCount = rows[0].events;
        break;
      }
      if (Date.now() > deadline) throw new Error("warm-up runs did not end within 120 s");
      await sleep(50);
    }
    void warmEnded;
    const lastSeq = eventCount - 1;

    // 1. N runs through the queue.
    const runIds = await createRows(pool, graph, runs, definition, "queued");
    subscriber.send({ type: "subscribe", runIds });
    await subscriber.next("subscribed", 120_000);
    subscriber.send({ type: "reset" });
    await subscriber.next("reset", 10_000);
    for (const worker of workerChildren) worker.send({ type: "reset" });
    await Promise.all(workerChildren.map((w) => w.next("reset", 10_000)));
    const ended = waitForEnds(listener, runIds, lastSeq, timeoutMs);
    const pg0 = postgresCpuMs(server.dataDir);
    const t0 = performance.now();
    await enqueue(runIds);
    const enqueueMs = performance.now() - t0;
    const t1 = await ended;
    const wallMs = t1 - t0;
    const postgresMs = delta(pg0, postgresCpuMs(server.dataDir));
    for (const worker of workerChildren) worker.send({ type: "report" });
    const workerReports = await Promise.all(workerChildren.map((w) => w.next<ServerWorkerReport>("report", 10_000)));
    // The subscriber may still be reading the last rows.
    let subscribed: SubscriberReport;
    const readBy = Date.now() + 10_000;
    do {
      subscriber.send({ type: "report" });
      subscribed = await subscriber.next<SubscriberReport>("report", 10_000);
      if (subscribed.runsEnded >= runs) break;
      await sleep(100);
    } while (Date.now() < readBy);
    if (subscribed.errors.length) notes.push(`subscriber errors: ${subscribed.errors.join("; ")}`);
    const { rows: check } = await pool.query<{
      completed: number;
      failed: number;
      events: number;
      tool_errors: number;
    }>(
      `SELECT count(*) FILTER (WHERE status = 'completed')::int AS completed,
              count(*) FILTER (WHERE status <> 'completed')::int AS failed,
              (SELECT count(*)::int FROM run_events WHERE run_id = ANY($1::uuid[])) AS events,
              (SELECT count(*)::int FROM run_events WHERE run_id = ANY($1::uuid[]) AND type = 'TOOL_CALL_END'
                 AND (data->>'isError')::boolean) AS tool_errors
       FROM runs WHERE id = ANY($1::uuid[])`,
      [runIds],
    );
    const cpuMs = workerReports.reduce((sum, r) => sum + r.cpuMs, 0);
    const queue: QueueRunsResult = {
      runs,
      latencyMs,
      criticalPathMs,
      workers,
      concurrency: perWorker,
      enqueueMs,
      wallMs,
      ratio: wallMs / criticalPathMs,
      completed: check[0].completed,
      failed: check[0].failed,
      storedEvents: check[0].events,
      expectedEvents: runs * eventCount,
      toolErrors: check[0].tool_errors,
      eventsPerSec: check[0].events / (wallMs / 1000),
      workerPeakRssBytes: Math.max(...workerReports.map((r) => r.peakRssBytes ?? r.rssBytes)),
      workerCpuMsPerRun: cpuMs / runs,
      workerMainThreadCpuMs: workerReports.every((r) => r.mainThreadCpuMs !== null)
        ? Math.max(...workerReports.map((r) => r.mainThreadCpuMs!))
        : null,
      subscriber: summarise(subscribed.latenciesMs),
      subscriberRunsEnded: subscribed.runsEnded,
      postgresCpuMs: postgresMs,
    };
    await Promise.all(workerChildren.map((w) => w.stop(true)));

    // 2. The writer alone, replaying one stored run's events.
    const { rows: templateRows } = await pool.query<{ data: RuntimeEvent }>(
      "SELECT data FROM run_events WHERE run_id = $1 ORDER BY seq",
      [runIds[0]],
    );
    const template = templateRows.map((row) => row.data);
    // [from, to) of each step: a new step where the emit time jumps by more than 10 ms (a model wait).
    const steps: Array<[number, number]> = [];
    for (let i = 0, from = 0; i < template.length; i++) {
      const last = i === template.length - 1;
      if (last || template[i + 1].timestamp - template[i].timestamp > 10) {
        steps.push([from, i + 1]);
        from = i + 1;
      }
    }
    const replay: ReplayResult[] = [];
    const writerPool = new pg.Pool({ connectionString: server.connectionString, max: 4 });
    writerPool.on("error", () => {});
    try {
      const maxRuns = replayRuns;
      const pacedRuns = Math.max(1, Math.ceil((rate * seconds) / template.length));
      for (const [mode, count] of [
        ["max", maxRuns],
        ["paced", pacedRuns],
      ] as const) {
        const ids = await createRows(pool, graph, count, definition, "running");
        subscriber.send({ type: "subscribe", runIds: ids });
        await subscriber.next("subscribed", 120_000);
        subscriber.send({ type: "reset" });
        await subscriber.next("reset", 10_000);
        const writer = createRunEventWriter(writerPool, {
          onError: (failure) => notes.push(`writer: ${String(failure.error)}`),
        });
        const sinks = ids.map((id) => writer.sinkFor(id));
        const replayEnded = waitForEnds(listener, ids, template.length - 1, timeoutMs);
        const total = count * template.length;
        const cpu0 = process.cpuUsage();
        const pgBefore = postgresCpuMs(server.dataDir);
        const started = performance.now();
        // Interleaved like concurrent runs: a run emits a step's events together (the template's events split
        // where its timestamps jump, i.e. at the model waits), and the runs take turns step by step.
        let emitted = 0;
        let step = 0;
        let inStep = 0;
        let r = 0;
        const emitNext = () => {
          const [from, to] = steps[step];
          const event = template[from + inStep];
          sinks[r]({ ...event, runId: ids[r], timestamp: Date.now() });
          emitted++;
          if (from + ++inStep < to) return;
          inStep = 0;
          if (++r < count) return;
          r = 0;
          step++;
        };
        if (mode === "max") {
          while (emitted < total) {
            emitNext();
            // Yield now and then, as a worker's event loop would between model responses.
            if (emitted % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
          }
        } else {
          // Paced: every 10 ms tick emits what the schedule says is due.
          while (emitted < total) {
            const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
            while (emitted < due) emitNext();
            await sleep(10);
          }
        }
        await writer.flush();
        const flushedAt = performance.now();
        const cpu = process.cpuUsage(cpu0);
        const pgMs = delta(pgBefore, postgresCpuMs(server.dataDir));
        await replayEnded.catch((error: Error) => notes.push(`replay ${mode}: ${error.message}`));
        await writer.close();
        let report: SubscriberReport;
        const by = Date.now() + 10_000;
        do {
          subscriber.send({ type: "report" });
          report = await subscriber.next<SubscriberReport>("report", 10_000);
          if (report.runsEnded >= count) break;
          await sleep(100);
        } while (Date.now() < by);
        const { rows } = await pool.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM run_events WHERE run_id = ANY($1::uuid[])",
          [ids],
        );
        const elapsedMs = flushedAt - started;
        replay.push({
          mode,
          targetRate: mode === "paced" ? rate : null,
          runs: count,
          events: total,
          elapsedMs,
          storedPerSec: rows[0].n / (elapsedMs / 1000),
          stored: rows[0].n,
          subscriber: summarise(report.latenciesMs),
          writerCpuMs: (cpu.user + cpu.system) / 1000,
          postgresCpuMs: pgMs,
        });
      }
    } finally {
      await writerPool.end();
    }
    const result: ServerBenchResult = { ok: true, error: null, queue, replay, notes };
    emitResult(result);
  } finally {
    await Promise.allSettled(children.map((child) => child.stop(false)));
    await listener.end().catch(() => {});
    await pool.end().catch(() => {});
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const result: ServerBenchResult = {
      ok: false,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      queue: null,
      replay: [],
      notes: [],
    };
    emitResult(result);
    process.exit(1);
  },
);
