import { describe, expect, it } from "vitest";
import { denyMatcher, globMatches } from "./glob-match";

describe("globMatches", () => {
  it("matches `*` against any run of characters, everything else literally", () => {
    expect(globMatches("write_*", "write_file")).toBe(true);
    expect(globMatches("*_files", "grep_files")).toBe(true);
    expect(globMatches("a*b*c", "aXbYc")).toBe(true);
    expect(globMatches("a*b*c", "abc")).toBe(true);
    expect(globMatches("a*b*c", "acb")).toBe(false);
    expect(globMatches("*", "")).toBe(true);
    expect(globMatches("**", "x")).toBe(true);
    expect(globMatches("", "")).toBe(true);
    expect(globMatches("", "x")).toBe(false);
    expect(globMatches("x", "")).toBe(false);
    expect(globMatches("write_*", "read_file")).toBe(false);
    expect(globMatches("a.b", "axb")).toBe(false);
    expect(globMatches("Write_*", "write_file")).toBe(false);
    expect(globMatches("*a", "aaab")).toBe(false);
    expect(globMatches("*ab", "aab")).toBe(true);
    expect(globMatches("a*", "a")).toBe(true);
  });

  it("agrees with an anchored regex on many small cases", () => {
    const alphabet = ["a", "b", "*"];
    const words = (n: number, chars: string[]): string[] =>
      n === 0 ? [""] : words(n - 1, chars).flatMap((w) => chars.map((c) => w + c));
    const globs = [0, 1, 2, 3, 4].flatMap((n) => words(n, alphabet));
    const texts = [0, 1, 2, 3, 4].flatMap((n) => words(n, ["a", "b"]));
    for (const glob of globs) {
      const regex = new RegExp(`^${glob.replace(/\*/g, ".*")}$`);
      for (const text of texts) expect(globMatches(glob, text), `${glob} ~ ${text}`).toBe(regex.test(text));
    }
  });

  it("takes polynomial, not exponential, time on globs that make a backtracking regex explode", () => {
    // As `^a.*a.*…b$`, 10 `a*` on 64 `a`s take minutes; 40 on 10,000 would never end.
    expect(globMatches(`${"a*".repeat(10)}b`, "a".repeat(64))).toBe(false);
    expect(globMatches(`${"a*".repeat(40)}b`, "a".repeat(10_000))).toBe(false);
    expect(globMatches(`${"a*".repeat(40)}b`, `${"a".repeat(10_000)}b`)).toBe(true);
  }, 5_000);
});

describe("denyMatcher", () => {
  it("denies exact names and globs", () => {
    const denied = denyMatcher(["calculator", "write_*"]);
    expect(denied("calculator")).toBe(true);
    expect(denied("write_file")).toBe(true);
    expect(denied("read_file")).toBe(false);
    expect(denyMatcher([])("anything")).toBe(false);
  });
});
