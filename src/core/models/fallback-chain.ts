import type { AttemptEndInfo, AttemptErrorInfo, AttemptInfo, FailedAttempt } from "./attempt-events";
import { createAttemptSignal } from "./attempt-signal";
import { type BackoffFn, defaultBackoff } from "./backoff";
import { EmptyModelChainError } from "./empty-model-chain-error";
import { ModelCallError } from "./model-error";
import { ModelChainExhaustedError } from "./model-chain-exhausted-error";
import type {
  ChatMessage,
  ModelCallContext,
  ModelClient,
  ModelRequest,
  ModelResponse,
  ModelToolSpec,
} from "./model-port";
import type { ModelRef } from "./model-ref";
import { DEFAULT_RETRY_AFTER_CAP_MS, nextDelay } from "./next-delay";
import { toModelCallError } from "./normalize-error";
import { decideAfterFailure } from "./retry-policy";
import { type ModelClock, type ModelSleep, type ModelTimer, globalTimer, systemClock } from "./timing-ports";
import { type CancelToken, raceCancel, tokenFromSignal } from "../shared/cancel-scope";

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
export function generateWithFallback(options: GenerateWithFallbackOptions): Promise<GenerateWithFallbackResult> {
  try {
    if (options.chain.length === 0) throw new EmptyModelChainError({ agentId: options.request.context.agentId });
    return new ChainCall(options).attempt();
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * One walk down the chain as a small state machine rather than an `async`
 * loop: while a call is pending only this object and the call's continuation
 * are alive, not a suspended frame with every local of the loop (the runtime
 * keeps one such walk per waiting agent, 1,000s under load).
 */
class ChainCall {
  private readonly cancel: CancelToken;
  private readonly timer: ModelTimer;
  private readonly clock: ModelClock;
  private readonly failed: FailedAttempt[] = [];
  private chainIndex = 0;
  private attemptNo = 1;
  private info: AttemptInfo | null = null;
  private started = 0;

  constructor(private readonly options: GenerateWithFallbackOptions) {
    this.cancel = options.cancel ?? tokenFromSignal(options.request.signal);
    this.timer = options.timer ?? globalTimer;
    this.clock = options.clock ?? systemClock;
  }

  /** Starts the current attempt; throws (a rejection for callers) when the caller aborted. */
  attempt(): Promise<GenerateWithFallbackResult> {
    const { client, request } = this.options;
    const { cancel, chainIndex } = this;
    const entry = this.options.chain[chainIndex];
    if (cancel.aborted) throw abortedError(entry, cancel);
    const info: AttemptInfo = { chainIndex, attempt: this.attemptNo, provider: entry.provider, model: entry.model };
    this.info = info;
    this.options.onAttemptStart?.(info);
    this.started = this.clock.now();
    if (entry.timeoutMillis > 0) {
      // The timed path: the same shape as the untimed one plus the attempt's own signal and deadline.
      const attempt = createAttemptSignal({
        parent: cancel,
        timeoutMs: entry.timeoutMillis,
        timer: this.timer,
        timeoutReason: () => timeoutError(entry),
      });
      const late = { dropped: false };
      return attempt.race(callClient(client, attemptRequest(request, entry, chainIndex, attempt, late, true))).then(
        (response) => {
          late.dropped = true;
          attempt.dispose();
          return this.answered(entry, response);
        },
        (thrown: unknown) => {
          late.dropped = true;
          attempt.dispose();
          return this.failedWith(
            entry,
            cancel.aborted
              ? abortedError(entry, cancel)
              : attempt.timedOut
                ? timeoutError(entry, thrown)
                : toModelCallError(thrown, entry),
          );
        },
      );
    }
    // The untimed hot path: the call, one cancel subscription and this continuation.
    const late = { dropped: false };
    return untimedCall(client, request, entry, chainIndex, cancel, late).then(
      (response) => {
        late.dropped = true;
        return this.answered(entry, response);
      },
      (thrown: unknown) => {
        late.dropped = true;
        return this.failedWith(entry, cancel.aborted ? abortedError(entry, cancel) : toModelCallError(thrown, entry));
      },
    );
  }

  private answered(entry: ModelRef, response: ModelResponse): GenerateWithFallbackResult {
    const durationMs = Math.max(0, this.clock.now() - this.started);
    const onEnd = this.options.onAttemptEnd;
    if (onEnd) {
      const info = this.info!;
      // Listed rather than spread (the hot path: one per model call).
      onEnd({
        chainIndex: info.chainIndex,
        attempt: info.attempt,
        provider: info.provider,
        model: info.model,
        durationMs,
        response,
        willRetry: false,
        willFallback: false,
      });
    }
    return { response, chainIndex: this.chainIndex, attempt: this.attemptNo, entry, failedAttempts: this.failed };
  }

  /** Retry (after the delay), fall to the next entry, or throw: the loop of the retry policy. */
  private failedWith(entry: ModelRef, error: ModelCallError): Promise<GenerateWithFallbackResult> {
    const { options, failed } = this;
    const info = this.info!;
    const chainLength = options.chain.length;
    const durationMs = Math.max(0, this.clock.now() - this.started);
    const errorInfo = describeError(error);
    failed.push({ ...info, durationMs, error: errorInfo });
    const maxAttempts = 1 + Math.max(0, entry.retries);
    const decision = decideAfterFailure({
      error,
      attempt: this.attemptNo,
      retries: maxAttempts - 1,
      chainIndex: this.chainIndex,
      chainLength,
    });
    if (decision.action === "retry") {
      const delayMs = nextDelay(error, this.attemptNo - 1, {
        backoff: options.backoff ?? defaultBackoff,
        retryAfterCapMs: options.retryAfterCapMs ?? DEFAULT_RETRY_AFTER_CAP_MS,
      });
      options.onAttemptEnd?.({ ...info, durationMs, error: errorInfo, willRetry: true, willFallback: false, delayMs });
      this.attemptNo++;
      if (this.attemptNo > maxAttempts) this.nextEntry();
      return delayMs > 0
        ? sleepQuietly(options.sleep, delayMs, this.cancel).then(() => this.attempt())
        : this.attempt();
    }
    options.onAttemptEnd?.({
      ...info,
      durationMs,
      error: errorInfo,
      willRetry: false,
      willFallback: decision.action === "fallback",
    });
    if (decision.action === "fallback") {
      this.nextEntry();
      return this.attempt();
    }
    if (decision.reason === "exhausted") {
      throw new ModelChainExhaustedError({
        attempts: failed,
        lastError: error,
        agentId: options.request.context.agentId,
      });
    }
    throw error;
  }

  private nextEntry(): void {
    this.chainIndex++;
    this.attemptNo = 1;
    // Unreachable: the last entry either answers, stops or exhausts the chain.
    if (this.chainIndex >= this.options.chain.length)
      throw new EmptyModelChainError({ agentId: this.options.request.context.agentId });
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
  return raceCancel(callClient(client, attemptRequest(request, entry, chainIndex, cancel, late, false)), cancel);
}

/**
 * The request of one attempt: its entry, its cancellation, and deltas dropped
 * once `late.dropped` is set. With `lazySignal` the request's `signal` is read
 * from `cancel` on first access (a timed attempt's `AbortSignal` exists only if
 * the client reads it); otherwise it is the caller's own signal, also read on first access.
 */
function attemptRequest(
  request: ChainRequest,
  entry: ModelRef,
  chainIndex: number,
  cancel: CancelToken,
  late: { dropped: boolean },
  lazySignal: boolean,
): ModelRequest {
  const onTextDelta = request.onTextDelta;
  // Drop late deltas of an attempt that already timed out or was aborted.
  const deltas = onTextDelta ? (delta: string) => (late.dropped ? undefined : onTextDelta(delta)) : undefined;
  const context = { agentId: request.context.agentId, sessionId: request.context.sessionId, chainIndex };
  return new AttemptRequest(entry, request, cancel, deltas, context, lazySignal ? cancel : request);
}

/**
 * A `ModelRequest` whose `signal` is a getter on the prototype: an object
 * literal with a getter allocates an accessor pair and a closure per request
 * and leaves the object in a slow shape (~1 KB per model call, alive across
 * the wait); this is one small object with in-object fields. Fields are listed
 * rather than spread: `{ ...request }` copies through a slow generic path.
 */
class AttemptRequest implements ModelRequest {
  readonly messages: ChatMessage[];
  readonly tools: ModelToolSpec[];
  readonly temperature: number | undefined;
  readonly topP: number | undefined;
  readonly maxTokens: number | undefined;
  /** Not an own enumerable property: a client that logs or compares the request sees the request only. */
  readonly #signalSource: { readonly signal: AbortSignal };

  constructor(
    readonly model: ModelRef,
    request: ChainRequest,
    readonly cancel: CancelToken,
    readonly onTextDelta: ((delta: string) => void) | undefined,
    readonly context: ModelCallContext,
    signalSource: { readonly signal: AbortSignal },
  ) {
    this.#signalSource = signalSource;
    this.messages = request.messages;
    this.tools = request.tools;
    this.temperature = request.temperature;
    this.topP = request.topP;
    this.maxTokens = request.maxTokens;
  }

  get signal(): AbortSignal {
    return this.#signalSource.signal;
  }
}

/** The client's promise, also when `generate` throws synchronously (a broken client must not escape the chain). */
function callClient(client: ModelClient, request: ModelRequest): Promise<ModelResponse> {
  try {
    return client.generate(request);
  } catch (thrown) {
    return Promise.reject(thrown);
  }
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
