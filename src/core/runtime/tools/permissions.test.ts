import { describe, expect, it } from "vitest";
import { isDeniedByRules, matchesDenyRule, notAllowedMessage } from "./permissions";

describe("deny rules", () => {
  it("match exact names and * globs", () => {
    expect(matchesDenyRule("write_file", "write_file")).toBe(true);
    expect(matchesDenyRule("write_*", "write_file")).toBe(true);
    expect(matchesDenyRule("*_files", "grep_files")).toBe(true);
    expect(matchesDenyRule("write_*", "read_file")).toBe(false);
    expect(matchesDenyRule("a.b", "axb")).toBe(false);
  });
  it("match a backtracking-hostile glob promptly (the regex took minutes)", () => {
    expect(matchesDenyRule(`${"a*".repeat(12)}b`, "a".repeat(64))).toBe(false);
    expect(matchesDenyRule(`${"a*".repeat(12)}b`, `${"a".repeat(63)}b`)).toBe(true);
  }, 5_000);
  it("isDeniedByRules checks any rule", () => expect(isDeniedByRules(["x", "task_*"], "task_list")).toBe(true));
  it("formats the executor's refusal", () =>
    expect(notAllowedMessage("write_file", "critic")).toBe("tool write_file is not allowed for agent critic"));
});
