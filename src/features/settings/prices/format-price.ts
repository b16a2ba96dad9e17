/** A price per 1M tokens as a price list writes it: $0.15, $2.50, $10, $0.075, $0. */
export function formatPrice(amount: number): string {
  if (Number.isInteger(amount)) return `$${amount}`;
  // Up to 4 decimals, trailing zeros dropped, but cents always shown ($2.50).
  const fixed = amount.toFixed(4).replace(/0+$/, "");
  const [whole, decimals = ""] = fixed.split(".");
  return `$${whole}.${decimals.padEnd(2, "0")}`;
}
