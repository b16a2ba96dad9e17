/**
 * Runs in PostgreSQL: the batched event writer (events, spans, tasks, run
 * counters, NOTIFY), the runtime's session and file ports, and SQL rollups.
 */
export {
  createRunEventWriter,
  type RunEventWriteFailure,
  type RunEventWriter,
  type RunEventWriterOptions,
} from "./run-event-writer";
export { RunEventsNotStoredError } from "./run-events-not-stored-error";
export { PgFileWorkspace } from "./pg-file-workspace";
export { PgSessionStore } from "./pg-session-store";
export {
  deriveSpanRows,
  deriveTaskRows,
  edgeLabel,
  SpanRowTracker,
  type BackgroundTaskRow,
  type RunSpanRow,
} from "./span-rows";
export {
  costsByDay,
  runRollups,
  type AgentRollup,
  type EdgeRollup,
  type GraphDayRollup,
  type ModelRollup,
  type RunRollups,
  type UsageRollup,
} from "./rollups";
