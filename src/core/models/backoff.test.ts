import { describe, expect, it } from "vitest";
import { defaultBackoff, exponentialBackoff } from "./backoff";

describe("exponentialBackoff", () => {
  it("doubles from 250 ms and caps at 8 s by default", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(defaultBackoff)).toEqual([250, 500, 1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it("honours base, factor and cap", () => {
    const backoff = exponentialBackoff({ baseMs: 10, factor: 3, maxMs: 100 });
    expect([0, 1, 2, 3].map(backoff)).toEqual([10, 30, 90, 100]);
  });

  it("is deterministic unless a random source is given", () => {
    expect(exponentialBackoff({ jitter: 0.5 })(0)).toBe(250);
    expect(exponentialBackoff({ jitter: 0.5, random: () => 0.5 })(0)).toBe(188);
  });

  it("treats negative indexes as the first retry", () => {
    expect(defaultBackoff(-3)).toBe(250);
  });
});
