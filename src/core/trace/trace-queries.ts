import type { ChatMessage } from "../models/messages";
import { rebuildPrompt } from "./rebuild-prompt";
import type { TraceSpan, TraceState } from "./trace-types";

/** The full prompt model call `spanId` was given, rebuilt from the calls it extends. */
export function promptOf(trace: TraceState, spanId: string): ChatMessage[] {
  return rebuildPrompt(spanId, (id) => {
    const span = trace.spans.get(id);
    return span?.kind === "MODEL_CALL" ? span.start : undefined;
  });
}

/** The RUN span, once RUN_START arrived. */
export function rootSpan(trace: TraceState): TraceSpan | undefined {
  return trace.rootId === null ? undefined : trace.spans.get(trace.rootId);
}

/** A span's children, in start order. */
export function childrenOf(trace: TraceState, span: TraceSpan): TraceSpan[] {
  const out: TraceSpan[] = [];
  for (const id of span.children) {
    const child = trace.spans.get(id);
    if (child) out.push(child);
  }
  return out;
}

/** Every span below `from` (the root by default), depth first in start order, with its depth. */
export function* walkTrace(trace: TraceState, from = rootSpan(trace)): Generator<{ span: TraceSpan; depth: number }> {
  if (!from) return;
  const stack: Array<{ span: TraceSpan; depth: number }> = [{ span: from, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    yield next;
    const children = childrenOf(trace, next.span);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ span: children[i], depth: next.depth + 1 });
  }
}
