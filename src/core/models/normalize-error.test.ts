import { describe, expect, it } from "vitest";
import { ModelCallError } from "./model-error";
import { toModelCallError } from "./normalize-error";

const entry = { provider: "openai", model: "gpt-4o" };

describe("toModelCallError", () => {
  it("passes ModelCallError through", () => {
    const error = new ModelCallError({ kind: "server", message: "boom", provider: "x", model: "y", status: 502 });
    expect(toModelCallError(error, entry)).toBe(error);
  });

  it("classifies other errors as unknown and not retryable, keeping the cause", () => {
    const cause = new TypeError("cannot read properties of undefined");
    const error = toModelCallError(cause, entry);
    expect(error).toMatchObject({ kind: "unknown", provider: "openai", model: "gpt-4o", message: cause.message });
    expect(error.retryable).toBe(false);
    expect(error.cause).toBe(cause);
  });

  it("handles thrown strings and other values", () => {
    expect(toModelCallError("nope", entry).message).toBe("nope");
    expect(toModelCallError(42, entry).message).toBe("model call failed");
  });
});
