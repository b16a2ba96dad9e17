/**
 * One job: claim a queued run, execute it with the runtime and persist its
 * events. A run is claimed with a conditional UPDATE (queued → running), so
 * a job delivered twice, or a run cancelled or finished meanwhile, is never
 * executed twice.
 */
import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { PrismaClient } from "@/generated/prisma/client";
import { type EventSink, runGraph } from "@/core/runtime";
import { createRunPorts } from "@/server/runtime/create-run-ports";
import { RUN_EVENTS_CHANNEL } from "../contract";
import { storedRunOptionsSchema, withBudgetOverrides } from "../run-options";
import { AbortFanOut } from "./abort-fan-out";
import type { DefinitionCache } from "./definition-cache";
import { enqueueRun } from "./enqueue-run";
import type { LocalRuns } from "./local-runs";
import type { WorkerProviders } from "./provider-env";
import { redactingSessionStore, redactingSink } from "./redact-secrets";
import { type RunResources, resolveRunResources } from "./run-resources";
import type { RunPersistence, WorkerLogger } from "./run-persistence";

/** What the jobs of one worker share. */
export interface RunJobContext {
  pool: pg.Pool;
  /** Reads the workspace's providers, prices and tools when a run starts. */
  db: PrismaClient;
  workerId: string;
  persistence: RunPersistence;
  providers: WorkerProviders;
  runs: LocalRuns;
  /** Parsed definitions by content hash, shared by the worker's jobs. */
  definitions: DefinitionCache;
  logger: WorkerLogger;
  isStopping(): boolean;
}

interface ClaimedRun {
  workspace_id: string;
  version_id: string | null;
  content_hash: string;
  conversation_id: string;
  input: string;
  options: unknown;
  cancel_requested_at: Date | null;
  cancel_reason: string | null;
}

/** The reason a run stopped by its worker's shutdown gets. */
export const WORKER_STOPPED_REASON = "worker stopped";

/** Executes run `runId` to its end (RUN_END stored), or does nothing when it is not queued. */
export async function executeRunJob(ctx: RunJobContext, runId: string, abortSignal?: AbortSignal): Promise<void> {
  if (ctx.isStopping()) {
    // Shutting down: hand the run back to the queue for another worker (or our next start).
    await enqueueRun(ctx.pool, runId);
    return;
  }
  if (!ctx.runs.reserve(runId)) return;
  try {
    const claimed = await claimRun(ctx, runId);
    if (!claimed) return;
    if (claimed.cancel_requested_at) ctx.runs.cancel(runId, claimed.cancel_reason ?? "cancelled");
    await executeClaimed(ctx, runId, claimed, abortSignal);
  } finally {
    ctx.runs.release(runId);
  }
}

async function claimRun(ctx: RunJobContext, runId: string): Promise<ClaimedRun | null> {
  const { rows } = await ctx.pool.query<ClaimedRun>(
    `UPDATE runs SET status = 'running', worker_id = $2, started_at = now(), heartbeat_at = now()
      WHERE id = $1 AND status = 'queued'
      RETURNING workspace_id, version_id, content_hash, conversation_id, input, options, cancel_requested_at, cancel_reason`,
    [runId, ctx.workerId],
  );
  return rows[0] ?? null;
}

async function executeClaimed(
  ctx: RunJobContext,
  runId: string,
  claimed: ClaimedRun,
  abortSignal: AbortSignal | undefined,
): Promise<void> {
  let handle: ReturnType<typeof runGraph>;
  let resources: RunResources | undefined;
  try {
    const options = storedRunOptionsSchema.parse(claimed.options ?? {});
    const parsed = await ctx.definitions.get(claimed.content_hash, () => definitionOf(ctx.pool, runId, claimed));
    const definition = withBudgetOverrides(parsed, options);
    resources = await resolveRunResources(ctx, claimed.workspace_id);
    const { secrets } = resources;
    const { ports } = await createRunPorts(
      definition,
      { time: "system" },
      {
        resolveCredential: resources.resolveCredential,
        ports: {
          ...(resources.tools ? { tools: resources.tools } : {}),
          ids: { newId: (kind) => (kind === "run" ? runId : randomUUID()) },
          sessions: redactingSessionStore(ctx.persistence.sessions, secrets),
          files: ctx.persistence.files,
          sinks: [redactingSink(fencedSink(ctx, runId), secrets)],
        },
      },
    );
    handle = runGraph(definition, {
      input: claimed.input,
      conversationId: claimed.conversation_id,
      ports: { ...ports, logger: ctx.logger },
      options: {
        forceSync: options.forceSync,
        secrets,
        ...(resources.priceTable ? { priceTable: resources.priceTable } : {}),
      },
    });
  } catch (error) {
    await resources?.close().catch(() => {});
    // Nothing ran: the run cannot start (a stored definition this build cannot read, bad options…).
    await failUnstarted(ctx, runId, `the run could not start: ${(error as Error).message}`);
    return;
  }

  ctx.runs.attach(runId, handle);
  const unsubscribe = abortSignal
    ? abortFanOut.subscribe(abortSignal, () => ctx.runs.cancel(runId, WORKER_STOPPED_REASON))
    : null;
  try {
    await handle.result;
    await ctx.persistence.writer.flush(runId);
  } catch (error) {
    ctx.logger.error(`run ${runId}: its events could not be stored: ${(error as Error).message}`);
    await failUnstarted(ctx, runId, `the run's events could not be stored: ${(error as Error).message}`);
  } finally {
    unsubscribe?.();
    await resources?.close().catch((error: Error) => ctx.logger.warn(`run ${runId}: ${error.message}`));
  }
}

/** The writer's sink for the run, closed once the run is known to be lost (its RUN_END is already stored). */
function fencedSink(ctx: RunJobContext, runId: string): EventSink {
  const sink = ctx.persistence.writer.sinkFor(runId);
  return (event) => {
    if (!ctx.runs.isLost(runId)) sink(event);
  };
}

/** One listener on graphile-worker's signal (the same for every job) for all the jobs of the process. */
const abortFanOut = new AbortFanOut();

/** The stored definition of the run: its version's, or its own snapshot (a draft run). */
async function definitionOf(pool: pg.Pool, runId: string, claimed: ClaimedRun): Promise<unknown> {
  if (!claimed.version_id) {
    const { rows } = await pool.query<{ definition: unknown }>("SELECT definition FROM runs WHERE id = $1", [runId]);
    if (rows[0]?.definition == null) throw new Error("the run has neither a version nor a definition");
    return rows[0].definition;
  }
  const { rows } = await pool.query<{ definition: unknown }>("SELECT definition FROM graph_versions WHERE id = $1", [
    claimed.version_id,
  ]);
  if (!rows[0]) throw new Error(`graph version ${claimed.version_id} no longer exists`);
  return rows[0].definition;
}

/** Marks a run this worker holds as failed without events of its own, and tells subscribers it ended. */
async function failUnstarted(ctx: RunJobContext, runId: string, error: string): Promise<void> {
  await ctx.pool.query(
    `WITH done AS (
       UPDATE runs SET status = 'failed', error = $3, ended_at = now(),
         duration_millis = GREATEST(0, (EXTRACT(EPOCH FROM (now() - started_at)) * 1000)::int)
       WHERE id = $1 AND worker_id = $2 AND status = 'running' RETURNING id)
     SELECT pg_notify($4, id || ':end') FROM done`,
    [runId, ctx.workerId, error, RUN_EVENTS_CHANNEL],
  );
  ctx.logger.warn(`run ${runId} failed: ${error}`);
}
