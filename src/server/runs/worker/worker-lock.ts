/**
 * A worker's liveness, as PostgreSQL sees it: every worker holds a
 * session-level advisory lock keyed by its id on its control connection.
 * When the process dies (even by `kill -9`) the connection closes and the
 * lock disappears, so the sweeper can tell a dead worker from a slow one
 * without waiting for its heartbeat to go stale.
 */

/** First key of every worker lock ("AGSW"); the second is `hashtext(workerId)`. */
export const WORKER_LOCK_NAMESPACE = 0x41475357;

/** SQL taking the lock of worker `$1` (on the control connection; held until it closes). */
export const TAKE_WORKER_LOCK_SQL = `SELECT pg_advisory_lock(${WORKER_LOCK_NAMESPACE}, hashtext($1))`;

/**
 * SQL condition, true while the worker whose id is the expression `workerIdSql`
 * holds its lock. (Two-key advisory locks show in pg_locks as classid, objid
 * and objsubid 2; int4 keys are shown as oids.)
 */
export function workerLockHeldSql(workerIdSql: string): string {
  return `EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
    AND l.classid = ${WORKER_LOCK_NAMESPACE}::oid AND l.objid = hashtext(${workerIdSql})::oid)`;
}
