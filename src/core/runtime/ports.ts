import type { ModelClient, ModelToolSpec } from "../models/model-port";
import type { ModelTimer } from "../models/timing-ports";
import type { RuntimeEvent } from "./events";

/**
 * The ports through which every side effect enters the runtime. The runtime
 * itself never touches timers, randomness, storage or the network: a unit
 * test, the CLI, a worker and a benchmark pass different implementations.
 */

/** Wall clock in epoch milliseconds. */
export interface Clock {
  now(): number;
}

/** What an id is for; implementations may use it as a prefix. */
export type IdKind = "run" | "conversation" | "session" | "handoff" | "task";

/** Unique ids (uuids in production, counters in tests). */
export interface IdGenerator {
  newId(kind: IdKind): string;
}

/**
 * Waits `ms` milliseconds. When `signal` aborts first the promise settles early
 * (resolving or rejecting: the runtime accepts both) and the timer is released.
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** A stored agent session: plain JSON, so any store (memory, Postgres) can hold it. */
export interface StoredSession {
  /** The reuse key (see `reuseSessionKey`). */
  key: string;
  /** Stable id of the session (model context `sessionId`, `childSessionKey` suffix). */
  sessionId: string;
  agentId: string;
  /** The transcript without the system prompt (instructions are added at call time). */
  messages: import("../models/model-port").ChatMessage[];
  /** Epoch ms of the last save. */
  updatedAt: number;
}

/**
 * Persistent agent sessions (REUSE_SESSION children and the root's
 * conversation). Async and serialisable so a Postgres store can implement it.
 * The runtime serialises concurrent use of one key within a run itself.
 */
export interface SessionStore {
  load(key: string): Promise<StoredSession | null>;
  save(session: StoredSession): Promise<void>;
}

/**
 * A virtual file system partitioned into workspaces (one per conversation and
 * agent path, or shared with the parent). Paths are normalised by the tools.
 */
export interface FileWorkspace {
  read(workspaceId: string, path: string): Promise<string | null>;
  write(workspaceId: string, path: string, content: string): Promise<void>;
  /** Paths in the workspace, sorted, optionally only those starting with `prefix`. */
  list(workspaceId: string, prefix?: string): Promise<string[]>;
}

/** One call handed to a `ToolRunner`. */
export interface ToolInvocation {
  callId: string;
  name: string;
  /** Parsed JSON arguments (the runtime rejects non-JSON before calling a runner). */
  args: unknown;
  rawArguments: string;
}

/** Facts a tool may use; `signal` aborts on cancellation. */
export interface ToolRunContext {
  runId: string;
  conversationId: string;
  agentId: string;
  /** The agent's source path (`main`, `main/researcher`). */
  agentPath: string;
  workspaceId: string;
  signal: AbortSignal;
}

/**
 * Runs tools that are not built in (HTTP and MCP tools later, or a custom
 * executor serving FALLBACK_TO_PRIMARY handoffs). `spec` returns null for a
 * name the runner does not serve. The runtime reads `spec` once per runner
 * object and compiled agent (the tool surface is cached across runs): give a
 * run a new runner when the set of tools it serves changes.
 */
export interface ToolRunner {
  spec(name: string): ModelToolSpec | null;
  /** Returns the tool result text; throwing makes an error tool result. */
  run(invocation: ToolInvocation, context: ToolRunContext): Promise<string>;
}

/** Receives every event synchronously, in order. Must not block (buffer inside if slow). */
export type EventSink = (event: RuntimeEvent) => void;

/** Where the runtime reports problems that are not the run's own (a failing event sink). */
export interface Logger {
  warn(message: string): void;
}

/** A sink threw while receiving `event`: the run and the other sinks went on. */
export interface SinkErrorReport {
  runId: string;
  /** Position of the sink in `ports.sinks`. */
  sinkIndex: number;
  event: RuntimeEvent;
  error: unknown;
}

/** Everything `runGraph` needs from the outside world. */
export interface RuntimePorts {
  model: ModelClient;
  clock: Clock;
  ids: IdGenerator;
  sleep: Sleep;
  sessions: SessionStore;
  files: FileWorkspace;
  tools?: ToolRunner;
  /**
   * Schedules per-attempt model timeouts. Default: built on `sleep` (follows a
   * virtual test clock); `systemPorts` passes the global setTimeout timer, which is cheaper.
   */
  timer?: ModelTimer;
  /** Extra synchronous consumers besides `run.events` (persistence, SSE). */
  sinks?: EventSink[];
  /**
   * Called for every sink that throws. Default: the first failure of each sink
   * and, when the run ends, how many more there were go to `logger`.
   */
  onSinkError?: (report: SinkErrorReport) => void;
  /** Default: the console (`systemPorts`), or the console when absent. */
  logger?: Logger;
}
