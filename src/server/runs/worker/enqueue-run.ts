import { RUN_TASK, type RunJobPayload } from "../contract";

/** Anything that runs a parameterised query: a pg Pool, a PoolClient inside a transaction, a job's helpers. */
export interface Queryable {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

/**
 * Adds the job that executes run `runId` (one attempt: a failed or lost run
 * is final, never silently re-run). Pass the client of an open transaction to
 * create the run row and its job atomically: graphile-worker's NOTIFY fires
 * on commit, so a worker picks the job up at once.
 */
export async function enqueueRun(db: Queryable, runId: string): Promise<void> {
  const payload: RunJobPayload = { runId };
  await db.query("SELECT graphile_worker.add_job($1, $2::json, max_attempts => 1)", [
    RUN_TASK,
    JSON.stringify(payload),
  ]);
}
