/**
 * The contract between the parts of "runs on the server": the web process
 * (runs router, live event hub), the workers (queue, heartbeats, sweeper) and
 * event persistence. Names here are shared by every process that talks
 * through PostgreSQL, so they live in one place.
 */

/** graphile-worker task that executes one run; payload `RunJobPayload`. */
export const RUN_TASK = "ags_run";

/** Payload of a `RUN_TASK` job. */
export interface RunJobPayload {
  runId: string;
}

/**
 * NOTIFY channel announcing persisted events: payload `<runId>:<lastSeq>`
 * after each committed batch (lastSeq = highest seq stored for the run), and
 * `<runId>:end` when a run becomes final without its worker (the sweeper).
 */
export const RUN_EVENTS_CHANNEL = "ags_run_events";

/** NOTIFY channel asking workers to cancel: payload JSON `RunCancelRequest`. */
export const RUN_CANCEL_CHANNEL = "ags_run_cancel";

/** What `runs.cancel` / `runs.cancelTask` ask of the worker holding the run. */
export interface RunCancelRequest {
  runId: string;
  /** Cancel only this background task (and its descendants); absent: the whole run. */
  taskId?: string;
  reason: string;
}

/** A worker writes its heartbeat this often (workers and runs rows). */
export const HEARTBEAT_INTERVAL_MS = 5_000;
/** A running run whose heartbeat is older than this belongs to a lost worker. */
export const HEARTBEAT_STALE_MS = 30_000;
/** The sweeper looks for lost runs this often (stale + interval < 60 s). */
export const SWEEP_INTERVAL_MS = 10_000;

/** The error a swept run gets (the message starts with this). */
export const WORKER_LOST_ERROR = "worker lost";

/** Final statuses of `runs.status`. */
export const FINAL_RUN_STATUSES = ["completed", "failed", "cancelled", "budget_exceeded"] as const;
