import type pg from "pg";
import { PgFileWorkspace, PgSessionStore, createRunEventWriter } from "../persistence";
import type { RunPersistence } from "./run-persistence";

/** Events, sessions and files of a worker's runs in PostgreSQL (one batching writer for all its runs). */
export function createPgRunPersistence(pool: pg.Pool, onError?: (message: string) => void): RunPersistence {
  return {
    writer: createRunEventWriter(pool, {
      onError: (failure) =>
        (onError ?? console.error)(
          `storing events of run ${failure.runIds.join(", ")} failed (attempt ${failure.attempt}${failure.willRetry ? ", will retry" : ", gave up"}): ${(failure.error as Error)?.message ?? String(failure.error)}`,
        ),
    }),
    sessions: new PgSessionStore(pool),
    files: new PgFileWorkspace(pool),
  };
}
