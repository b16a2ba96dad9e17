import { describe, expect, it } from "vitest";
import { exponentialBackoff } from "./backoff";
import { ModelCallError } from "./model-error";
import { nextDelay } from "./next-delay";

const backoff = exponentialBackoff({ baseMs: 100 });
const rateLimit = (retryAfterMs: number | null) =>
  new ModelCallError({ kind: "rate_limit", message: "429", provider: "openai", model: "m", status: 429, retryAfterMs });

describe("nextDelay", () => {
  it("uses the backoff for errors without a hint", () => {
    const server = new ModelCallError({ kind: "server", message: "500", provider: "openai", model: "m", status: 500 });
    expect(nextDelay(server, 0, { backoff })).toBe(100);
    expect(nextDelay(server, 2, { backoff })).toBe(400);
    expect(nextDelay(rateLimit(null), 1, { backoff })).toBe(200);
  });

  it("waits the Retry-After of a 429", () => {
    expect(nextDelay(rateLimit(2_000), 0, { backoff })).toBe(2_000);
    expect(nextDelay(rateLimit(0), 0, { backoff })).toBe(0);
  });

  it("caps Retry-After (default 30 s)", () => {
    expect(nextDelay(rateLimit(600_000), 0, { backoff })).toBe(30_000);
    expect(nextDelay(rateLimit(5_000), 0, { backoff, retryAfterCapMs: 1_000 })).toBe(1_000);
  });
});
