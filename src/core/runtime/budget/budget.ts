import type { BudgetKind } from "../events";

/** Run-wide limits across the whole agent tree (graph `settings.budgets`). */
export interface BudgetLimits {
  maxSteps?: number;
  maxTokens?: number;
  maxCostUsd?: number;
  maxWallSeconds?: number;
}

export interface BudgetAmounts {
  steps: number;
  tokens: number;
  costUsd: number;
}

/** Spent (settled) and reserved (in-flight) amounts; in-flight calls count against the limits. */
export interface BudgetState {
  spent: BudgetAmounts;
  reserved: BudgetAmounts;
  startedAt: number;
}

export type ReservationCheck = { ok: true } | { ok: false; budget: BudgetKind; limit: number; used: number };

export const ZERO_AMOUNTS: BudgetAmounts = Object.freeze({ steps: 0, tokens: 0, costUsd: 0 });

/**
 * Whether one more model call may start: every limit must hold with this
 * call's reservation added to what is spent and what other branches hold.
 * Checked in the order wall time, steps, tokens, cost.
 */
export function checkReservation(
  limits: BudgetLimits,
  state: BudgetState,
  request: BudgetAmounts,
  now: number,
): ReservationCheck {
  if (limits.maxWallSeconds !== undefined) {
    const elapsedSeconds = (now - state.startedAt) / 1000;
    if (elapsedSeconds >= limits.maxWallSeconds) {
      return { ok: false, budget: "wall_time", limit: limits.maxWallSeconds, used: elapsedSeconds };
    }
  }
  const steps = state.spent.steps + state.reserved.steps;
  if (limits.maxSteps !== undefined && steps + request.steps > limits.maxSteps) {
    return { ok: false, budget: "steps", limit: limits.maxSteps, used: steps };
  }
  const tokens = state.spent.tokens + state.reserved.tokens;
  if (
    limits.maxTokens !== undefined &&
    (tokens + request.tokens > limits.maxTokens || state.spent.tokens >= limits.maxTokens)
  ) {
    return { ok: false, budget: "tokens", limit: limits.maxTokens, used: tokens };
  }
  const cost = state.spent.costUsd + state.reserved.costUsd;
  if (
    limits.maxCostUsd !== undefined &&
    (cost + request.costUsd > limits.maxCostUsd || state.spent.costUsd >= limits.maxCostUsd)
  ) {
    return { ok: false, budget: "cost", limit: limits.maxCostUsd, used: round(cost) };
  }
  return { ok: true };
}

/**
 * The reservation for one model call: one step, the estimated input tokens
 * plus the agent's `maxTokens` (0 when unset: then a call can overshoot by its
 * output), priced with the first model of the chain.
 */
export function reservationFor(input: {
  estimatedInputTokens: number;
  maxOutputTokens: number | undefined;
  inputPricePerToken: number;
  outputPricePerToken: number;
}): BudgetAmounts {
  const output = input.maxOutputTokens ?? 0;
  return {
    steps: 1,
    tokens: input.estimatedInputTokens + output,
    costUsd: input.estimatedInputTokens * input.inputPricePerToken + output * input.outputPricePerToken,
  };
}

export function hasLimits(limits: BudgetLimits): boolean {
  return (
    limits.maxSteps !== undefined ||
    limits.maxTokens !== undefined ||
    limits.maxCostUsd !== undefined ||
    limits.maxWallSeconds !== undefined
  );
}

function round(n: number): number {
  return Math.round(n * 1e9) / 1e9;
}
