import type { HandoffPolicy } from "../../graph/schema";

/**
 * How many times a handoff is attempted: max(1, maxRetries + 1) — the retry
 * count excludes the first try (seed 000 §8.5). A disabled policy never retries.
 */
export function handoffAttempts(policy: HandoffPolicy): number {
  if (!policy.enabled) return 1;
  return Math.max(1, policy.maxRetries + 1);
}

/** Why an attempt ended without an answer, as the retry decision needs it. */
export type AttemptFailureKind = "error" | "timeout" | "cancelled" | "budget_exceeded";

/** Retry only real failures (errors, per-attempt timeouts) while attempts remain. */
export function shouldRetryHandoff(kind: AttemptFailureKind, attempt: number, attempts: number): boolean {
  return (kind === "error" || kind === "timeout") && attempt < attempts;
}

/** Which action a failure takes: FALLBACK_TO_PRIMARY only applies with an enabled policy. */
export function failureAction(policy: HandoffPolicy, kind: "denied" | "error"): "FAIL" | "FALLBACK_TO_PRIMARY" {
  if (!policy.enabled) return "FAIL";
  return kind === "denied" ? policy.onDenied : policy.onError;
}
