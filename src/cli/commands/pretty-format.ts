import type { TraceTotals } from "@/core/trace";

const MAX_TEXT = 400;

/** Shortens one line of text for the terminal. */
export function clip(text: string, max = MAX_TEXT): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** USD for people; null is an unknown price (never shown as $0). */
export function money(usd: number | null): string {
  if (usd === null) return "$?";
  return usd === 0 ? "$0" : usd < 0.01 ? `$${usd.toFixed(6)}` : `$${usd.toFixed(4)}`;
}

/** `12 in / 3 out · $0.0001`, saying how many calls had no price instead of counting them as free. */
export function usageAndCost(totals: TraceTotals): string {
  const cost =
    totals.unpricedCalls === 0
      ? money(totals.pricedCostUsd)
      : `${money(totals.pricedCostUsd)} + ${plural(totals.unpricedCalls, "unpriced call")}`;
  return `${totals.usage.inputTokens} in / ${totals.usage.outputTokens} out · ${cost}`;
}

/** Model calls, and the steps they made when retries or fallbacks added attempts. */
export function callsAndSteps(totals: TraceTotals): string {
  const calls = plural(totals.modelCalls, "model call");
  return totals.steps === totals.modelCalls ? calls : `${calls} (${plural(totals.steps, "step")})`;
}

/** ANSI styling, off unless asked for. */
export class Style {
  constructor(private readonly color: boolean) {}
  bold(text: string): string {
    return this.color ? `\u001b[1m${text}\u001b[22m` : text;
  }
  dim(text: string): string {
    return this.color ? `\u001b[2m${text}\u001b[22m` : text;
  }
  red(text: string): string {
    return this.color ? `\u001b[31m${text}\u001b[39m` : text;
  }
}
