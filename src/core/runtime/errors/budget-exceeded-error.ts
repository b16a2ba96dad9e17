import type { BudgetKind } from "../events";

/** A run-wide budget (steps, tokens, cost, wall time) ran out; the run stops cleanly. */
export class BudgetExceededError extends Error {
  constructor(
    readonly budget: BudgetKind,
    readonly limit: number,
    readonly used: number,
  ) {
    super(`run budget exceeded: ${budget} (limit ${limit}, used ${used})`);
    this.name = "BudgetExceededError";
  }
}
