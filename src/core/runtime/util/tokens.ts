import type { ChatMessage } from "../../models/model-port";

/** Rough token estimate (4 characters per token), good enough for reservations and fork cuts. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Estimated tokens of one message, including its tool calls and a small per-message overhead. */
export function estimateMessageTokens(message: ChatMessage): number {
  let chars = message.content.length;
  if (message.role === "assistant" && message.toolCalls) {
    for (const call of message.toolCalls) chars += call.name.length + call.arguments.length;
  }
  return Math.ceil(chars / 4) + 4;
}

export function estimateMessagesTokens(messages: readonly ChatMessage[]): number {
  let total = 0;
  for (const message of messages) total += estimateMessageTokens(message);
  return total;
}
