import type { Execution } from "../../graph/schema";

/** How a handoff call runs once admitted. */
export type ExecutionPlan =
  { mode: "sync"; timeoutMillis: number; onTimeout: "promote" | "fail" } | { mode: "background" };

export const DEFAULT_SYNC_TIMEOUT_SECONDS = 30;
export const MAX_SYNC_TIMEOUT_SECONDS = 600;

/**
 * Decides sync vs background for one call (seed 002): the edge's mode, or the
 * model's `timeout_seconds` when the edge lets it choose (>0 sync with that
 * timeout, 0 background). Force sync (CTX_FORCE_SYNC) overrides background:
 * `forceSyncTimeoutSeconds` replaces any timeout (<=0 -> 30 s, max 600 s); a
 * model's 0 becomes the edge's sync timeout; timeouts fail instead of promoting.
 */
export function planExecution(input: {
  execution: Execution;
  /** The model's `timeout_seconds` argument (null when absent or not offered). */
  modelTimeoutSeconds: number | null;
  forceSync: boolean;
  forceSyncTimeoutSeconds: number | null;
}): ExecutionPlan {
  const { execution, forceSync } = input;
  const chosen = execution.modelChoosesMode ? input.modelTimeoutSeconds : null;
  const edgeSeconds = clampSeconds(execution.timeoutSeconds);

  if (forceSync) {
    let seconds: number;
    if (input.forceSyncTimeoutSeconds !== null) {
      seconds =
        input.forceSyncTimeoutSeconds <= 0 ? DEFAULT_SYNC_TIMEOUT_SECONDS : clampSeconds(input.forceSyncTimeoutSeconds);
    } else if (chosen !== null && chosen > 0) {
      seconds = clampSeconds(chosen);
    } else {
      seconds = edgeSeconds;
    }
    return { mode: "sync", timeoutMillis: seconds * 1000, onTimeout: "fail" };
  }

  if (chosen !== null && chosen >= 0) {
    if (chosen === 0) return { mode: "background" };
    return { mode: "sync", timeoutMillis: clampSeconds(chosen) * 1000, onTimeout: execution.onTimeout };
  }
  if (execution.mode === "background") return { mode: "background" };
  return { mode: "sync", timeoutMillis: edgeSeconds * 1000, onTimeout: execution.onTimeout };
}

function clampSeconds(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return DEFAULT_SYNC_TIMEOUT_SECONDS;
  return Math.min(MAX_SYNC_TIMEOUT_SECONDS, seconds);
}
