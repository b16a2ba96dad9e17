import type { ChatMessage, ModelUsage } from "./model-port";
import type { ScriptTurn } from "./model-ref";

/**
 * Token usage of a scripted turn: the turn's `usage` where given, else an
 * estimate of about four characters per token (input: every message's
 * content and tool-call arguments; output: the text and the arguments).
 */
export function scriptedUsage(
  turn: ScriptTurn,
  messages: readonly ChatMessage[],
  output: { text: string; argumentChars: number },
): ModelUsage {
  const given = turn.usage;
  return {
    inputTokens: given?.inputTokens ?? Math.ceil(messageChars(messages) / 4),
    outputTokens: given?.outputTokens ?? Math.ceil((output.text.length + output.argumentChars) / 4),
    cachedInputTokens: given?.cachedInputTokens ?? 0,
  };
}

function messageChars(messages: readonly ChatMessage[]): number {
  let chars = 0;
  for (const message of messages) {
    chars += message.content.length;
    if (message.role === "assistant" && message.toolCalls) {
      for (const call of message.toolCalls) chars += call.arguments.length;
    }
  }
  return chars;
}
