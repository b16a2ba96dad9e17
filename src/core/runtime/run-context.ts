import type { RuntimeDefinition } from "../compiler/definition";
import type { ChatMessage, ModelUsage } from "../models/model-port";
import type { ModelRef } from "../models/model-ref";
import type { ModelTimer } from "../models/timing-ports";
import type { BudgetTracker } from "./budget/budget-tracker";
import type { EventBus } from "./event-bus";
import type { RuntimePorts } from "./ports";
import type { Span } from "./span";
import type { ResolvedRunOptions } from "./run-options";
import type { TaskRegistry } from "./tasks/task-registry";
import type { KeyedMutex } from "./util/keyed-mutex";
import type { CancelScope } from "../shared/cancel-scope";

/** Prices model usage (wraps the price table so the hot path does one lookup per call). */
export interface Pricing {
  /** USD, or null when the price table has no row for the model (unknown, not free). */
  cost(ref: ModelRef, usage: ModelUsage): number | null;
  /** USD per input and output token of `ref` (for reservations). */
  perToken(ref: ModelRef): { input: number; output: number };
}

/** Where a reused session's last recorded prompt ends: the call's span and the transcript it was part of. */
export interface SessionPrompt {
  readonly spanId: string;
  /** How many messages of `messages` that call was given. */
  readonly count: number;
  readonly messages: readonly ChatMessage[];
}

/**
 * Everything shared by the agents of one run. One object, passed explicitly
 * (never global), so parallel runs in one process are independent.
 */
export interface RunContext {
  readonly runId: string;
  readonly conversationId: string;
  readonly definition: RuntimeDefinition;
  readonly ports: RuntimePorts;
  readonly options: ResolvedRunOptions;
  readonly bus: EventBus;
  readonly budget: BudgetTracker;
  readonly tasks: TaskRegistry;
  /** Serialises REUSE_SESSION calls per session key. */
  readonly locks: KeyedMutex;
  /**
   * Reused sessions (REUSE_SESSION) -> the latest model call of their previous
   * activation in this run, so the next activation's first MODEL_CALL_START
   * records only what is new rather than the whole history again.
   */
  readonly sessionPrompts: Map<string, SessionPrompt>;
  /** Reuse key -> session id, resolved once per run so concurrent first calls agree (created on first use). */
  reuseSessionIds: Map<string, Promise<string>> | null;
  /** Run-wide cancellation (run.cancel, options.signal); every agent's signal descends from it. */
  readonly cancel: CancelScope;
  /** Aborted when a budget is exhausted: stops model calls, not tools (never mid-write). */
  readonly modelStop: CancelScope;
  /** True when the definition sets any budget (model calls then also listen to `modelStop`). */
  readonly hasBudgets: boolean;
  readonly pricing: Pricing;
  /** The run's root span (RUN_START … RUN_END); agents and run-level points hang below it. */
  readonly runSpan: Span<"RUN">;
  /** Per-attempt model timeouts, on the sleep port. */
  readonly timer: ModelTimer;
  newSpanId(): string;
}
