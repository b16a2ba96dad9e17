import { describe, expect, it } from "vitest";
import { retryAfterMsFromHeaders } from "./retry-after";

describe("retryAfterMsFromHeaders", () => {
  it("reads seconds, fractional seconds and retry-after-ms", () => {
    expect(retryAfterMsFromHeaders({ "retry-after": "2" })).toBe(2000);
    expect(retryAfterMsFromHeaders({ "Retry-After": "0.5" })).toBe(500);
    expect(retryAfterMsFromHeaders({ "retry-after-ms": "1234", "retry-after": "9" })).toBe(1234);
  });

  it("reads an HTTP date relative to now, never negative", () => {
    const now = () => Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterMsFromHeaders({ "retry-after": "Thu, 01 Jan 2026 00:00:03 GMT" }, now)).toBe(3000);
    expect(retryAfterMsFromHeaders({ "retry-after": "Wed, 31 Dec 2025 23:59:00 GMT" }, now)).toBe(0);
  });

  it("returns null when absent or unreadable", () => {
    expect(retryAfterMsFromHeaders(undefined)).toBeNull();
    expect(retryAfterMsFromHeaders({})).toBeNull();
    expect(retryAfterMsFromHeaders({ "retry-after": "soon" })).toBeNull();
  });
});
