import { describe, expect, it } from "vitest";
import { chunkWords } from "./text-chunks";

describe("chunkWords", () => {
  it("streams short text word by word, whitespace kept", () => {
    expect(chunkWords("Hello there, world!")).toEqual(["Hello ", "there, ", "world!"]);
    expect(chunkWords("  lead and\ntrail  ")).toEqual(["  lead ", "and\n", "trail  "]);
  });

  it("groups long text into at most maxChunks pieces that rebuild it exactly", () => {
    const text = Array.from({ length: 100 }, (_, i) => `w${i}`).join(" ");
    const chunks = chunkWords(text, 8);
    expect(chunks.length).toBeLessThanOrEqual(8);
    expect(chunks.join("")).toBe(text);
  });

  it("handles empty, single-word and whitespace-only text", () => {
    expect(chunkWords("")).toEqual([]);
    expect(chunkWords("one")).toEqual(["one"]);
    expect(chunkWords("   ")).toEqual(["   "]);
  });
});
