/**
 * The job queue's own tables (graphile-worker's schema `graphile_worker`),
 * installed next to the app's: the web process enqueues a run in the same
 * transaction that creates its row, so the queue must exist before any
 * worker has started.
 */
import { Logger, runMigrations } from "graphile-worker";

/** graphile-worker logs through this: warnings and errors only, to `log`. */
export function queueLogger(log: (message: string) => void = (message) => console.warn(message)): Logger {
  return new Logger(() => (level, message) => {
    if (level === "error" || level === "warning") log(`[queue] ${message}`);
  });
}

/**
 * Applies graphile-worker's migrations to the database (idempotent; safe to
 * run from several processes at once: graphile-worker takes a lock).
 */
export async function installQueueSchema(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: queueLogger(), maxPoolSize: 2 });
}
