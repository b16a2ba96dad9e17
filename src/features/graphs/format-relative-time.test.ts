import { describe, expect, it } from "vitest";

import { formatRelativeTime } from "./format-relative-time";

const now = new Date("2026-12-02T12:00:00Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe("formatRelativeTime", () => {
  it("says 'just now' for the last few seconds", () => {
    expect(formatRelativeTime(ago(10), now)).toBe("just now");
  });

  it("uses the largest unit that fits", () => {
    expect(formatRelativeTime(ago(5 * 60), now)).toBe("5 minutes ago");
    expect(formatRelativeTime(ago(3 * 3600), now)).toBe("3 hours ago");
    expect(formatRelativeTime(ago(24 * 3600), now)).toBe("yesterday");
    expect(formatRelativeTime(ago(15 * 24 * 3600), now)).toBe("2 weeks ago");
    expect(formatRelativeTime(ago(400 * 24 * 3600), now)).toBe("last year");
  });

  it("rounds a minute-and-a-bit to one minute", () => {
    expect(formatRelativeTime(ago(70), now)).toBe("1 minute ago");
  });

  it("handles times in the future (clock skew)", () => {
    expect(formatRelativeTime(new Date(now.getTime() + 2 * 3600 * 1000), now)).toBe("in 2 hours");
  });
});
