import type { RuntimeEvent } from "@/core/runtime/events";

/**
 * A run's counters as its events arrive, for the `runs` row while it runs
 * (RUN_END's own usage, cost and steps replace them at the end).
 */
export interface RunTotals {
  handoffs: number;
  /** Handoffs that did not deliver: any status but completed, accepted (background) and promoted. */
  failedHandoffs: number;
  /** Model calls that returned usage the price table has no price for (their cost is unknown). */
  unpricedCalls: number;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  /** USD of the priced calls. */
  costUsd: number;
  /** Model steps: first attempts (a retry or fallback is the same step), as the trace counts them. */
  steps: number;
}

export function emptyRunTotals(): RunTotals {
  return {
    handoffs: 0,
    failedHandoffs: 0,
    unpricedCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
    cachedInputTokens: 0,
    costUsd: 0,
    steps: 0,
  };
}

const DELIVERED = new Set(["completed", "accepted", "promoted"]);

/** Adds one event to `totals` (in place). */
export function addToRunTotals(totals: RunTotals, event: RuntimeEvent): void {
  switch (event.type) {
    case "HANDOFF_START":
      totals.handoffs++;
      break;
    case "HANDOFF_END":
      if (!DELIVERED.has(event.status)) totals.failedHandoffs++;
      break;
    case "MODEL_CALL_START":
      if (event.chainIndex === 0 && event.attempt === 1) totals.steps++;
      break;
    case "MODEL_CALL_END":
      if (event.usage) {
        totals.inputTokens += event.usage.inputTokens;
        totals.outputTokens += event.usage.outputTokens;
        totals.cachedInputTokens += event.usage.cachedInputTokens;
        if (event.costUsd === null) totals.unpricedCalls++;
      }
      totals.costUsd += event.costUsd ?? 0;
      break;
  }
}
