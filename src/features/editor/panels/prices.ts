import { DEFAULT_PRICE_TABLE } from "@/core/models/default-prices";
import { priceFor, type PriceTable } from "@/core/models/pricing";

/** USD amounts as a price list writes them: $0.15, $2.50, $10, $0.075. */
export function formatUsd(amount: number): string {
  if (Number.isInteger(amount)) return `$${amount}`;
  const fixed = amount.toFixed(amount < 0.1 ? 3 : 2);
  return `$${fixed.replace(/(\.\d\d\d?)0+$/, "$1")}`;
}

/**
 * The price per 1M tokens of a model as one short phrase, from the price
 * table (by default the core's indicative list prices): "$0.15 in · $0.60 out
 * per 1M tokens", or "unknown" when the table has no row for it (never shown
 * as free).
 */
export function priceLabel(provider: string, model: string, table: PriceTable = DEFAULT_PRICE_TABLE): string {
  const price = model.trim() === "" ? null : priceFor(table, provider, model.trim());
  if (!price) return "unknown";
  return `${formatUsd(price.inputPerMTok)} in · ${formatUsd(price.outputPerMTok)} out per 1M tokens`;
}
