import type { ModelRef } from "../models/model-ref";
import { DEFAULT_PRICE_TABLE } from "../models/default-prices";
import { type PriceTable, costOf, priceFor } from "../models/pricing";
import type { Pricing } from "./run-context";

/** Prices model calls from a price table (default: the built-in table). */
export function createPricing(table: PriceTable = DEFAULT_PRICE_TABLE): Pricing {
  return {
    cost: (ref: ModelRef, usage) => {
      const price = priceFor(table, ref.provider, ref.model);
      return price ? costOf(usage, price) : null;
    },
    perToken: (ref: ModelRef) => {
      const price = priceFor(table, ref.provider, ref.model);
      return price
        ? { input: price.inputPerMTok / 1_000_000, output: price.outputPerMTok / 1_000_000 }
        : { input: 0, output: 0 };
    },
  };
}
