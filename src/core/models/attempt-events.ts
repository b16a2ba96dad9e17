import type { ModelErrorKind, ModelResponse } from "./model-port";

/** Identifies one attempt of a fallback chain. */
export interface AttemptInfo {
  /** Index of the entry in the chain (0 = the first model). */
  chainIndex: number;
  /** Attempt number on this entry, 1-based (1 = first try, 2 = first retry…). */
  attempt: number;
  provider: string;
  model: string;
}

/** A failed attempt, as traces and `ModelChainExhaustedError` show it. */
export interface AttemptErrorInfo {
  kind: ModelErrorKind;
  status: number | null;
  message: string;
  retryAfterMs: number | null;
}

/** Reported after every attempt, successful or not. */
export interface AttemptEndInfo extends AttemptInfo {
  durationMs: number;
  response?: ModelResponse;
  error?: AttemptErrorInfo;
  /** The chain will call this entry again (after `delayMs`). */
  willRetry: boolean;
  /** The chain will move on to the next entry. */
  willFallback: boolean;
  /** Wait before the retry, when `willRetry`. */
  delayMs?: number;
}

/** One failed attempt kept for `ModelChainExhaustedError`. */
export interface FailedAttempt extends AttemptInfo {
  durationMs: number;
  error: AttemptErrorInfo;
}
