import type { AttemptEndInfo, AttemptInfo } from "../../models/attempt-events";
import { type ChainRequest, generateWithFallback } from "../../models/fallback-chain";
import type { ChatMessage, ModelResponse, ModelUsage } from "../../models/model-port";
import type { CancelToken } from "../../shared/cancel-scope";
import type { ModelTimer } from "../../models/timing-ports";
import { reservationFor } from "../budget/budget";
import type { RunContext } from "../run-context";
import { type Span, openSpan } from "../span";
import { estimateMessagesTokens } from "../util/tokens";
import type { AgentFrame } from "./frame";
import { redactMessages } from "./transcript";

/**
 * One model step of an agent: reserve budget, call the fallback chain with the
 * agent's visible tools, trace every attempt (MODEL_CALL_START records the
 * messages added since the session's previous call and the tool names offered), stream text deltas, then
 * settle the reservation with the real usage. Throws on a budget stop,
 * cancellation or an exhausted chain; the loop turns that into the agent's outcome.
 */
export function modelStep(ctx: RunContext, frame: AgentFrame): Promise<ModelResponse> {
  return new ModelStep(ctx, frame).run();
}

const ABORTED_ERROR = { kind: "aborted", status: null, message: "model call aborted", retryAfterMs: null } as const;

/**
 * The state of one model step. A class with prototype methods rather than an
 * `async` function with closures: across the model wait only this object, three
 * one-slot callbacks and the chain's continuation stay alive per agent.
 */
class ModelStep {
  private readonly reservation: ReturnType<RunContext["budget"]["reserve"]>;
  private readonly usage: ModelUsage = { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 };
  private costUsd = 0;
  /** The attempt in flight (one at a time): its span, and what its END repeats. */
  private open: Span<"MODEL_CALL"> | null = null;
  private openInfo: AttemptInfo | null = null;
  private openedAt = 0;
  private closed = false;

  constructor(
    private readonly ctx: RunContext,
    private readonly frame: AgentFrame,
  ) {
    const agent = frame.agent;
    const prices = frame.prices;
    this.reservation = ctx.budget.reserve(
      reservationFor({
        estimatedInputTokens: estimateMessagesTokens(frame.messages),
        maxOutputTokens: agent.params.maxTokens,
        inputPricePerToken: prices.input,
        outputPricePerToken: prices.output,
      }),
      ctx.ports.clock.now(),
      frame.span,
    );
  }

  run(): Promise<ModelResponse> {
    const { ctx, frame } = this;
    const cancel = frame.modelCancel;
    // The chain settles as soon as the signal aborts, even if a client ignores it.
    return generateWithFallback({
      chain: frame.modelChain,
      client: ctx.ports.model,
      request: new StepRequest(frame, (delta) => this.textDelta(delta), cancel),
      sleep: ctx.ports.sleep,
      retryAfterCapMs: ctx.options.retryAfterCapMs,
      onAttemptStart: (info) => this.attemptStarted(info),
      onAttemptEnd: (info) => this.attemptEnded(info),
      timer: ctx.timer,
      clock: ctx.ports.clock,
      cancel,
    }).then(
      (result) => {
        this.finish();
        return result.response;
      },
      (error: unknown) => {
        this.finish();
        throw error;
      },
    );
  }

  private attemptStarted(info: AttemptInfo): void {
    if (this.closed) return;
    const { ctx, frame } = this;
    this.openInfo = info;
    this.openedAt = ctx.ports.clock.now();
    // Only what is new since the session's previous call (the transcript is append-only): traces stay linear.
    const from = frame.promptCount;
    const open = openSpan(ctx, frame.span, {
      type: "MODEL_CALL_START",
      provider: info.provider,
      model: info.model,
      chainIndex: info.chainIndex,
      attempt: info.attempt,
      messages: redactMessages(frame.messages, ctx.options.secrets, from),
      previousMessageCount: from,
      basedOnSpanId: frame.promptSpanId,
      tools: frame.tools.names as string[],
    });
    this.open = open;
    frame.promptSpanId = open.spanId;
    frame.promptCount = frame.messages.length;
  }

  private attemptEnded(info: AttemptEndInfo): void {
    const open = this.open;
    if (this.closed || !open) return;
    const response = info.response;
    let attemptCost: number | null = 0;
    if (response) {
      const entry = this.frame.modelChain[info.chainIndex];
      attemptCost = entry ? this.ctx.pricing.cost(entry, response.usage) : null;
      this.usage.inputTokens += response.usage.inputTokens;
      this.usage.outputTokens += response.usage.outputTokens;
      this.usage.cachedInputTokens += response.usage.cachedInputTokens;
      this.costUsd += attemptCost ?? 0;
    }
    open.close({
      type: "MODEL_CALL_END",
      provider: info.provider,
      model: info.model,
      chainIndex: info.chainIndex,
      attempt: info.attempt,
      durationMillis: info.durationMs,
      usage: response ? response.usage : null,
      costUsd: attemptCost,
      finishReason: response ? response.finishReason : null,
      text: response ? response.text : null,
      toolCalls: response ? response.toolCalls : null,
      error: info.error ?? null,
      willRetry: info.willRetry,
      willFallback: info.willFallback,
    });
    this.open = null;
  }

  private textDelta(delta: string): void {
    if (this.closed || !this.open || delta === "") return;
    this.open.point({ type: "TEXT_DELTA", delta });
  }

  /** Closes an attempt that was cut off (abort, or a client that ignored it), then settles the budget. */
  private finish(): void {
    const stillOpen = this.open;
    const info = this.openInfo;
    if (stillOpen && info) {
      stillOpen.close({
        type: "MODEL_CALL_END",
        provider: info.provider,
        model: info.model,
        chainIndex: info.chainIndex,
        attempt: info.attempt,
        durationMillis: this.ctx.ports.clock.now() - this.openedAt,
        usage: null,
        costUsd: 0,
        finishReason: null,
        text: null,
        toolCalls: null,
        error: { ...ABORTED_ERROR },
        willRetry: false,
        willFallback: false,
      });
      this.open = null;
    }
    this.closed = true;
    this.ctx.budget.settle(this.reservation, this.usage, this.costUsd);
  }
}

type ModelToolSpecs = import("../../models/model-port").ModelToolSpec[];

/**
 * The chain's request for one step. A class with `signal` as a prototype
 * getter (created on first read: the chain and the core's clients observe
 * `cancel`) rather than an object literal with a getter, which costs an
 * accessor pair, a closure and a slow object shape per model call.
 */
class StepRequest implements ChainRequest {
  readonly messages: ChatMessage[];
  readonly tools: ModelToolSpecs;
  readonly temperature: number | undefined;
  readonly topP: number | undefined;
  readonly maxTokens: number | undefined;
  readonly context: ChainRequest["context"];
  readonly #token: CancelToken;

  constructor(
    frame: AgentFrame,
    readonly onTextDelta: (delta: string) => void,
    token: CancelToken,
  ) {
    this.#token = token;
    const params = frame.agent.params;
    this.messages = frame.messages;
    this.tools = frame.tools.specs as ModelToolSpecs;
    this.temperature = params.temperature;
    this.topP = params.topP;
    this.maxTokens = params.maxTokens;
    this.context = { agentId: frame.agent.id, sessionId: frame.sessionId };
  }

  get signal(): AbortSignal {
    return this.#token.signal;
  }
}

/** A `ModelTimer` on the injected sleep port, so per-attempt model timeouts follow a test's virtual clock. */
export function timerFromSleep(sleep: RunContext["ports"]["sleep"]): ModelTimer {
  return (ms, onFire) => {
    const controller = new AbortController();
    const fire = () => {
      if (!controller.signal.aborted) onFire();
    };
    sleep(ms, controller.signal).then(fire, fire);
    return () => controller.abort();
  };
}
