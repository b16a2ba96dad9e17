/** Delay in milliseconds before retry number `retryIndex` (0 = the first retry). */
export type BackoffFn = (retryIndex: number) => number;

export interface ExponentialBackoffOptions {
  /** Delay before the first retry. Default 250 ms. */
  baseMs?: number;
  /** Growth per retry. Default 2. */
  factor?: number;
  /** Upper bound of one delay. Default 8,000 ms. */
  maxMs?: number;
  /**
   * Fraction of random jitter in [0, 1] (delay × (1 − jitter·r)). Default 0:
   * deterministic, so traces and tests are reproducible. Pass `random` with it.
   */
  jitter?: number;
  /** Source of randomness for jitter, returning [0, 1). Default: none (jitter ignored). */
  random?: () => number;
}

/**
 * Exponential backoff `baseMs · factor^n`, capped at `maxMs`, with optional
 * jitter. Pure: with the defaults 250, 500, 1000, 2000, 4000, 8000, 8000…
 */
export function exponentialBackoff(options: ExponentialBackoffOptions = {}): BackoffFn {
  const baseMs = options.baseMs ?? 250;
  const factor = options.factor ?? 2;
  const maxMs = options.maxMs ?? 8_000;
  const jitter = options.random ? Math.min(1, Math.max(0, options.jitter ?? 0)) : 0;
  const random = options.random;
  return (retryIndex) => {
    const raw = Math.min(maxMs, baseMs * Math.pow(factor, Math.max(0, retryIndex)));
    if (jitter === 0 || !random) return Math.round(raw);
    return Math.round(raw * (1 - jitter * random()));
  };
}

/** The chain's default backoff: 250 ms · 2^n up to 8 s, no jitter. */
export const defaultBackoff: BackoffFn = exponentialBackoff();
