/** A price per 1M tokens as a price list writes it: $0.15, $2.50, $10, $0.075, $0. */
export function formatPrice(amount: number): string {
  if (Number.isInteger(amount)) return `$${amount}`;
  const fixed = amount.toFixed(amount < 0.1 ? 4 : 2).replace(/(\.\d\d)0+$/, "$1");
  return `$${fixed}`;
}
