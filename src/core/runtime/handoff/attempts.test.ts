import { describe, expect, it } from "vitest";
import { handoffPolicySchema } from "../../graph/schema";
import { failureAction, handoffAttempts, shouldRetryHandoff } from "./attempts";

const policy = (p: object = {}) => handoffPolicySchema.parse(p);

describe("handoffAttempts (seed 000 §8.5)", () => {
  it("is max(1, maxRetries + 1)", () => {
    expect(handoffAttempts(policy({ maxRetries: 0 }))).toBe(1);
    expect(handoffAttempts(policy({ maxRetries: 2 }))).toBe(3);
  });
  it("never retries with a disabled policy", () =>
    expect(handoffAttempts(policy({ enabled: false, maxRetries: 3 }))).toBe(1));
});

describe("shouldRetryHandoff", () => {
  it("retries errors and per-attempt timeouts while attempts remain", () => {
    expect(shouldRetryHandoff("error", 1, 2)).toBe(true);
    expect(shouldRetryHandoff("timeout", 1, 2)).toBe(true);
    expect(shouldRetryHandoff("error", 2, 2)).toBe(false);
  });
  it("never retries cancellation or a budget stop", () => {
    expect(shouldRetryHandoff("cancelled", 1, 5)).toBe(false);
    expect(shouldRetryHandoff("budget_exceeded", 1, 5)).toBe(false);
  });
});

describe("failureAction", () => {
  it("uses onDenied / onError", () => {
    const p = policy({ onDenied: "FALLBACK_TO_PRIMARY", onError: "FAIL" });
    expect(failureAction(p, "denied")).toBe("FALLBACK_TO_PRIMARY");
    expect(failureAction(p, "error")).toBe("FAIL");
  });
  it("always fails with a disabled policy", () =>
    expect(failureAction(policy({ enabled: false, onError: "FALLBACK_TO_PRIMARY" }), "error")).toBe("FAIL"));
});
