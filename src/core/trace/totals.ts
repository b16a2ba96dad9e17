import type { ModelUsage } from "../models/messages";
import type { TraceTotals } from "./trace-types";

/** Totals of nothing. */
export const EMPTY_TOTALS: TraceTotals = Object.freeze({
  usage: Object.freeze({ inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 }),
  costUsd: 0,
  pricedCostUsd: 0,
  unpricedCalls: 0,
  modelCalls: 0,
  steps: 0,
});

/** What one event adds to the totals of its span and every ancestor. */
export interface TotalsDelta {
  usage: ModelUsage | null;
  /** USD, or null when the call's price is unknown. */
  costUsd: number | null;
  modelCalls: number;
  steps: number;
}

/** `totals` plus `delta` (a new object; an unknown price makes the sum unknown, never zero). */
export function addTotals(totals: TraceTotals, delta: TotalsDelta): TraceTotals {
  const usage = delta.usage
    ? {
        inputTokens: totals.usage.inputTokens + delta.usage.inputTokens,
        outputTokens: totals.usage.outputTokens + delta.usage.outputTokens,
        cachedInputTokens: totals.usage.cachedInputTokens + delta.usage.cachedInputTokens,
      }
    : totals.usage;
  const pricedCostUsd = totals.pricedCostUsd + (delta.costUsd ?? 0);
  const unpricedCalls = totals.unpricedCalls + (delta.costUsd === null ? 1 : 0);
  return {
    usage,
    costUsd: unpricedCalls > 0 ? null : pricedCostUsd,
    pricedCostUsd,
    unpricedCalls,
    modelCalls: totals.modelCalls + delta.modelCalls,
    steps: totals.steps + delta.steps,
  };
}

/** Sums of several totals (for checks: a span's totals are its own plus its children's). */
export function sumTotals(all: readonly TraceTotals[]): TraceTotals {
  let sum = EMPTY_TOTALS;
  for (const totals of all) {
    sum = addTotals(sum, {
      usage: totals.usage,
      costUsd: totals.pricedCostUsd,
      modelCalls: totals.modelCalls,
      steps: totals.steps,
    });
    if (totals.unpricedCalls > 0)
      sum = { ...sum, unpricedCalls: sum.unpricedCalls + totals.unpricedCalls, costUsd: null };
  }
  return sum;
}
