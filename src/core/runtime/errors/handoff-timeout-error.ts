/**
 * A handoff ran out of time. `scope` says which clock: the policy's per-attempt
 * `timeoutMillis` (seed 000 §8.6) or the edge's sync wait with onTimeout=fail (seed 002).
 */
export class HandoffTimeoutError extends Error {
  constructor(
    readonly toolName: string,
    readonly timeoutMillis: number,
    readonly scope: "attempt" | "sync_wait",
  ) {
    super(
      scope === "attempt"
        ? `handoff attempt timed out after ${timeoutMillis}ms (${toolName})`
        : `sync handoff timed out after ${timeoutMillis / 1000}s (${toolName})`,
    );
    this.name = "HandoffTimeoutError";
  }
}
