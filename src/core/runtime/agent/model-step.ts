import type { AttemptEndInfo, AttemptInfo } from "../../models/attempt-events";
import { generateWithFallback } from "../../models/fallback-chain";
import type { ModelResponse, ModelUsage } from "../../models/model-port";
import type { ModelTimer } from "../../models/timing-ports";
import { reservationFor } from "../budget/budget";
import type { RunContext } from "../run-context";
import { estimateMessagesTokens } from "../util/tokens";
import type { AgentFrame } from "./frame";
import { redactMessages } from "./transcript";

/**
 * One model step of an agent: reserve budget, call the fallback chain with the
 * agent's visible tools, trace every attempt (MODEL_CALL_START shows exactly
 * the messages and tool names the model was given), stream text deltas, then
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
    { agentId: agent.id, source: frame.source, spanId: frame.spanId, parentSpanId: frame.parentSpanId },
  );

  const usage: ModelUsage = { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 };
  let costUsd = 0;
  let open: { spanId: string; info: AttemptInfo; startedAt: number } | null = null;
  let closed = false;
  const cancel = frame.modelCancel;

  const onAttemptStart = (info: AttemptInfo) => {
    if (closed) return;
    const spanId = ctx.newSpanId();
    open = { spanId, info, startedAt: clock.now() };
    ctx.bus.emit({
      type: "MODEL_CALL_START",
      spanId,
      parentSpanId: frame.spanId,
      source: frame.source,
      agentId: agent.id,
      provider: info.provider,
      model: info.model,
      chainIndex: info.chainIndex,
      attempt: info.attempt,
      messages: redactMessages(frame.messages, ctx.options.secrets),
      tools: frame.tools.names as string[],
    });
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
    ctx.bus.emit({
      type: "MODEL_CALL_END",
      spanId: open.spanId,
      parentSpanId: frame.spanId,
      source: frame.source,
      agentId: agent.id,
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
    ctx.bus.emit({
      type: "TEXT_DELTA",
      spanId: open.spanId,
      parentSpanId: frame.spanId,
      source: frame.source,
      agentId: agent.id,
      delta,
    });
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
    const stillOpen = open as { spanId: string; info: AttemptInfo; startedAt: number } | null;
    if (stillOpen) {
      ctx.bus.emit({
        type: "MODEL_CALL_END",
        spanId: stillOpen.spanId,
        parentSpanId: frame.spanId,
        source: frame.source,
        agentId: agent.id,
        provider: stillOpen.info.provider,
        model: stillOpen.info.model,
        chainIndex: stillOpen.info.chainIndex,
        attempt: stillOpen.info.attempt,
        durationMillis: clock.now() - stillOpen.startedAt,
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
