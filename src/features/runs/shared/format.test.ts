import { describe, expect, it } from "vitest";

import { formatDuration, formatTokens, formatUsd } from "./format";

describe("formatUsd", () => {
  it("says unknown for a missing price, never $0", () => {
    expect(formatUsd(null)).toBe("unknown");
    expect(formatUsd(undefined)).toBe("unknown");
    expect(formatUsd(0)).toBe("$0");
  });
  it("keeps sub-cent amounts readable", () => {
    expect(formatUsd(12.5)).toBe("$12.5");
    expect(formatUsd(0.0123)).toBe("$0.0123");
    expect(formatUsd(0.000042)).toBe("$0.000042");
    expect(formatUsd(1)).toBe("$1");
  });
});

describe("formatTokens", () => {
  it("groups small counts and shortens large ones", () => {
    expect(formatTokens(1234)).toBe("1,234");
    expect(formatTokens(12_345)).toBe("12.3k");
    expect(formatTokens(456_000)).toBe("456k");
    expect(formatTokens(4_560_000)).toBe("4.56M");
  });
});

describe("formatDuration", () => {
  it("reads running spans as a dash and scales units", () => {
    expect(formatDuration(null)).toBe("—");
    expect(formatDuration(850)).toBe("850 ms");
    expect(formatDuration(4200)).toBe("4.2 s");
    expect(formatDuration(42_000)).toBe("42 s");
    expect(formatDuration(185_000)).toBe("3 min 05 s");
    expect(formatDuration(3_720_000)).toBe("1 h 02 min");
  });
});
