import type { Counts, ScenarioSpec } from "../lib/scripts";

export type RuntimeId = "ours" | "openai-agents" | "langgraph" | "mastra";

export const RUNTIME_IDS: RuntimeId[] = ["ours", "openai-agents", "langgraph", "mastra"];

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
