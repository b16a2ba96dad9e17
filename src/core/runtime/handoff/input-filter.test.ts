import { describe, expect, it } from "vitest";
import { inputFilterSchema } from "../../graph/schema";
import { InvalidInputFilterError, applyInputFilter } from "./input-filter";

const filter = (f: object) => inputFilterSchema.parse(f);

describe("applyInputFilter (seed 000 §8.4)", () => {
  it("returns the input unchanged without a filter", () => expect(applyInputFilter("abc", null)).toBe("abc"));
  it("redacts every match", () =>
    expect(applyInputFilter("key sk-123 and sk-456", filter({ redact: [{ pattern: "sk-\\d+" }] }))).toBe(
      "key [redacted] and [redacted]",
    ));
  it("uses custom replacements and flags", () =>
    expect(
      applyInputFilter("Secret secret", filter({ redact: [{ pattern: "secret", flags: "gi", replacement: "***" }] })),
    ).toBe("*** ***"));
  it("truncates to N characters", () => expect(applyInputFilter("abcdef", filter({ truncateChars: 3 }))).toBe("abc"));
  it("prepends text after redaction and truncation", () =>
    expect(applyInputFilter("abcdef", filter({ truncateChars: 2, prepend: "Be brief." }))).toBe("Be brief.\n\nab"));
  it("keeps the original when the filter yields nothing", () =>
    expect(applyInputFilter("secret", filter({ redact: [{ pattern: ".+", replacement: "" }] }))).toBe("secret"));
  it("throws a named error for an invalid pattern", () =>
    expect(() => applyInputFilter("x", filter({ redact: [{ pattern: "(" }] }))).toThrow(InvalidInputFilterError));
});
