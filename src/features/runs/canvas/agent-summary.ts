import type { AgentRunStats } from "./run-graph-stats";

/** "1 model call" / "3 model calls". */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** "42%" of the run's priced cost (one decimal under 10%). */
export function formatShare(share: number): string {
  const percent = share * 100;
  return `${percent < 10 && percent > 0 ? percent.toFixed(1) : Math.round(percent)}%`;
}

/** Short chips for an agent: retries, calls on a fallback model, calls without a price. */
export function attemptChips(stats: AgentRunStats): string[] {
  const out: string[] = [];
  if (stats.retries > 0) out.push(stats.retries === 1 ? "1 retry" : `${stats.retries} retries`);
  if (stats.fallbackCalls > 0) out.push(`${stats.fallbackCalls} on fallback`);
  if (stats.unpricedCalls > 0) out.push(`${stats.unpricedCalls} unpriced`);
  return out;
}

/**
 * Why an agent cost what it did, in words: its models, and the attempts
 * beyond the first try (retries, fallback hops, failures), e.g.
 * "4 model calls on scripted/gpt-4o (3) and scripted/claude-sonnet-4-5 (1); 2 retries, 1 call on a fallback model, 2 failed attempts".
 */
export function costReasons(stats: AgentRunStats): string {
  const models = stats.models.map((use) => (stats.models.length > 1 ? `${use.model} (${use.calls})` : use.model));
  const modelText =
    models.length === 0
      ? ""
      : ` on ${models.length > 1 ? `${models.slice(0, -1).join(", ")} and ${models.at(-1)}` : models[0]}`;
  const extras: string[] = [];
  if (stats.retries > 0) extras.push(stats.retries === 1 ? "1 retry" : `${stats.retries} retries`);
  if (stats.fallbackCalls > 0) extras.push(`${plural(stats.fallbackCalls, "call")} on a fallback model`);
  if (stats.failedCalls > 0) extras.push(plural(stats.failedCalls, "failed attempt"));
  if (stats.sessions > 1) extras.push(`${stats.sessions} sessions`);
  return `${plural(stats.modelCalls, "model call")}${modelText}${extras.length > 0 ? `; ${extras.join(", ")}` : ""}`;
}
