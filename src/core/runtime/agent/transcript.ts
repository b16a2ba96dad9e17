import type { ChatMessage } from "../../models/model-port";
import { estimateMessageTokens } from "../util/tokens";

/**
 * The child's starting transcript for `context: "fork"`: a copy of the
 * parent's conversation (without its system prompt and without the assistant
 * turn whose tool calls are running right now), keeping the most recent
 * messages that fit in `maxTokens`, never starting with an orphan tool result.
 */
export function forkTranscript(parentMessages: readonly ChatMessage[], maxTokens: number): ChatMessage[] {
  let end = parentMessages.length;
  const last = parentMessages[end - 1];
  if (last && last.role === "assistant" && last.toolCalls && last.toolCalls.length > 0) end--;
  let start = end;
  let tokens = 0;
  while (start > 0) {
    const message = parentMessages[start - 1];
    if (message.role === "system") break;
    const cost = estimateMessageTokens(message);
    if (tokens + cost > maxTokens) break;
    tokens += cost;
    start--;
  }
  while (start < end && parentMessages[start].role === "tool") start++;
  const copy: ChatMessage[] = [];
  for (let i = start; i < end; i++) {
    const message = parentMessages[i];
    if (message.role !== "system") copy.push(message);
  }
  return copy;
}

/** System prompt (when there are instructions) + prior history + the new user input. */
export function initialMessages(instructions: string, history: readonly ChatMessage[], input: string): ChatMessage[] {
  const messages: ChatMessage[] = [];
  if (instructions.trim() !== "") messages.push({ role: "system", content: instructions });
  for (const message of history) messages.push(message);
  messages.push({ role: "user", content: input });
  return messages;
}

/** Copies `messages` from index `from` on, with every secret value masked (a plain slice when there are none). */
export function redactMessages(messages: readonly ChatMessage[], secrets: readonly string[], from = 0): ChatMessage[] {
  if (secrets.length === 0) return messages.slice(from);
  const mask = (text: string) => {
    let out = text;
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join("[redacted]");
    return out;
  };
  return messages.slice(from).map((message): ChatMessage => {
    switch (message.role) {
      case "assistant":
        return {
          role: "assistant",
          content: mask(message.content),
          ...(message.toolCalls
            ? { toolCalls: message.toolCalls.map((call) => ({ ...call, arguments: mask(call.arguments) })) }
            : {}),
        };
      case "tool":
        return { ...message, content: mask(message.content) };
      default:
        return { role: message.role, content: mask(message.content) };
    }
  });
}
