/**
 * The runtime: executes a compiled RuntimeDefinition and yields one ordered
 * event stream. Pure TypeScript; all side effects through `RuntimePorts`.
 */
export { runGraph, type RunGraphParams, type RunHandle, type RunResult } from "./run-graph";
export type { RunOptions } from "./run-options";
export type {
  Clock,
  EventSink,
  FileWorkspace,
  IdGenerator,
  IdKind,
  Logger,
  RuntimePorts,
  SinkErrorReport,
  SessionStore,
  Sleep,
  StoredSession,
  ToolInvocation,
  ToolRunContext,
  ToolRunner,
} from "./ports";
export * from "./events";
export { BudgetExceededError, HandoffTimeoutError, MaxStepsExceededError, RunCancelledError } from "./errors";
export { InvalidInputFilterError } from "./handoff/input-filter";
export { MemorySessionStore } from "./memory/memory-session-store";
export { MemoryFileWorkspace } from "./memory/memory-file-workspace";
export { systemPorts } from "./system-ports";
export { consoleLogger, createSinkErrorReporter } from "./sink-error-reporter";
export { openSpan, Span, type EventBody, type SpanScope } from "./span";
export { reuseSessionKey, rootSessionKey, childSessionKey } from "./handoff/session-key";
