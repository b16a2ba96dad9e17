import { z } from "zod";
import type { ModelUsage } from "./model-port";

/**
 * One row of the price table: USD per one million tokens. `provider` is
 * optional: a row without it prices the model whatever provider serves it.
 */
export const priceEntrySchema = z.strictObject({
  provider: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe("Provider id (openai, anthropic, openai-compatible…); omit to match any provider."),
  model: z.string().min(1).max(200).describe("Model id as the provider names it, e.g. gpt-4o-mini."),
  inputPerMTok: z.number().nonnegative().describe("USD per 1M input (prompt) tokens that were not served from cache."),
  outputPerMTok: z.number().nonnegative().describe("USD per 1M output (completion) tokens."),
  cachedInputPerMTok: z
    .number()
    .nonnegative()
    .optional()
    .describe("USD per 1M cached input tokens (prompt-cache reads); defaults to the input price."),
});

export const priceTableSchema = z.array(priceEntrySchema).max(10_000);

export type PriceEntry = z.infer<typeof priceEntrySchema>;
export type PriceTable = z.infer<typeof priceTableSchema>;

/** Dated snapshot or alias suffixes that still mean the base model: -2024-08-06, -20250514, -latest. */
const SNAPSHOT_SUFFIX = /^-(\d{4}-\d{2}-\d{2}|\d{8}|latest)$/;

const lookups = new WeakMap<PriceTable, Map<string, PriceEntry | null>>();

/**
 * The price of `model` served by `provider`, or null when the table has none.
 * Order: exact provider + model; then a row for the model without a provider;
 * then any provider's row for that model (so a scripted model named
 * `gpt-4o-mini` costs what gpt-4o-mini costs, and simulated runs show
 * realistic — but simulated — costs); then the same three for the base model
 * of a dated snapshot (`gpt-4o-2024-08-06` → `gpt-4o`). Case-insensitive.
 * Results are memoised per table object.
 */
export function priceFor(table: PriceTable, provider: string, model: string): PriceEntry | null {
  let memo = lookups.get(table);
  if (!memo) {
    memo = new Map();
    lookups.set(table, memo);
  }
  const key = `${provider}\u0000${model}`;
  const cached = memo.get(key);
  if (cached !== undefined) return cached;
  const found = lookup(table, provider.toLowerCase(), model.toLowerCase());
  memo.set(key, found);
  return found;
}

function lookup(table: PriceTable, provider: string, model: string): PriceEntry | null {
  const direct = match(table, provider, model);
  if (direct) return direct;
  let best: PriceEntry | null = null;
  for (const entry of table) {
    const base = entry.model.toLowerCase();
    if (!model.startsWith(base) || !SNAPSHOT_SUFFIX.test(model.slice(base.length))) continue;
    const candidate = match(table, provider, base);
    if (candidate && (!best || candidate.model.length > best.model.length)) best = candidate;
  }
  return best;
}

function match(table: PriceTable, provider: string, model: string): PriceEntry | null {
  let modelOnly: PriceEntry | null = null;
  let anyProvider: PriceEntry | null = null;
  for (const entry of table) {
    if (entry.model.toLowerCase() !== model) continue;
    if (entry.provider === undefined) modelOnly ??= entry;
    else if (entry.provider.toLowerCase() === provider) return entry;
    else anyProvider ??= entry;
  }
  return modelOnly ?? anyProvider;
}

/**
 * Cost in USD of one call. `usage.inputTokens` includes the cached ones
 * (as the AI SDK reports them), so cached tokens are billed at the cached
 * price and the rest at the input price.
 */
export function costOf(usage: ModelUsage, price: PriceEntry): number {
  const cached = Math.min(Math.max(0, usage.cachedInputTokens), Math.max(0, usage.inputTokens));
  const fresh = Math.max(0, usage.inputTokens) - cached;
  const cachedRate = price.cachedInputPerMTok ?? price.inputPerMTok;
  return (
    (fresh * price.inputPerMTok + cached * cachedRate + Math.max(0, usage.outputTokens) * price.outputPerMTok) /
    1_000_000
  );
}

/** `costOf` with the lookup: null when the model has no price (shown as "unknown", not as free). */
export function costFor(table: PriceTable, provider: string, model: string, usage: ModelUsage): number | null {
  const price = priceFor(table, provider, model);
  return price ? costOf(usage, price) : null;
}
