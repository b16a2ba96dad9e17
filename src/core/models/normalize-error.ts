import { ModelCallError } from "./model-error";

/**
 * Turns anything a client threw into a `ModelCallError`. A `ModelCallError`
 * passes through unchanged. Anything else is kind `unknown`, which is NOT
 * retryable: adapters are expected to classify provider failures themselves,
 * so an unclassified error is most likely a bug (ours or the adapter's) that a
 * retry or another model would only repeat — we surface it at once instead.
 */
export function toModelCallError(error: unknown, entry: { provider: string; model: string }): ModelCallError {
  if (error instanceof ModelCallError) return error;
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "model call failed";
  return new ModelCallError({
    kind: "unknown",
    message: message || "model call failed",
    provider: entry.provider,
    model: entry.model,
    cause: error,
  });
}
