/**
 * The sweeper: no run stays "running" after its worker died. A running run
 * is lost when its heartbeat is older than HEARTBEAT_STALE_MS, or when its
 * worker's lock is gone (the process died: see worker-lock.ts) and it missed
 * two heartbeats. A lost run becomes failed ("worker lost…"): its open spans
 * and tasks are closed as failed, a RUN_END with the totals of the stored
 * events is appended at the next seq, and subscribers are told.
 */
import type pg from "pg";
import type { EventOfType, RuntimeEvent } from "@/core/runtime";
import type { TraceState } from "@/core/trace";
import { buildTrace, rootSpan } from "@/core/trace";
import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_STALE_MS, RUN_EVENTS_CHANNEL, WORKER_LOST_ERROR } from "../contract";
import { workerLockHeldSql } from "./worker-lock";

/** When a run counts as lost (defaults: the contract's). */
export interface SweepOptions {
  staleMs?: number;
  /** A run of a worker without its lock is lost once its heartbeat is this old. */
  unlockedGraceMs?: number;
}

/** A run the sweeper failed. */
export interface SweptRun {
  runId: string;
  workerId: string | null;
  error: string;
}

function lostCondition(options: SweepOptions): { sql: string; values: number[] } {
  const staleMs = options.staleMs ?? HEARTBEAT_STALE_MS;
  const graceMs = options.unlockedGraceMs ?? 2 * HEARTBEAT_INTERVAL_MS;
  return {
    sql: `r.status = 'running' AND (
      r.worker_id IS NULL OR r.heartbeat_at IS NULL
      OR r.heartbeat_at < now() - make_interval(secs => $1::float8 / 1000)
      OR (r.heartbeat_at < now() - make_interval(secs => $2::float8 / 1000) AND NOT ${workerLockHeldSql("r.worker_id")}))`,
    values: [staleMs, graceMs],
  };
}

/** Finds lost runs and fails each (one transaction per run; concurrent sweepers skip each other's). */
export async function sweepLostRuns(pool: pg.Pool, options: SweepOptions = {}): Promise<SweptRun[]> {
  const lost = lostCondition(options);
  const { rows } = await pool.query<{ id: string }>(
    `SELECT r.id FROM runs r WHERE ${lost.sql} ORDER BY r.id`,
    lost.values,
  );
  const swept: SweptRun[] = [];
  for (const { id } of rows) {
    const result = await failLostRun(pool, id, lost);
    if (result) swept.push(result);
  }
  return swept;
}

interface LockedRun {
  id: string;
  worker_id: string | null;
  heartbeat_at: Date | null;
  started_at: Date | null;
}

async function failLostRun(
  pool: pg.Pool,
  runId: string,
  lost: { sql: string; values: number[] },
): Promise<SweptRun | null> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const locked = await client.query<LockedRun>(
      `SELECT r.id, r.worker_id, r.heartbeat_at, r.started_at FROM runs r
        WHERE r.id = $3 AND ${lost.sql} FOR UPDATE OF r SKIP LOCKED`,
      [...lost.values, runId],
    );
    const run = locked.rows[0];
    if (!run) {
      await client.query("ROLLBACK");
      return null;
    }
    const error = lostMessage(run);
    const stored = await client.query<{ data: RuntimeEvent }>(
      "SELECT data FROM run_events WHERE run_id = $1 ORDER BY seq",
      [runId],
    );
    const events = stored.rows.map((row) => row.data);
    const trace = buildTrace(events);
    const runEnd = closingEvent(runId, trace, events.at(-1)?.seq ?? -1, error, run.started_at);
    await client.query("INSERT INTO run_events (run_id, seq, type, span_id, data) VALUES ($1, $2, $3, $4, $5)", [
      runId,
      runEnd.seq,
      runEnd.type,
      runEnd.spanId,
      JSON.stringify(runEnd),
    ]);
    await client.query(
      `UPDATE run_spans SET status = 'failed', error = COALESCE(error, $2), ended_at = now(),
         duration_millis = EXTRACT(EPOCH FROM (now() - started_at)) * 1000
       WHERE run_id = $1 AND status = 'running'`,
      [runId, error],
    );
    await client.query(
      `UPDATE background_tasks SET status = 'FAILED', error = COALESCE(error, $2), ended_at = now()
       WHERE run_id = $1 AND status = 'RUNNING'`,
      [runId, error],
    );
    const totals = runTotals(trace);
    await client.query(
      `UPDATE runs SET status = 'failed', error = $2, output = NULL,
         input_tokens = $3, output_tokens = $4, cached_input_tokens = $5, cost_usd = $6, unpriced_calls = $7,
         steps = $8, handoffs = $9, failed_handoffs = $10, event_count = $11, ended_at = now(),
         duration_millis = $12
       WHERE id = $1`,
      [
        runId,
        error,
        runEnd.usage.inputTokens,
        runEnd.usage.outputTokens,
        runEnd.usage.cachedInputTokens,
        runEnd.costUsd,
        totals.unpricedCalls,
        runEnd.steps,
        totals.handoffs,
        totals.failedHandoffs,
        runEnd.seq + 1,
        Math.round(runEnd.durationMillis),
      ],
    );
    // The event first (a hub reads it by seq), then the end of the run.
    await client.query("SELECT pg_notify($1, $2), pg_notify($1, $3)", [
      RUN_EVENTS_CHANNEL,
      `${runId}:${runEnd.seq}`,
      `${runId}:end`,
    ]);
    await client.query("COMMIT");
    return { runId, workerId: run.worker_id, error };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

function lostMessage(run: LockedRun): string {
  const who = run.worker_id ? `worker ${run.worker_id}` : "its worker";
  const since = run.heartbeat_at ? ` (last heartbeat ${run.heartbeat_at.toISOString()})` : "";
  return `${WORKER_LOST_ERROR}: ${who} stopped running it${since}`;
}

/** The RUN_END a lost run gets: totals of the events that were stored, at the next seq. */
export function closingEvent(
  runId: string,
  trace: TraceState,
  lastSeq: number,
  error: string,
  startedAt: Date | null,
): EventOfType<"RUN_END"> {
  const root = rootSpan(trace);
  const now = Date.now();
  const started = root?.startedAt ?? startedAt?.getTime() ?? now;
  return {
    type: "RUN_END",
    runId,
    seq: lastSeq + 1,
    timestamp: now,
    spanId: root?.id ?? "s1",
    parentSpanId: null,
    source: null,
    status: "failed",
    output: null,
    error,
    usage: { ...(root?.totals.usage ?? { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 }) },
    costUsd: root?.totals.pricedCostUsd ?? 0,
    steps: root?.totals.steps ?? 0,
    durationMillis: Math.max(0, now - started),
  };
}

/** What the runs row sums that RUN_END does not carry. */
function runTotals(trace: TraceState): { unpricedCalls: number; handoffs: number; failedHandoffs: number } {
  let handoffs = 0;
  let failedHandoffs = 0;
  for (const span of trace.spans.values()) {
    if (span.kind !== "HANDOFF") continue;
    handoffs += 1;
    if (span.status !== "completed" && span.status !== "accepted" && span.status !== "promoted") failedHandoffs += 1;
  }
  return { unpricedCalls: rootSpan(trace)?.totals.unpricedCalls ?? 0, handoffs, failedHandoffs };
}
