import type { AttemptEndInfo, AttemptInfo } from "../../models/attempt-events";
import { generateWithFallback } from "../../models/fallback-chain";
import type { ModelResponse, ModelUsage } from "../../models/model-port";
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
export async function modelStep(ctx: RunContext, frame: AgentFrame): Promise<ModelResponse> {
  const { clock } = ctx.ports;
  const agent = frame.agent;
  const prices = frame.prices;
  const reservation = ctx.budget.reserve(
    reservationFor({
      estimatedInputTokens: estimateMessagesTokens(frame.messages),
      maxOutputTokens: agent.params.maxTokens,
      inputPricePerToken: prices.input,
      outputPricePerToken: prices.output,
    }),
    clock.now(),
    frame.span,
  );

  const usage: ModelUsage = { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 };
  let costUsd = 0;
  // The attempt in flight (one at a time): its span, and what its END repeats.
  let open: Span<"MODEL_CALL"> | null = null;
  let openInfo: AttemptInfo | null = null;
  let openedAt = 0;
  let closed = false;
  const cancel = frame.modelCancel;

  const onAttemptStart = (info: AttemptInfo) => {
    if (closed) return;
    openInfo = info;
    openedAt = clock.now();
    // Only what is new since the session's previous call (the transcript is append-only): traces stay linear.
    const from = frame.promptCount;
    open = openSpan(ctx, frame.span, {
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
    frame.promptSpanId = open.spanId;
    frame.promptCount = frame.messages.length;
  };

  const onAttemptEnd = (info: AttemptEndInfo) => {
    if (closed || !open) return;
    const response = info.response;
    let attemptCost: number | null = 0;
    if (response) {
      const entry = frame.modelChain[info.chainIndex];
      attemptCost = entry ? ctx.pricing.cost(entry, response.usage) : null;
      usage.inputTokens += response.usage.inputTokens;
      usage.outputTokens += response.usage.outputTokens;
      usage.cachedInputTokens += response.usage.cachedInputTokens;
      costUsd += attemptCost ?? 0;
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
    open = null;
  };

  const onTextDelta = (delta: string) => {
    if (closed || !open || delta === "") return;
    open.point({ type: "TEXT_DELTA", delta });
  };

  try {
    // The chain settles as soon as the signal aborts, even if a client ignores it.
    const result = await generateWithFallback({
      chain: frame.modelChain,
      client: ctx.ports.model,
      request: {
        messages: frame.messages,
        tools: frame.tools.specs as ModelToolSpecs,
        temperature: agent.params.temperature,
        topP: agent.params.topP,
        maxTokens: agent.params.maxTokens,
        signal: cancel.signal,
        onTextDelta,
        context: { agentId: agent.id, sessionId: frame.sessionId },
      },
      sleep: ctx.ports.sleep,
      retryAfterCapMs: ctx.options.retryAfterCapMs,
      onAttemptStart,
      onAttemptEnd,
      timer: ctx.timer,
      clock,
      cancel,
    });
    return result.response;
  } finally {
    // An attempt still open here was cut off (abort, or a client that ignored it): close its span.
    const stillOpen = open as Span<"MODEL_CALL"> | null;
    const info = openInfo as AttemptInfo | null;
    if (stillOpen && info) {
      stillOpen.close({
        type: "MODEL_CALL_END",
        provider: info.provider,
        model: info.model,
        chainIndex: info.chainIndex,
        attempt: info.attempt,
        durationMillis: clock.now() - openedAt,
        usage: null,
        costUsd: 0,
        finishReason: null,
        text: null,
        toolCalls: null,
        error: { kind: "aborted", status: null, message: "model call aborted", retryAfterMs: null },
        willRetry: false,
        willFallback: false,
      });
    }
    closed = true;
    ctx.budget.settle(reservation, usage, costUsd);
  }
}

type ModelToolSpecs = import("../../models/model-port").ModelToolSpec[];

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
