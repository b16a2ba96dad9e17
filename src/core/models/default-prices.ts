import type { PriceTable } from "./pricing";

/**
 * Indicative list prices (USD per 1M tokens) of common OpenAI and Anthropic
 * models, as published by the vendors in 2025. They seed the workspace price
 * table, which users edit in Settings; check the vendors' pricing pages
 * before relying on them. Costs of scripted runs use these prices by model
 * name and are simulated.
 */
export const DEFAULT_PRICE_TABLE: PriceTable = [
  // OpenAI
  { provider: "openai", model: "gpt-5", inputPerMTok: 1.25, outputPerMTok: 10, cachedInputPerMTok: 0.125 },
  { provider: "openai", model: "gpt-5-mini", inputPerMTok: 0.25, outputPerMTok: 2, cachedInputPerMTok: 0.025 },
  { provider: "openai", model: "gpt-5-nano", inputPerMTok: 0.05, outputPerMTok: 0.4, cachedInputPerMTok: 0.005 },
  { provider: "openai", model: "gpt-4.1", inputPerMTok: 2, outputPerMTok: 8, cachedInputPerMTok: 0.5 },
  { provider: "openai", model: "gpt-4.1-mini", inputPerMTok: 0.4, outputPerMTok: 1.6, cachedInputPerMTok: 0.1 },
  { provider: "openai", model: "gpt-4.1-nano", inputPerMTok: 0.1, outputPerMTok: 0.4, cachedInputPerMTok: 0.025 },
  { provider: "openai", model: "gpt-4o", inputPerMTok: 2.5, outputPerMTok: 10, cachedInputPerMTok: 1.25 },
  { provider: "openai", model: "gpt-4o-mini", inputPerMTok: 0.15, outputPerMTok: 0.6, cachedInputPerMTok: 0.075 },
  { provider: "openai", model: "o3", inputPerMTok: 2, outputPerMTok: 8, cachedInputPerMTok: 0.5 },
  { provider: "openai", model: "o4-mini", inputPerMTok: 1.1, outputPerMTok: 4.4, cachedInputPerMTok: 0.275 },
  { provider: "openai", model: "o3-mini", inputPerMTok: 1.1, outputPerMTok: 4.4, cachedInputPerMTok: 0.55 },
  // Anthropic (cached = prompt-cache read price)
  { provider: "anthropic", model: "claude-opus-4-5", inputPerMTok: 5, outputPerMTok: 25, cachedInputPerMTok: 0.5 },
  { provider: "anthropic", model: "claude-opus-4-1", inputPerMTok: 15, outputPerMTok: 75, cachedInputPerMTok: 1.5 },
  { provider: "anthropic", model: "claude-opus-4-0", inputPerMTok: 15, outputPerMTok: 75, cachedInputPerMTok: 1.5 },
  { provider: "anthropic", model: "claude-sonnet-4-5", inputPerMTok: 3, outputPerMTok: 15, cachedInputPerMTok: 0.3 },
  { provider: "anthropic", model: "claude-sonnet-4-0", inputPerMTok: 3, outputPerMTok: 15, cachedInputPerMTok: 0.3 },
  { provider: "anthropic", model: "claude-3-7-sonnet", inputPerMTok: 3, outputPerMTok: 15, cachedInputPerMTok: 0.3 },
  { provider: "anthropic", model: "claude-haiku-4-5", inputPerMTok: 1, outputPerMTok: 5, cachedInputPerMTok: 0.1 },
  { provider: "anthropic", model: "claude-3-5-haiku", inputPerMTok: 0.8, outputPerMTok: 4, cachedInputPerMTok: 0.08 },
];
