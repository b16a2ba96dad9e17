import type { AttemptEndInfo, AttemptErrorInfo, AttemptInfo, FailedAttempt } from "./attempt-events";
import { createAttemptSignal } from "./attempt-signal";
import { type BackoffFn, defaultBackoff } from "./backoff";
import { EmptyModelChainError } from "./empty-model-chain-error";
import { ModelCallError } from "./model-error";
import { ModelChainExhaustedError } from "./model-chain-exhausted-error";
import type { ModelCallContext, ModelClient, ModelRequest, ModelResponse } from "./model-port";
import type { ModelRef } from "./model-ref";
import { DEFAULT_RETRY_AFTER_CAP_MS, nextDelay } from "./next-delay";
import { toModelCallError } from "./normalize-error";
import { decideAfterFailure } from "./retry-policy";
import { type ModelClock, type ModelSleep, type ModelTimer, globalTimer, systemClock } from "./timing-ports";
import { type CancelToken, tokenFromSignal } from "../shared/cancel-scope";

/** A model request before a chain entry is chosen: no `model`, no `chainIndex`. */
export type ChainRequest = Omit<ModelRequest, "model" | "context"> & {
  context: Omit<ModelCallContext, "chainIndex">;
};

export interface GenerateWithFallbackOptions {
  /** The agent's effective chain, model 1 first. */
  chain: readonly ModelRef[];
  client: ModelClient;
  request: ChainRequest;
  /** Waits between retries (the runtime's `Sleep` port); must honour the signal. */
  sleep: ModelSleep;
  /** Upper bound on a 429's Retry-After wait. Default 30,000 ms. */
  retryAfterCapMs?: number;
  /** Delay before retry n when there is no Retry-After. Default 250 ms · 2^n, capped at 8 s, no jitter. */
  backoff?: BackoffFn;
  onAttemptStart?: (info: AttemptInfo) => void;
  onAttemptEnd?: (info: AttemptEndInfo) => void;
  /** Schedules per-attempt timeouts. Default: global `setTimeout`. */
  timer?: ModelTimer;
  /** Measures attempt durations. Default: `Date.now`. */
  clock?: ModelClock;
  /**
   * The caller's cancellation, when it has one (the runtime's per-agent scope):
   * the chain's abort checks and races subscribe to it instead of adding `abort`
   * listeners to `request.signal`. Must abort together with `request.signal`.
   */
  cancel?: CancelToken;
}

export interface GenerateWithFallbackResult {
  response: ModelResponse;
  /** Index of the chain entry that answered. */
  chainIndex: number;
  /** Attempt number (1-based) on that entry. */
  attempt: number;
  /** The chain entry that answered (provider, model: for pricing and traces). */
  entry: ModelRef;
  /** Attempts that failed before the successful one. */
  failedAttempts: FailedAttempt[];
}

/**
 * Calls the chain: entry 0 up to `1 + retries` times, then entry 1, and so on.
 *
 * - Retryable errors (429, 5xx, timeout, network) retry the entry after
 *   `nextDelay` (Retry-After capped, else backoff), then fall to the next entry
 *   without waiting.
 * - Non-retryable errors (400, auth, content filter, unknown) stop the chain
 *   and are rethrown as `ModelCallError`.
 * - An abort of `request.signal` stops at once with an `aborted` ModelCallError.
 * - Each attempt gets `timeoutMillis` (0 = none): the call's signal is aborted
 *   for real and the attempt fails with a `timeout` ModelCallError.
 *
 * Throws `EmptyModelChainError` for an empty chain and
 * `ModelChainExhaustedError` when every entry failed.
 */
export async function generateWithFallback(options: GenerateWithFallbackOptions): Promise<GenerateWithFallbackResult> {
  const { chain, client, request, sleep, onAttemptStart, onAttemptEnd } = options;
  const backoff = options.backoff ?? defaultBackoff;
  const retryAfterCapMs = options.retryAfterCapMs ?? DEFAULT_RETRY_AFTER_CAP_MS;
  const timer = options.timer ?? globalTimer;
  const clock = options.clock ?? systemClock;
  if (chain.length === 0) throw new EmptyModelChainError({ agentId: request.context.agentId });
  const cancel = options.cancel ?? tokenFromSignal(request.signal);

  const failed: FailedAttempt[] = [];
  for (let chainIndex = 0; chainIndex < chain.length; chainIndex++) {
    const entry = chain[chainIndex];
    const maxAttempts = 1 + Math.max(0, entry.retries);
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (cancel.aborted) throw abortedError(entry, cancel);
      const info: AttemptInfo = { chainIndex, attempt, provider: entry.provider, model: entry.model };
      onAttemptStart?.(info);
      const started = clock.now();
      let response: ModelResponse | null = null;
      let error!: ModelCallError;
      if (entry.timeoutMillis > 0) {
        const outcome = await runAttempt({ client, request, entry, chainIndex, timer, cancel });
        if (outcome.ok) response = outcome.response;
        else error = outcome.error;
      } else {
        // The untimed hot path awaits the call itself: no attempt frame kept alive across the model wait.
        const late = { dropped: false };
        try {
          response = await untimedCall(client, request, entry, chainIndex, cancel, late);
        } catch (thrown) {
          error = cancel.aborted ? abortedError(entry, cancel) : toModelCallError(thrown, entry);
        } finally {
          late.dropped = true;
        }
      }
      const durationMs = Math.max(0, clock.now() - started);
      if (response !== null) {
        onAttemptEnd?.({ ...info, durationMs, response, willRetry: false, willFallback: false });
        return { response, chainIndex, attempt, entry, failedAttempts: failed };
      }

      const errorInfo = describeError(error);
      failed.push({ ...info, durationMs, error: errorInfo });
      const decision = decideAfterFailure({
        error,
        attempt,
        retries: maxAttempts - 1,
        chainIndex,
        chainLength: chain.length,
      });
      if (decision.action === "retry") {
        const delayMs = nextDelay(error, attempt - 1, { backoff, retryAfterCapMs });
        onAttemptEnd?.({ ...info, durationMs, error: errorInfo, willRetry: true, willFallback: false, delayMs });
        if (delayMs > 0) await sleepQuietly(sleep, delayMs, cancel);
        continue;
      }
      onAttemptEnd?.({
        ...info,
        durationMs,
        error: errorInfo,
        willRetry: false,
        willFallback: decision.action === "fallback",
      });
      if (decision.action === "fallback") break;
      if (decision.reason === "exhausted") {
        throw new ModelChainExhaustedError({ attempts: failed, lastError: error, agentId: request.context.agentId });
      }
      throw error;
    }
  }
  // Unreachable: the last entry either answers, stops or exhausts the chain.
  throw new EmptyModelChainError({ agentId: request.context.agentId });
}

type AttemptOutcome = { ok: true; response: ModelResponse } | { ok: false; error: ModelCallError };

/** One call with its own signal; settles as soon as that signal aborts, even if the client ignores it. */
async function runAttempt(input: {
  client: ModelClient;
  request: ChainRequest;
  entry: ModelRef;
  chainIndex: number;
  timer: ModelTimer;
  cancel: CancelToken;
}): Promise<AttemptOutcome> {
  const { client, request, entry, chainIndex, timer, cancel } = input;
  const attemptSignal = createAttemptSignal({
    parent: cancel,
    timeoutMs: entry.timeoutMillis,
    timer,
    timeoutReason: () => timeoutError(entry),
  });
  let settled = false;
  const onTextDelta = request.onTextDelta;
  const modelRequest: ModelRequest = {
    ...request,
    model: entry,
    signal: attemptSignal.signal,
    // Drop late deltas of an attempt that already timed out or was aborted.
    onTextDelta: onTextDelta ? (delta) => (settled ? undefined : onTextDelta(delta)) : undefined,
    context: { ...request.context, chainIndex },
  };
  try {
    let call: Promise<ModelResponse>;
    try {
      call = client.generate(modelRequest);
    } catch (thrown) {
      call = Promise.reject(thrown);
    }
    const response = await attemptSignal.race(call);
    return { ok: true, response };
  } catch (thrown) {
    if (cancel.aborted) return { ok: false, error: abortedError(entry, cancel) };
    if (attemptSignal.timedOut) return { ok: false, error: timeoutError(entry, thrown) };
    return { ok: false, error: toModelCallError(thrown, entry) };
  } finally {
    settled = true;
    attemptSignal.dispose();
  }
}

/**
 * One call of the untimed hot path (the benchmarks' and most local setups):
 * the caller's own signal, no attempt-signal object, no timer, one
 * subscription on the caller's cancel token (added before the call, removed
 * when it settles). It settles as soon as the token aborts, even if the client
 * ignores its signal, and drops deltas once `late.dropped` is set.
 */
function untimedCall(
  client: ModelClient,
  request: ChainRequest,
  entry: ModelRef,
  chainIndex: number,
  cancel: CancelToken,
  late: { dropped: boolean },
): Promise<ModelResponse> {
  const onTextDelta = request.onTextDelta;
  const modelRequest: ModelRequest = {
    ...request,
    model: entry,
    // Drop late deltas of an attempt that was aborted.
    onTextDelta: onTextDelta ? (delta) => (late.dropped ? undefined : onTextDelta(delta)) : undefined,
    context: { agentId: request.context.agentId, sessionId: request.context.sessionId, chainIndex },
  };
  return new Promise<ModelResponse>((resolve, reject) => {
    const subscription = cancel.onAbort(reject);
    let call: Promise<ModelResponse>;
    try {
      call = client.generate(modelRequest);
    } catch (thrown) {
      call = Promise.reject(thrown);
    }
    call.then(
      (value) => {
        cancel.off(subscription);
        resolve(value);
      },
      (error: unknown) => {
        cancel.off(subscription);
        reject(error);
      },
    );
    if (cancel.aborted) reject(cancel.reason);
  });
}

function timeoutError(entry: ModelRef, cause?: unknown): ModelCallError {
  return new ModelCallError({
    kind: "timeout",
    message: `no answer from ${entry.provider}/${entry.model} within ${entry.timeoutMillis} ms`,
    provider: entry.provider,
    model: entry.model,
    cause,
  });
}

function abortedError(entry: ModelRef, cancel: CancelToken): ModelCallError {
  return new ModelCallError({
    kind: "aborted",
    message: "model call aborted",
    provider: entry.provider,
    model: entry.model,
    cause: cancel.reason,
  });
}

function describeError(error: ModelCallError): AttemptErrorInfo {
  return { kind: error.kind, status: error.status, message: error.message, retryAfterMs: error.retryAfterMs };
}

/** Backoff waits end early on abort; a sleep that rejects on abort is fine too (the loop re-checks the signal). */
async function sleepQuietly(sleep: ModelSleep, ms: number, cancel: CancelToken): Promise<void> {
  try {
    await sleep(ms, cancel.signal);
  } catch (thrown) {
    if (!cancel.aborted) throw thrown;
  }
}
