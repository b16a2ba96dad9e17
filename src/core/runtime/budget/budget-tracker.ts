import type { ModelUsage } from "../../models/model-port";
import type { BudgetKind } from "../events";
import { BudgetExceededError } from "../errors/budget-exceeded-error";
import type { Span } from "../span";
import { type BudgetAmounts, type BudgetLimits, type BudgetState, checkReservation } from "./budget";

/** Where a reservation was asked for: the agent's span, which BUDGET_EXCEEDED is emitted in. */
export type BudgetSite = Span<"AGENT">;

/** A held reservation; settle or release it exactly once. */
export interface Reservation {
  readonly amounts: BudgetAmounts;
  settled: boolean;
}

/**
 * The run's shared budget state. Every model call in the tree reserves before
 * it starts and settles with its real usage afterwards, so limits hold across
 * parallel branches. The first failed reservation (or the wall-time timer)
 * exhausts the run: `onExhausted` fires once and every later reservation throws.
 */
export class BudgetTracker {
  private readonly state: BudgetState;
  private exhaustedError: BudgetExceededError | null = null;
  readonly usage: ModelUsage = { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 };

  constructor(
    private readonly limits: BudgetLimits,
    startedAt: number,
    private readonly onExhausted: (error: BudgetExceededError, site: BudgetSite | null) => void,
  ) {
    this.state = {
      spent: { steps: 0, tokens: 0, costUsd: 0 },
      reserved: { steps: 0, tokens: 0, costUsd: 0 },
      startedAt,
    };
  }

  get exhausted(): BudgetExceededError | null {
    return this.exhaustedError;
  }

  get steps(): number {
    return this.state.spent.steps;
  }

  get costUsd(): number {
    return this.state.spent.costUsd;
  }

  /** Reserves one model call or throws `BudgetExceededError`. */
  reserve(amounts: BudgetAmounts, now: number, site: BudgetSite): Reservation {
    if (this.exhaustedError) throw this.exhaustedError;
    const check = checkReservation(this.limits, this.state, amounts, now);
    if (!check.ok) throw this.exhaust(check.budget, check.limit, check.used, site);
    const reserved = this.state.reserved;
    reserved.steps += amounts.steps;
    reserved.tokens += amounts.tokens;
    reserved.costUsd += amounts.costUsd;
    return { amounts, settled: false };
  }

  /** Replaces a reservation by what the call really used (all attempts of the chain). */
  settle(reservation: Reservation, usage: ModelUsage, costUsd: number): void {
    this.release(reservation);
    const spent = this.state.spent;
    spent.steps += reservation.amounts.steps;
    spent.tokens += usage.inputTokens + usage.outputTokens;
    spent.costUsd += costUsd;
    this.usage.inputTokens += usage.inputTokens;
    this.usage.outputTokens += usage.outputTokens;
    this.usage.cachedInputTokens += usage.cachedInputTokens;
  }

  /** Drops a reservation without spending it. Idempotent. */
  release(reservation: Reservation): void {
    if (reservation.settled) return;
    reservation.settled = true;
    const reserved = this.state.reserved;
    reserved.steps -= reservation.amounts.steps;
    reserved.tokens -= reservation.amounts.tokens;
    reserved.costUsd -= reservation.amounts.costUsd;
  }

  /** Marks the run as out of budget (first call wins) and returns the error every branch will see. */
  exhaust(budget: BudgetKind, limit: number, used: number, site: BudgetSite | null): BudgetExceededError {
    if (this.exhaustedError) return this.exhaustedError;
    this.exhaustedError = new BudgetExceededError(budget, limit, used);
    this.onExhausted(this.exhaustedError, site);
    return this.exhaustedError;
  }
}
