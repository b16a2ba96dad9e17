import type { Counts, ScenarioSpec } from "../lib/scripts";

/**
 * `ours` runs with the graph schema's default model settings (what a user who
 * never opens the model panel gets; the goals are judged on it); `ours-tuned`
 * with `retries: 0, timeoutMillis: 0`, the closest match to the peers' fakes.
 */
export type RuntimeId = "ours" | "ours-tuned" | "openai-agents" | "langgraph" | "mastra";

export const RUNTIME_IDS: RuntimeId[] = ["ours", "ours-tuned", "openai-agents", "langgraph", "mastra"];

/** Our runtime in its two model settings. */
export type OurId = "ours" | "ours-tuned";

/** The peer runtimes: installed in the bench's own package (bench/package.json), not the product's. */
export type PeerId = Exclude<RuntimeId, OurId>;

export function isPeerId(id: RuntimeId): id is PeerId {
  return id !== "ours" && id !== "ours-tuned";
}

/** Counts the fakes record; `events` is only meaningful for runtimes whose event stream we consume. */
export interface Counters extends Counts {
  runs: number;
  events: number;
}

export function newCounters(): Counters {
  return { runs: 0, modelCalls: 0, toolCalls: 0, handoffs: 0, events: 0 };
}

export interface PrepareOptions {
  /** Simulated latency of every model call, in milliseconds (0 = resolve at once). */
  latencyMs: number;
}

/** A scenario built once for one runtime; `run()` executes it once from start to finish. */
export interface PreparedScenario {
  run(): Promise<void>;
}

/** One runtime under test, plugged into the harness. */
export interface BenchRuntime {
  id: RuntimeId;
  label: string;
  version: string;
  counters: Counters;
  /** How this runtime was set up (shown in the report). */
  notes: string[];
  prepare(spec: ScenarioSpec, options: PrepareOptions): Promise<PreparedScenario>;
}

/** A runtime that could not be loaded (not written yet, or not installable), with the reason. */
export interface UnavailableRuntime {
  id: RuntimeId;
  label: string;
  unavailable: string;
}

export type LoadedRuntime = BenchRuntime | UnavailableRuntime;

export function isAvailable(runtime: LoadedRuntime): runtime is BenchRuntime {
  return !("unavailable" in runtime);
}
