import type { ModelErrorKind } from "./model-port";

/** Kinds that move the fallback chain on (retry, then the next model). */
const RETRYABLE: ReadonlySet<ModelErrorKind> = new Set(["rate_limit", "server", "timeout", "network"]);

/**
 * A failed model call, normalised across providers. Adapters translate their
 * errors into this so the fallback chain can decide without knowing vendors.
 */
export class ModelCallError extends Error {
  readonly kind: ModelErrorKind;
  readonly status: number | null;
  /** Retry-After hint in milliseconds (429), when the provider sent one. */
  readonly retryAfterMs: number | null;
  readonly provider: string;
  readonly model: string;

  constructor(options: {
    kind: ModelErrorKind;
    message: string;
    provider: string;
    model: string;
    status?: number | null;
    retryAfterMs?: number | null;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.name = "ModelCallError";
    this.kind = options.kind;
    this.status = options.status ?? null;
    this.retryAfterMs = options.retryAfterMs ?? null;
    this.provider = options.provider;
    this.model = options.model;
  }

  /** True for 429, 5xx, timeouts and network failures; false for 400, auth, content filter, abort. */
  get retryable(): boolean {
    return RETRYABLE.has(this.kind);
  }
}

/** Maps an HTTP status to an error kind. */
export function errorKindForStatus(status: number): ModelErrorKind {
  if (status === 429) return "rate_limit";
  if (status === 408) return "timeout";
  if (status === 401 || status === 403) return "auth";
  if (status >= 500) return "server";
  if (status >= 400) return "bad_request";
  return "unknown";
}
