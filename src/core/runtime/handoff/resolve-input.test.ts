import { describe, expect, it } from "vitest";
import { readTimeoutSecondsArg, resolveHandoffInput } from "./resolve-input";

describe("resolveHandoffInput (seed 000 §6)", () => {
  it("empty arguments give an empty input", () => {
    expect(resolveHandoffInput("")).toBe("");
    expect(resolveHandoffInput("   ")).toBe("");
  });
  it("takes task", () => expect(resolveHandoffInput('{"task":"review the PR"}')).toBe("review the PR"));
  it("falls back to input when there is no task", () => expect(resolveHandoffInput('{"input":"hello"}')).toBe("hello"));
  it("prefers task over input", () => expect(resolveHandoffInput('{"task":"t","input":"i"}')).toBe("t"));
  it("joins task and context", () =>
    expect(resolveHandoffInput('{"task":"review","context":"only src/"}')).toBe("review\n\nContext:\nonly src/"));
  it("ignores an empty context", () => expect(resolveHandoffInput('{"task":"review","context":""}')).toBe("review"));
  it("does not join context with input (only task + context)", () =>
    expect(resolveHandoffInput('{"input":"i","context":"c"}')).toBe("i"));
  it("passes arguments that are not JSON through verbatim", () =>
    expect(resolveHandoffInput("please review {broken")).toBe("please review {broken"));
  it("passes JSON without task/input through verbatim", () => {
    expect(resolveHandoffInput('{"query":"x"}')).toBe('{"query":"x"}');
    expect(resolveHandoffInput('"just a string"')).toBe('"just a string"');
    expect(resolveHandoffInput("[1,2]")).toBe("[1,2]");
  });
  it("stringifies non-string task values", () => expect(resolveHandoffInput('{"task":42}')).toBe("42"));
});

describe("readTimeoutSecondsArg", () => {
  it("reads numbers and numeric strings", () => {
    expect(readTimeoutSecondsArg('{"task":"x","timeout_seconds":0}')).toBe(0);
    expect(readTimeoutSecondsArg('{"task":"x","timeout_seconds":"45"}')).toBe(45);
  });
  it("is null when absent or unreadable", () => {
    expect(readTimeoutSecondsArg('{"task":"x"}')).toBeNull();
    expect(readTimeoutSecondsArg("timeout_seconds=3")).toBeNull();
    expect(readTimeoutSecondsArg('{"timeout_seconds":"soon"}')).toBeNull();
  });
});
