import { describe, expect, it } from "vitest";
import { type BudgetState, checkReservation, reservationFor } from "./budget";

const state = (
  spent: Partial<BudgetState["spent"]> = {},
  reserved: Partial<BudgetState["reserved"]> = {},
): BudgetState => ({
  spent: { steps: 0, tokens: 0, costUsd: 0, ...spent },
  reserved: { steps: 0, tokens: 0, costUsd: 0, ...reserved },
  startedAt: 0,
});
const one = { steps: 1, tokens: 100, costUsd: 0.01 };

describe("checkReservation", () => {
  it("passes without limits", () =>
    expect(checkReservation({}, state({ steps: 1e6 }), one, 1e9)).toEqual({ ok: true }));
  it("counts in-flight reservations of other branches", () => {
    expect(checkReservation({ maxSteps: 3 }, state({ steps: 1 }, { steps: 1 }), one, 0)).toEqual({ ok: true });
    expect(checkReservation({ maxSteps: 3 }, state({ steps: 2 }, { steps: 1 }), one, 0)).toEqual({
      ok: false,
      budget: "steps",
      limit: 3,
      used: 3,
    });
  });
  it("checks tokens and cost with the reservation added", () => {
    expect(checkReservation({ maxTokens: 150 }, state({ tokens: 60 }), one, 0)).toMatchObject({
      ok: false,
      budget: "tokens",
    });
    expect(checkReservation({ maxCostUsd: 0.015 }, state({ costUsd: 0.01 }), one, 0)).toMatchObject({
      ok: false,
      budget: "cost",
    });
  });
  it("stops once a limit was overshot even by a zero reservation", () =>
    expect(
      checkReservation({ maxTokens: 100 }, state({ tokens: 120 }), { steps: 1, tokens: 0, costUsd: 0 }, 0),
    ).toMatchObject({ ok: false }));
  it("checks wall time first", () =>
    expect(checkReservation({ maxWallSeconds: 2, maxSteps: 0 }, state(), one, 2000)).toEqual({
      ok: false,
      budget: "wall_time",
      limit: 2,
      used: 2,
    }));
});

describe("reservationFor", () => {
  it("reserves one step, estimated input plus max output, priced", () =>
    expect(
      reservationFor({
        estimatedInputTokens: 100,
        maxOutputTokens: 50,
        inputPricePerToken: 0.001,
        outputPricePerToken: 0.002,
      }),
    ).toEqual({
      steps: 1,
      tokens: 150,
      costUsd: 0.2,
    }));
  it("reserves no output without maxTokens", () =>
    expect(
      reservationFor({
        estimatedInputTokens: 10,
        maxOutputTokens: undefined,
        inputPricePerToken: 0,
        outputPricePerToken: 1,
      }).tokens,
    ).toBe(10));
});
