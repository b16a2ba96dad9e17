import type { ChatMessage } from "../../models/model-port";
import type { RunContext } from "../run-context";
import type { AgentFrame } from "./frame";

/**
 * Where a reused session's trace continues: the latest model call of its
 * previous activation in this run, when the new transcript still starts with
 * what that call was given (then MODEL_CALL_START records only what follows,
 * and a session reused many times stays linear in the trace). Null otherwise.
 */
export function continuedPrompt(
  ctx: RunContext,
  sessionId: string,
  messages: readonly ChatMessage[],
): { spanId: string; count: number } | null {
  const previous = ctx.sessionPrompts.get(sessionId);
  if (!previous || !startsWith(messages, previous.messages, previous.count)) return null;
  return { spanId: previous.spanId, count: previous.count };
}

/** Remembers where this activation's prompt chain ended, for the session's next activation. */
export function rememberPrompt(ctx: RunContext, frame: AgentFrame): void {
  if (frame.promptSpanId === null) return;
  ctx.sessionPrompts.set(frame.sessionId, {
    spanId: frame.promptSpanId,
    count: frame.promptCount,
    messages: frame.messages,
  });
}

/** True when the first `count` messages of `messages` equal those of `prefix` (by value: stores copy them). */
export function startsWith(messages: readonly ChatMessage[], prefix: readonly ChatMessage[], count: number): boolean {
  if (messages.length < count || prefix.length < count) return false;
  for (let i = 0; i < count; i++) if (!sameMessage(messages[i], prefix[i])) return false;
  return true;
}

function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  if (a === b) return true;
  if (a.role !== b.role || a.content !== b.content) return false;
  if (a.role === "tool" && b.role === "tool") return a.toolCallId === b.toolCallId && a.toolName === b.toolName;
  if (a.role === "assistant" && b.role === "assistant") {
    const x = a.toolCalls ?? [];
    const y = b.toolCalls ?? [];
    return (
      x.length === y.length &&
      x.every((call, i) => call.id === y[i].id && call.name === y[i].name && call.arguments === y[i].arguments)
    );
  }
  return true;
}
