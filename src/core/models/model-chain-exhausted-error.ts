import type { FailedAttempt } from "./attempt-events";
import type { ModelCallError } from "./model-error";

/**
 * Every entry of a fallback chain failed with retryable errors. Lists each
 * attempt (model, attempt number, error kind and status) so a person can see
 * at a glance whether it was one provider's outage or all of them.
 */
export class ModelChainExhaustedError extends Error {
  readonly attempts: readonly FailedAttempt[];
  readonly agentId: string | null;
  /** The error of the last attempt (also the `cause`). */
  readonly lastError: ModelCallError;

  constructor(options: { attempts: FailedAttempt[]; lastError: ModelCallError; agentId?: string | null }) {
    const { attempts, lastError } = options;
    const models = new Set(attempts.map((a) => `${a.provider}/${a.model}`)).size;
    const who = options.agentId ? ` for agent "${options.agentId}"` : "";
    super(
      `all models failed${who} (${attempts.length} attempt${attempts.length === 1 ? "" : "s"} on ${models} model${models === 1 ? "" : "s"}): ` +
        attempts.map(describeAttempt).join("; "),
      { cause: lastError },
    );
    this.name = "ModelChainExhaustedError";
    this.attempts = attempts;
    this.lastError = lastError;
    this.agentId = options.agentId ?? null;
  }
}

function describeAttempt(a: FailedAttempt): string {
  const status = a.error.status !== null ? ` ${a.error.status}` : "";
  return `#${a.chainIndex} ${a.provider}/${a.model} try ${a.attempt}: ${a.error.kind}${status} (${a.error.message})`;
}
