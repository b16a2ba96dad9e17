import { describe, expect, it } from "vitest";

import { DEFAULT_AFTER_SIGN_IN, safeNextPath } from "./safe-next-path";

describe("safeNextPath", () => {
  it.each([
    ["/graphs/abc", "/graphs/abc"],
    ["/invite/tok_123?x=1#y", "/invite/tok_123?x=1#y"],
    ["/settings/members", "/settings/members"],
    [["/traces", "/other"], "/traces"],
    // Percent-encoded characters stay encoded: a path segment, not a new host.
    ["/%0a/evil", "/%0a/evil"],
  ])("keeps the same-site path %j", (input, expected) => {
    expect(safeNextPath(input)).toBe(expected);
  });

  it.each([
    undefined,
    null,
    "",
    "graphs",
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "/\t/evil.example",
    "javascript:alert(1)",
    "/sign-in",
    "/sign-up?next=/graphs",
    "/x".padEnd(3000, "x"),
  ])("refuses %j and falls back to the graphs list", (input) => {
    expect(safeNextPath(input)).toBe(DEFAULT_AFTER_SIGN_IN);
  });
});
