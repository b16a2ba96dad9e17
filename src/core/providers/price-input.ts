/**
 * A row of a workspace's price table as a person edits it (Settings →
 * Prices) and `prices.set` takes it: USD per one million tokens. Pure.
 */
import { z } from "zod";

/** Providers a price row can name: the chain entries' provider strings. */
export const PRICE_PROVIDERS = ["openai", "anthropic", "openai-compatible"] as const;
export const priceProviderSchema = z.enum(PRICE_PROVIDERS, "Choose openai, anthropic or openai-compatible.");
export type PriceProvider = z.infer<typeof priceProviderSchema>;

/** Labels for people. */
export const PRICE_PROVIDER_LABELS: Record<PriceProvider, string> = {
  openai: "OpenAI",
  anthropic: "Anthropic",
  "openai-compatible": "OpenAI-compatible",
};

/** The most a price may be: far above any real model, low enough to catch a misplaced decimal point. */
export const MAX_PRICE_PER_MTOK = 10_000;

function usdPerMTok(what: string) {
  return z
    .number(`The ${what} price must be a number (USD per 1M tokens).`)
    .finite(`The ${what} price must be a finite number.`)
    .nonnegative(`The ${what} price cannot be negative.`)
    .max(
      MAX_PRICE_PER_MTOK,
      `The ${what} price is over $${MAX_PRICE_PER_MTOK.toLocaleString("en-US")} per 1M tokens: check the decimal point.`,
    );
}

export const priceIdSchema = z.uuid("Price ids are UUIDs.");

/** One price row: provider + model (unique in the workspace) and three prices. */
export const priceInputSchema = z.strictObject({
  provider: priceProviderSchema,
  model: z
    .string()
    .trim()
    .min(1, "Enter the model id, e.g. gpt-4o-mini.")
    .max(200, "The model id is too long (200 characters at most)."),
  inputPerMTok: usdPerMTok("input"),
  outputPerMTok: usdPerMTok("output"),
  /** Null: cached input tokens cost the input price. */
  cachedInputPerMTok: usdPerMTok("cached input").nullable().default(null),
});

export type PriceInput = z.input<typeof priceInputSchema>;
export type PriceRow = z.output<typeof priceInputSchema>;

/**
 * `prices.set`: with `id`, changes that row (its provider and model too);
 * without, adds the row or replaces the one with the same provider and model.
 */
export const priceSetSchema = priceInputSchema.extend({ id: priceIdSchema.optional() });
