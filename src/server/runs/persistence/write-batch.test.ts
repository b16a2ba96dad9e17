import { describe, expect, it } from "vitest";

import { jsonbSafe } from "./write-batch";

describe("jsonbSafe", () => {
  it("replaces the escapes jsonb refuses (NUL, unpaired surrogates) and nothing else", () => {
    const value = { text: "a\u0000b", lone: "x\ud800y", low: "\udc00", pair: "😀", literal: "\\u0000 and \\ud800" };
    const safe = JSON.parse(jsonbSafe(JSON.stringify(value)));
    expect(safe).toEqual({
      text: "a\ufffdb",
      lone: "x\ufffdy",
      low: "\ufffd",
      pair: "😀",
      literal: "\\u0000 and \\ud800",
    });
  });

  it("returns clean JSON unchanged (the same string)", () => {
    const json = JSON.stringify({ text: "plain \n text \u0001", emoji: "😀" });
    expect(jsonbSafe(json)).toBe(json);
  });
});
