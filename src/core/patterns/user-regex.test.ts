import { describe, expect, it } from "vitest";
import { compileUserRegex, InvalidPatternError, userRegexProblem } from "./user-regex";

describe("compileUserRegex", () => {
  it("matches and replaces like a JavaScript regex for ordinary patterns", () => {
    const email = compileUserRegex("[\\w.]+@(\\w+)\\.com", "g");
    expect(email.test("write to ann@example.com")).toBe(true);
    expect(email.replace("a@x.com, b@y.com", "<$1>")).toBe("<x>, <y>");
    expect(compileUserRegex("\\d+").replace("1 2", "#")).toBe("# 2");
    expect(compileUserRegex("HELLO", "i").test("say hello")).toBe(true);
    expect(compileUserRegex("^b", "m").test("a\nb")).toBe(true);
    expect(compileUserRegex("a.b", "s").test("a\nb")).toBe(true);
    expect(compileUserRegex("(?<word>x+)", "g").replace("axxb", "[$<word>]")).toBe("a[xx]b");
    expect(compileUserRegex("\\u00e9").test("café")).toBe(true);
  });

  it("runs `(a+)+$` on a long `aaaa…b` in linear time (a backtracking engine never finishes)", () => {
    const hostile = `${"a".repeat(50_000)}b`;
    const re = compileUserRegex("(a+)+$", "g");
    expect(re.test(hostile)).toBe(false);
    expect(re.replace(hostile, "X")).toBe(hostile);
    expect(compileUserRegex("(a+)+b$").replace(hostile, "X")).toBe("X");
  }, 5_000);

  it("names the pattern and the problem for invalid or unsupported syntax", () => {
    expect(() => compileUserRegex("([a-", "g")).toThrow(InvalidPatternError);
    expect(userRegexProblem("([a-", "g")).toBe("invalid regular expression /([a-/g: missing closing ] at `[a-`");
    expect(userRegexProblem("(((")).toBe("invalid regular expression /(((/: missing closing )");
    expect(userRegexProblem("(((", "ims")).toBe("invalid regular expression /(((/ims: missing closing )");
    expect(userRegexProblem("(a)\\1")).toMatch(/backreferences .* not supported/);
    expect(userRegexProblem("foo(?=bar)")).toMatch(/lookaround .* not supported/);
    expect(userRegexProblem("(?<!a)b")).toMatch(/lookaround .* not supported/);
    expect(userRegexProblem("a", "y")).toBe('invalid regular expression /a/y: unknown flag "y"');
    expect(userRegexProblem("a+b", "gimsu")).toBeNull();
  });
});
