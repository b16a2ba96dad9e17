import {
  APICallError,
  EmptyResponseBodyError,
  InvalidResponseDataError,
  JSONParseError,
  LoadAPIKeyError,
  NoContentGeneratedError,
  NoOutputGeneratedError,
  RetryError,
  TypeValidationError,
} from "ai";
import { ModelCallError, errorKindForStatus } from "@/core/models/model-error";
import type { ModelErrorKind } from "@/core/models/model-port";
import { retryAfterMsFromHeaders } from "./retry-after";

/** Codes of transport failures (Node, undici, Bun) that mean "could not talk to the provider". */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "ConnectionRefused",
  "ConnectionClosed",
  "FailedToOpenSocket",
]);

const CONTENT_FILTER = /content[_ ]?(filter|policy|management)|safety system/i;

interface ErrorContext {
  provider: string;
  model: string;
  /** The call's signal: when it aborted, the abort (or its timeout reason) explains the failure. */
  signal?: AbortSignal;
}

/**
 * Translates whatever the AI SDK or a provider threw into a `ModelCallError`
 * the fallback chain understands: HTTP status → kind (429 rate_limit with
 * Retry-After, 5xx server, 400 bad_request or content_filter, 401/403 auth),
 * our own abort/timeout → aborted/timeout, connection failures → network,
 * unreadable responses → server (the provider misbehaved: worth a retry).
 */
export function mapAiSdkError(error: unknown, context: ErrorContext): ModelCallError {
  if (error instanceof ModelCallError) return error;
  const { provider, model, signal } = context;
  const make = (
    kind: ModelErrorKind,
    message: string,
    extra: { status?: number | null; retryAfterMs?: number | null } = {},
  ) => new ModelCallError({ kind, message, provider, model, cause: error, ...extra });

  if (signal?.aborted) return fromAbortReason(signal.reason, error, context);
  if (RetryError.isInstance(error) && error.lastError !== undefined) return mapAiSdkError(error.lastError, context);

  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === undefined || status === null) {
      return isNetworkFailure(error) || error.isRetryable
        ? make("network", error.message)
        : make("unknown", error.message);
    }
    if (status < 400)
      return make("server", `unreadable response from ${provider} (HTTP ${status}): ${error.message}`, { status });
    let kind = errorKindForStatus(status);
    if (kind === "bad_request" && CONTENT_FILTER.test(error.responseBody ?? "")) kind = "content_filter";
    const retryAfterMs = kind === "rate_limit" ? retryAfterMsFromHeaders(error.responseHeaders) : null;
    return make(kind, describeApiError(error), { status, retryAfterMs });
  }
  if (LoadAPIKeyError.isInstance(error)) {
    return make("auth", `no API key for ${provider}: add a provider credential in Settings (${error.message})`);
  }
  if (
    JSONParseError.isInstance(error) ||
    TypeValidationError.isInstance(error) ||
    InvalidResponseDataError.isInstance(error) ||
    EmptyResponseBodyError.isInstance(error) ||
    NoContentGeneratedError.isInstance(error) ||
    NoOutputGeneratedError.isInstance(error)
  ) {
    return make("server", `unreadable response from ${provider}: ${(error as Error).message}`);
  }
  if (isAbortLike(error)) {
    return (error as Error).name === "TimeoutError"
      ? make("timeout", "model call timed out")
      : make("aborted", "model call aborted");
  }
  if (isNetworkFailure(error)) return make("network", `cannot reach ${provider}: ${(error as Error).message}`);
  return make("unknown", error instanceof Error ? error.message : String(error));
}

function fromAbortReason(reason: unknown, error: unknown, context: ErrorContext): ModelCallError {
  if (reason instanceof ModelCallError) return reason;
  const isTimeout = reason instanceof Error && reason.name === "TimeoutError";
  return new ModelCallError({
    kind: isTimeout ? "timeout" : "aborted",
    message: isTimeout ? "model call timed out" : "model call aborted",
    provider: context.provider,
    model: context.model,
    cause: error,
  });
}

function describeApiError(error: APICallError): string {
  const status = error.statusCode;
  const detail =
    error.message && error.message !== "Bad Request" ? error.message : (error.responseBody ?? "").slice(0, 300);
  return `HTTP ${status}${detail ? `: ${detail}` : ""}`;
}

function isAbortLike(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === "AbortError" || error.name === "TimeoutError" || error.name === "ResponseAborted")
  );
}

/** Walks the cause chain for a transport error code, or the fetch "failed to fetch" TypeError. */
function isNetworkFailure(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_CODES.has(code)) return true;
    if (current instanceof TypeError && /fetch failed|failed to fetch/i.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}
