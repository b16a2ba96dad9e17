import type { ModelChain } from "../models/model-ref";
import type { PriceTable } from "../models/pricing";

/** Per-run options (the environment around a definition). */
export interface RunOptions {
  /** Seed 002 CTX_FORCE_SYNC: background handoffs run sync; timeouts fail instead of promoting. */
  forceSync?: boolean;
  /** Seed 002 CTX_FORCE_SYNC_TIMEOUT_SECONDS: replaces every sync timeout under force sync (<=0 -> 30, max 600). */
  forceSyncTimeoutSeconds?: number;
  /** Environment default chain: used when an agent's (or edge's) precomputed chain is empty. */
  defaultModelChain?: ModelChain;
  /** Prices per provider/model (default: the built-in table of src/core/models/pricing.ts). */
  priceTable?: PriceTable;
  /** Aborting it cancels the run (same as `run.cancel()`). */
  signal?: AbortSignal;
  /** At most this many finished tasks are listed in one announce reminder (default 5). */
  announceMaxTasks?: number;
  /** Secret values masked as `[redacted]` in the messages recorded on MODEL_CALL_START. */
  secrets?: readonly string[];
  /** Cap on a provider's Retry-After wait (passed to the fallback chain). */
  retryAfterCapMs?: number;
}

export interface ResolvedRunOptions {
  forceSync: boolean;
  forceSyncTimeoutSeconds: number | null;
  defaultModelChain: ModelChain;
  announceMaxTasks: number;
  secrets: readonly string[];
  retryAfterCapMs: number | undefined;
}

export const DEFAULT_ANNOUNCE_MAX_TASKS = 5;

export function resolveRunOptions(options: RunOptions | undefined): ResolvedRunOptions {
  return {
    forceSync: options?.forceSync ?? false,
    forceSyncTimeoutSeconds: options?.forceSyncTimeoutSeconds ?? null,
    defaultModelChain: options?.defaultModelChain ?? [],
    announceMaxTasks: Math.max(1, Math.floor(options?.announceMaxTasks ?? DEFAULT_ANNOUNCE_MAX_TASKS)),
    secrets: (options?.secrets ?? []).filter((secret) => secret.length > 0),
    retryAfterCapMs: options?.retryAfterCapMs,
  };
}
