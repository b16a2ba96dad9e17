import { describe, expect, it } from "vitest";
import { ModelCallError } from "./model-error";
import type { ModelErrorKind } from "./model-port";
import { decideAfterFailure, shouldRetry } from "./retry-policy";

const err = (kind: ModelErrorKind) => new ModelCallError({ kind, message: kind, provider: "openai", model: "m" });

describe("shouldRetry", () => {
  it.each(["rate_limit", "server", "timeout", "network"] as const)("retries %s", (kind) => {
    expect(shouldRetry(err(kind))).toBe(true);
  });
  it.each(["bad_request", "auth", "content_filter", "aborted", "unknown"] as const)("does not retry %s", (kind) => {
    expect(shouldRetry(err(kind))).toBe(false);
  });
});

describe("decideAfterFailure", () => {
  const base = { attempt: 1, retries: 1, chainIndex: 0, chainLength: 2 };

  it("retries while attempts remain on the entry", () => {
    expect(decideAfterFailure({ ...base, error: err("server") })).toEqual({ action: "retry" });
  });
  it("falls back once the entry's retries are used", () => {
    expect(decideAfterFailure({ ...base, attempt: 2, error: err("rate_limit") })).toEqual({ action: "fallback" });
  });
  it("falls back at once when the entry has no retries", () => {
    expect(decideAfterFailure({ ...base, retries: 0, error: err("timeout") })).toEqual({ action: "fallback" });
  });
  it("reports exhaustion on the last entry", () => {
    expect(decideAfterFailure({ ...base, attempt: 2, chainIndex: 1, error: err("network") })).toEqual({
      action: "stop",
      reason: "exhausted",
    });
  });
  it("stops on non-retryable errors without retrying or falling back", () => {
    expect(decideAfterFailure({ ...base, error: err("bad_request") })).toEqual({
      action: "stop",
      reason: "not_retryable",
    });
    expect(decideAfterFailure({ ...base, error: err("unknown") })).toEqual({ action: "stop", reason: "not_retryable" });
  });
  it("stops on abort", () => {
    expect(decideAfterFailure({ ...base, error: err("aborted") })).toEqual({ action: "stop", reason: "aborted" });
  });
});
