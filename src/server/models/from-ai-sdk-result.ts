import type { FinishReason, LanguageModelUsage } from "ai";
import type { ModelResponse, ModelToolCall, ModelUsage } from "@/core/models/model-port";

/** The parts of an AI SDK tool call we read (static and dynamic calls alike). */
export interface SdkToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
  invalid?: boolean;
}

/**
 * Our tool call: arguments as raw JSON text. The SDK parses them; a call it
 * could not parse is marked `invalid` with the original text as input, which
 * we pass through untouched so the runtime reports the malformed arguments.
 */
export function toModelToolCall(call: SdkToolCall): ModelToolCall {
  const raw = call.invalid && typeof call.input === "string" ? call.input : JSON.stringify(call.input ?? {});
  return { id: call.toolCallId, name: call.toolName, arguments: raw };
}

/** Token usage; `inputTokens` includes cached (cache-read) tokens, as the SDK reports it. */
export function toModelUsage(usage: LanguageModelUsage | undefined): ModelUsage {
  return {
    inputTokens: usage?.inputTokens ?? 0,
    outputTokens: usage?.outputTokens ?? 0,
    cachedInputTokens: usage?.inputTokenDetails?.cacheReadTokens ?? 0,
  };
}

export function toFinishReason(reason: FinishReason | undefined): ModelResponse["finishReason"] {
  switch (reason) {
    case "stop":
    case "length":
    case "error":
      return reason;
    case "tool-calls":
      return "tool_calls";
    case "content-filter":
      return "content_filter";
    default:
      return "other";
  }
}
