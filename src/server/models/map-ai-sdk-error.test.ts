import { APICallError, JSONParseError, LoadAPIKeyError, RetryError } from "ai";
import { describe, expect, it } from "vitest";
import { ModelCallError } from "@/core/models/model-error";
import { mapAiSdkError } from "./map-ai-sdk-error";

const ctx = { provider: "openai", model: "gpt-4o" };
const apiError = (statusCode: number | undefined, extra: Partial<ConstructorParameters<typeof APICallError>[0]> = {}) =>
  new APICallError({ message: `status ${statusCode}`, url: "https://x", requestBodyValues: {}, statusCode, ...extra });

describe("mapAiSdkError", () => {
  it("maps statuses, with Retry-After on 429 only", () => {
    expect(mapAiSdkError(apiError(429, { responseHeaders: { "retry-after": "4" } }), ctx)).toMatchObject({
      kind: "rate_limit",
      status: 429,
      retryAfterMs: 4000,
    });
    expect(mapAiSdkError(apiError(503, { responseHeaders: { "retry-after": "4" } }), ctx)).toMatchObject({
      kind: "server",
      retryAfterMs: null,
    });
    expect(mapAiSdkError(apiError(401), ctx)).toMatchObject({ kind: "auth", status: 401 });
    expect(mapAiSdkError(apiError(422), ctx)).toMatchObject({ kind: "bad_request", status: 422 });
    expect(mapAiSdkError(apiError(408), ctx)).toMatchObject({ kind: "timeout", status: 408 });
  });

  it("maps connection failures to network", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" });
    expect(mapAiSdkError(apiError(undefined, { cause: refused, isRetryable: true }), ctx).kind).toBe("network");
    expect(mapAiSdkError(new TypeError("fetch failed", { cause: refused }), ctx).kind).toBe("network");
  });

  it("maps a missing key to auth and unreadable responses to server", () => {
    expect(mapAiSdkError(new LoadAPIKeyError({ message: "OPENAI_API_KEY is missing" }), ctx).kind).toBe("auth");
    expect(mapAiSdkError(new JSONParseError({ text: "{", cause: new Error("x") }), ctx).kind).toBe("server");
    expect(mapAiSdkError(apiError(200), ctx).kind).toBe("server");
  });

  it("unwraps RetryError", () => {
    const retry = new RetryError({
      message: "failed",
      reason: "maxRetriesExceeded",
      errors: [apiError(500), apiError(429)],
    });
    expect(mapAiSdkError(retry, ctx).kind).toBe("rate_limit");
  });

  it("explains failures of an aborted signal by its reason", () => {
    const timedOut = new AbortController();
    const reason = new ModelCallError({ kind: "timeout", message: "too slow", provider: "openai", model: "gpt-4o" });
    timedOut.abort(reason);
    expect(mapAiSdkError(new Error("whatever"), { ...ctx, signal: timedOut.signal })).toBe(reason);
    const domTimeout = new AbortController();
    domTimeout.abort(new DOMException("t", "TimeoutError"));
    expect(mapAiSdkError(new Error("x"), { ...ctx, signal: domTimeout.signal }).kind).toBe("timeout");
    const user = new AbortController();
    user.abort();
    expect(mapAiSdkError(new Error("x"), { ...ctx, signal: user.signal }).kind).toBe("aborted");
  });

  it("passes ModelCallError through and classifies the rest as unknown", () => {
    const own = new ModelCallError({ kind: "bad_request", message: "m", provider: "p", model: "m" });
    expect(mapAiSdkError(own, ctx)).toBe(own);
    expect(mapAiSdkError(new RangeError("bug"), ctx)).toMatchObject({
      kind: "unknown",
      message: "bug",
      provider: "openai",
      model: "gpt-4o",
    });
  });
});
