import type { ModelCallError } from "./model-error";

/** What the chain does after a failed attempt. */
export type FailureDecision =
  /** Try the same chain entry again (after a delay). */
  | { action: "retry" }
  /** Move on to the next chain entry at once. */
  | { action: "fallback" }
  /** Give up: rethrow (non-retryable, aborted) or report the chain exhausted. */
  | { action: "stop"; reason: "not_retryable" | "aborted" | "exhausted" };

/**
 * True when the error may succeed on another try: rate limits, 5xx, timeouts
 * and network failures. Bad requests, auth, content filters, aborts and
 * unknown errors are not retried (a retry would fail the same way, or the
 * caller asked to stop).
 */
export function shouldRetry(error: ModelCallError): boolean {
  return error.retryable;
}

/**
 * Decides the next step after attempt number `attempt` (1-based) of chain
 * entry `chainIndex` failed with `error`. Pure: the chain's whole policy.
 */
export function decideAfterFailure(input: {
  error: ModelCallError;
  attempt: number;
  retries: number;
  chainIndex: number;
  chainLength: number;
}): FailureDecision {
  const { error, attempt, retries, chainIndex, chainLength } = input;
  if (error.kind === "aborted") return { action: "stop", reason: "aborted" };
  if (!shouldRetry(error)) return { action: "stop", reason: "not_retryable" };
  if (attempt < 1 + retries) return { action: "retry" };
  if (chainIndex + 1 < chainLength) return { action: "fallback" };
  return { action: "stop", reason: "exhausted" };
}
