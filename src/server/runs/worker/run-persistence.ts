import type { EventSink, FileWorkspace, SessionStore } from "@/core/runtime";

/** Where a worker's runs keep their events, sessions and files (Postgres in production). */
export interface RunPersistence {
  writer: {
    sinkFor(runId: string): EventSink;
    /** Resolves once every event of `runId` (or of every run) emitted so far is stored. */
    flush(runId?: string): Promise<void>;
    /** Flushes everything and stops. */
    close(): Promise<void>;
  };
  sessions: SessionStore;
  files: FileWorkspace;
}

/** What a worker reports: start and stop, swept runs, problems. */
export interface WorkerLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const consoleWorkerLogger: WorkerLogger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
};
