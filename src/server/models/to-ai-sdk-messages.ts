import type { ModelMessage, SystemModelMessage, ToolResultPart } from "ai";
import type { ChatMessage } from "@/core/models/model-port";

/** Our transcript in the AI SDK's shape: leading system messages become `instructions`. */
export interface AiSdkPrompt {
  instructions: SystemModelMessage[] | undefined;
  messages: ModelMessage[];
}

/**
 * Maps `ChatMessage[]` to AI SDK messages. Leading system messages (the
 * agent's instructions) go to `instructions`; later ones (announce reminders)
 * stay in place, so the call must allow system messages in `messages`.
 * Assistant tool calls become `tool-call` parts (arguments parsed from their
 * raw JSON; unparsable text is passed as a string), and consecutive tool
 * results are merged into one tool message, as providers expect.
 */
export function toAiSdkPrompt(chat: readonly ChatMessage[]): AiSdkPrompt {
  let start = 0;
  const instructions: SystemModelMessage[] = [];
  while (start < chat.length && chat[start].role === "system") {
    instructions.push({ role: "system", content: chat[start].content });
    start++;
  }
  const messages: ModelMessage[] = [];
  for (let i = start; i < chat.length; i++) {
    const message = chat[i];
    switch (message.role) {
      case "system":
      case "user":
        messages.push({ role: message.role, content: message.content });
        break;
      case "assistant":
        if (!message.toolCalls || message.toolCalls.length === 0) {
          messages.push({ role: "assistant", content: message.content });
        } else {
          messages.push({
            role: "assistant",
            content: [
              ...(message.content ? [{ type: "text" as const, text: message.content }] : []),
              ...message.toolCalls.map((call) => ({
                type: "tool-call" as const,
                toolCallId: call.id,
                toolName: call.name,
                input: parseArguments(call.arguments),
              })),
            ],
          });
        }
        break;
      case "tool": {
        const part: ToolResultPart = {
          type: "tool-result",
          toolCallId: message.toolCallId,
          toolName: message.toolName,
          output: { type: "text", value: message.content },
        };
        const previous = messages[messages.length - 1];
        if (previous?.role === "tool") previous.content.push(part);
        else messages.push({ role: "tool", content: [part] });
        break;
      }
    }
  }
  return { instructions: instructions.length > 0 ? instructions : undefined, messages };
}

function parseArguments(raw: string): unknown {
  if (raw.trim() === "") return {};
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
