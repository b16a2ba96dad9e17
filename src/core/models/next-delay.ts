import type { BackoffFn } from "./backoff";
import type { ModelCallError } from "./model-error";

/** Default cap on a provider's Retry-After hint: 30 s. */
export const DEFAULT_RETRY_AFTER_CAP_MS = 30_000;

/**
 * How long to wait before retry number `retryIndex` (0 = first retry) after
 * `error`. A rate limit with a Retry-After hint waits that long, capped at
 * `retryAfterCapMs` (a provider asking for ten minutes should not stall a run:
 * we try earlier and fall back if it still refuses); everything else follows
 * the backoff.
 */
export function nextDelay(
  error: ModelCallError,
  retryIndex: number,
  options: { backoff: BackoffFn; retryAfterCapMs?: number },
): number {
  const cap = options.retryAfterCapMs ?? DEFAULT_RETRY_AFTER_CAP_MS;
  if (error.kind === "rate_limit" && error.retryAfterMs !== null && Number.isFinite(error.retryAfterMs)) {
    return Math.max(0, Math.min(error.retryAfterMs, Math.max(0, cap)));
  }
  return Math.max(0, options.backoff(retryIndex));
}
