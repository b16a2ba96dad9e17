import type { ScriptTurn } from "@/core/models/model-ref";

/**
 * A scripted turn with its `usage` tidied: counts left empty are unset, and a
 * usage with no count left is removed (the runtime then estimates from the text).
 */
export function tidyUsage<T extends ScriptTurn>(turn: T): T {
  if (turn.usage === undefined) {
    if (!("usage" in turn)) return turn;
    const { usage: _drop, ...rest } = turn;
    return rest as T;
  }
  const counts = Object.fromEntries(Object.entries(turn.usage).filter(([, value]) => value !== undefined));
  if (Object.keys(counts).length === 0) {
    const { usage: _drop, ...rest } = turn;
    return rest as T;
  }
  return { ...turn, usage: counts };
}

/** "12 in · 40 out", "estimated" when the turn reports no counts. */
export function usageSummary(turn: ScriptTurn): string {
  const usage = turn.usage;
  if (!usage) return "estimated";
  const parts = [
    usage.inputTokens === undefined ? null : `${usage.inputTokens} in`,
    usage.cachedInputTokens === undefined ? null : `${usage.cachedInputTokens} cached`,
    usage.outputTokens === undefined ? null : `${usage.outputTokens} out`,
  ].filter((part) => part !== null);
  return parts.length === 0 ? "estimated" : parts.join(" · ");
}
