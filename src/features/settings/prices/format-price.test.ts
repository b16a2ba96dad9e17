import { describe, expect, it } from "vitest";

import { formatPrice } from "./format-price";

describe("formatPrice", () => {
  it("writes prices per 1M tokens as price lists do", () => {
    expect(formatPrice(0)).toBe("$0");
    expect(formatPrice(10)).toBe("$10");
    expect(formatPrice(2.5)).toBe("$2.50");
    expect(formatPrice(0.15)).toBe("$0.15");
    expect(formatPrice(0.075)).toBe("$0.075");
    expect(formatPrice(0.005)).toBe("$0.005");
    expect(formatPrice(0.0001)).toBe("$0.0001");
  });
});
