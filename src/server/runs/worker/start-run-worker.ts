/**
 * A run worker: takes `ags_run` jobs from graphile-worker's queue and
 * executes them, any number per process and any number of processes on any
 * machines sharing the database. It registers in `workers`, heartbeats
 * (itself and its running runs), sweeps runs of lost workers (at start and
 * every SWEEP_INTERVAL_MS), and cancels its runs when asked through
 * RUN_CANCEL_CHANNEL or `runs.cancel_requested_at`. `stop()` is graceful:
 * no new jobs, its runs cancelled ("worker stopped"), every event stored.
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import { run as runQueue, type Runner } from "graphile-worker";
import pg from "pg";
import { z } from "zod";
import { HEARTBEAT_INTERVAL_MS, RUN_TASK, SWEEP_INTERVAL_MS, WORKER_LOST_ERROR } from "../contract";
import { openControlConnection } from "./control-connection";
import { DefinitionCache } from "./definition-cache";
import { LocalRuns } from "./local-runs";
import { createPrismaClient } from "@/server/db/client";
import { parseProviderEnv, providersFromEnv } from "./provider-env";
import { queueLogger } from "./queue-schema";
import { type RunJobContext, WORKER_STOPPED_REASON, executeRunJob } from "./run-job";
import { type RunPersistence, type WorkerLogger, consoleWorkerLogger } from "./run-persistence";
import { createPgRunPersistence } from "./pg-run-persistence";
import { type SweepOptions, sweepLostRuns } from "./sweeper";
import { DEFAULT_WORKER_CONCURRENCY } from "./worker-concurrency";

export interface RunWorkerOptions {
  connectionString: string;
  /** Runs executed at once by this worker (default 10). */
  concurrency?: number;
  /** Unique among live workers (default: `<host>-<pid>-<random>`). */
  workerId?: string;
  logger?: WorkerLogger;
  /** Where provider keys are read (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Storage of events, sessions and files (default: PostgreSQL through the same database). */
  persistence?: (pool: pg.Pool) => RunPersistence;
  /** When a running run counts as lost (default: the contract's intervals). */
  sweep?: SweepOptions;
}

/** A started worker. */
export interface RunWorker {
  workerId: string;
  /** Graceful stop: resolves once its runs have ended and their events are stored. Idempotent. */
  stop(): Promise<void>;
}

/** Upper bound of a worker's own pool, whatever its concurrency. */
const MAX_WORKER_CONNECTIONS = 20;

const jobPayloadSchema = z.object({ runId: z.uuid() });

function defaultWorkerId(): string {
  return `${os.hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
}

/** Starts a worker; resolves once it is registered and taking jobs. */
export async function startRunWorker(options: RunWorkerOptions): Promise<RunWorker> {
  const logger = options.logger ?? consoleWorkerLogger;
  const concurrency = options.concurrency ?? DEFAULT_WORKER_CONCURRENCY;
  const workerId = options.workerId ?? defaultWorkerId();
  let stopping = false;
  const providers = providersFromEnv(parseProviderEnv(options.env ?? process.env));
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    // Queries are short (sessions, files, event batches): a few connections serve many runs, and
    // PostgreSQL's connection limit (100 by default) is shared by every process.
    max: Math.min(concurrency + 4, MAX_WORKER_CONNECTIONS),
    application_name: `ags-worker ${workerId}`.slice(0, 63),
  });
  const queuePool = new pg.Pool({
    connectionString: options.connectionString,
    max: Math.min(10, concurrency + 2),
    application_name: `ags-worker ${workerId} queue`.slice(0, 63),
  });
  // A connection that drops while idle must not crash the process; ended by us (graphile-worker does not wait for its own).
  for (const [name, each] of [
    ["worker pool", pool],
    ["queue pool", queuePool],
  ] as const) {
    // pg's end() does not wait for the sockets to close: a database stopped right after us is no news.
    each.on("error", (error) => stopping || logger.warn(`${name}: ${error.message}`));
    each.on("connect", (client) => client.on("error", () => {}));
  }
  const persistence = options.persistence?.(pool) ?? createPgRunPersistence(pool, (message) => logger.error(message));
  const runs = new LocalRuns();
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  const cleanup = async () => {
    for (const step of cleanups.splice(0).reverse()) await Promise.resolve(step()).catch(() => {});
  };
  cleanups.push(() => pool.end());
  cleanups.push(() => queuePool.end());
  // Prisma reads what a run needs from its workspace (providers, prices, tools) when it starts.
  const db = createPrismaClient(options.connectionString, { maxConnections: 2 });
  cleanups.push(() => db.$disconnect());

  try {
    await pool.query(
      `INSERT INTO workers (id, hostname, pid, started_at, heartbeat_at) VALUES ($1, $2, $3, now(), now())
       ON CONFLICT (id) DO UPDATE SET hostname = $2, pid = $3, started_at = now(), heartbeat_at = now(), stopped_at = NULL`,
      [workerId, os.hostname(), process.pid],
    );
    const control = await openControlConnection({
      connectionString: options.connectionString,
      workerId,
      logger,
      onCancel: (request) =>
        request.taskId
          ? runs.cancelTask(request.runId, request.taskId, request.reason)
          : runs.cancel(request.runId, request.reason),
    });
    cleanups.push(() => control.close());

    const sweep = async () => {
      for (const swept of await sweepLostRuns(pool, options.sweep))
        logger.warn(`run ${swept.runId} failed: ${swept.error}`);
    };
    await sweep();
    const heartbeat = async () => {
      await pool.query("UPDATE workers SET heartbeat_at = now() WHERE id = $1", [workerId]);
      const ids = runs.ids();
      if (ids.length === 0) return;
      const { rows } = await pool.query<{ id: string; cancel_reason: string | null }>(
        `UPDATE runs SET heartbeat_at = now() WHERE id = ANY($1::uuid[]) AND worker_id = $2 AND status = 'running'
         RETURNING id, CASE WHEN cancel_requested_at IS NULL THEN NULL ELSE COALESCE(cancel_reason, 'cancelled') END AS cancel_reason`,
        [ids, workerId],
      );
      // A cancel whose NOTIFY was missed (connection reopening) is still seen here.
      for (const row of rows) if (row.cancel_reason !== null) runs.cancel(row.id, row.cancel_reason);
      // A started run that is no longer ours and running was swept (we looked dead): stop it, store nothing more.
      const alive = new Set(rows.map((row) => row.id));
      const missing = runs.startedIds().filter((runId) => !alive.has(runId));
      if (missing.length === 0) return;
      const swept = await pool.query<{ id: string }>(
        "SELECT id FROM runs WHERE id = ANY($1::uuid[]) AND status = 'failed' AND starts_with(error, $2)",
        [missing, WORKER_LOST_ERROR],
      );
      for (const { id } of swept.rows) {
        logger.warn(`run ${id} was failed by a sweeper while this worker ran it; stopping it`);
        runs.markLost(id);
      }
    };
    // A tick still running when the worker stops may meet a closed pool: no news then.
    cleanups.push(
      every(HEARTBEAT_INTERVAL_MS, heartbeat, (error) => stopping || logger.warn(`heartbeat: ${error.message}`)),
    );
    cleanups.push(every(SWEEP_INTERVAL_MS, sweep, (error) => stopping || logger.warn(`sweeper: ${error.message}`)));

    const context: RunJobContext = {
      pool,
      db,
      workerId,
      persistence,
      providers,
      runs,
      definitions: new DefinitionCache(),
      logger,
      isStopping: () => stopping,
    };
    const runner: Runner = await runQueue({
      pgPool: queuePool,
      concurrency,
      noHandleSignals: true,
      logger: queueLogger((message) => logger.warn(message)),
      taskList: {
        [RUN_TASK]: async (payload, helpers) => {
          const { runId } = jobPayloadSchema.parse(payload);
          await executeRunJob(context, runId, helpers.abortSignal);
        },
      },
    });

    let stopped: Promise<void> | null = null;
    const stop = () =>
      (stopped ??= (async () => {
        stopping = true;
        const queueStopped = runner.stop().catch((error: unknown) => {
          logger.warn(`queue stop: ${(error as Error).message}`);
        });
        runs.cancelAll(WORKER_STOPPED_REASON);
        await queueStopped;
        await persistence.writer.close().catch((error: unknown) => {
          logger.error(`storing the last events failed: ${(error as Error).message}`);
        });
        await pool.query("UPDATE workers SET stopped_at = now() WHERE id = $1", [workerId]).catch(() => {});
        await cleanup();
      })());
    return { workerId, stop };
  } catch (error) {
    await persistence.writer.close().catch(() => {});
    await cleanup();
    throw error;
  }
}

/** Calls `task` every `ms` (never two at once); returns the function that stops it. */
function every(ms: number, task: () => Promise<void>, onError: (error: Error) => unknown): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    task()
      .catch(onError)
      .finally(() => (busy = false));
  }, ms);
  timer.unref();
  return () => clearInterval(timer);
}
