import type { ChatMessage } from "../models/messages";

/** What a MODEL_CALL_START records of its prompt: the new messages and the call they extend. */
export interface PromptLink {
  readonly messages: readonly ChatMessage[];
  readonly previousMessageCount: number;
  readonly basedOnSpanId: string | null;
}

/** A model call's prompt cannot be rebuilt from the trace (a missing or inconsistent link). */
export class PromptRebuildError extends Error {
  constructor(
    readonly spanId: string,
    reason: string,
  ) {
    super(`cannot rebuild the prompt of model call ${spanId}: ${reason}`);
    this.name = "PromptRebuildError";
  }
}

/**
 * The full prompt a model call was given: the chain of MODEL_CALL_STARTs it
 * is based on, oldest first, each contributing the messages it added.
 * Iterative (a long session is a long chain), and checked: every link must
 * extend exactly the prompt of the call it names.
 */
export function rebuildPrompt(spanId: string, lookup: (spanId: string) => PromptLink | undefined): ChatMessage[] {
  const chain: PromptLink[] = [];
  const seen = new Set<string>();
  let id: string | null = spanId;
  while (id !== null) {
    if (seen.has(id)) throw new PromptRebuildError(spanId, `the chain of calls loops at ${id}`);
    seen.add(id);
    const link = lookup(id);
    if (!link) throw new PromptRebuildError(spanId, `model call ${id} is not in the trace`);
    chain.push(link);
    id = link.basedOnSpanId;
  }
  const prompt: ChatMessage[] = [];
  for (let i = chain.length - 1; i >= 0; i--) {
    const link = chain[i];
    if (link.previousMessageCount !== prompt.length)
      throw new PromptRebuildError(
        spanId,
        `a call says it extends ${link.previousMessageCount} messages, but the calls before it hold ${prompt.length}`,
      );
    for (const message of link.messages) prompt.push(message);
  }
  return prompt;
}
