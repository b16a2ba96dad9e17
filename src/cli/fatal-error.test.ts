import { describe, expect, it } from "vitest";
import { formatFatalError } from "./fatal-error";

describe("formatFatalError", () => {
  const error = new ReferenceError("Excessive alias count\nsecond line");

  it("prints one line without a stack trace by default", () => {
    const text = formatFatalError(error, {});
    expect(text).toBe(
      "error: unexpected failure: ReferenceError: Excessive alias count (set AGS_DEBUG=1 to see the stack trace)\n",
    );
    expect(text).not.toMatch(/\n\s+at /);
  });

  it("prints the stack with AGS_DEBUG=1 (and not with AGS_DEBUG=0)", () => {
    expect(formatFatalError(error, { AGS_DEBUG: "1" })).toMatch(
      /^error: unexpected failure: ReferenceError: Excessive[\s\S]*\n\s+at /,
    );
    expect(formatFatalError(error, { AGS_DEBUG: "0" })).not.toMatch(/\n\s+at /);
  });

  it("handles values that are not errors", () => {
    expect(formatFatalError("boom", {})).toMatch(/^error: unexpected failure: boom \(/);
    expect(formatFatalError(undefined, {})).toMatch(/^error: unexpected failure: undefined/);
  });
});
