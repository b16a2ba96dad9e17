import { describe, expect, it } from "vitest";

import { isOpenPath, signInRedirect } from "./sign-in-redirect";

describe("signInRedirect", () => {
  it("sends a signed-out page request to sign-in, remembering the path and query", () => {
    expect(signInRedirect("/graphs/abc", "?tab=versions", false)).toBe(
      "/sign-in?next=%2Fgraphs%2Fabc%3Ftab%3Dversions",
    );
    expect(signInRedirect("/settings", "", false)).toBe("/sign-in?next=%2Fsettings");
    expect(signInRedirect("/", "", false)).toBe("/sign-in");
  });

  it("lets a request with a session cookie through (the server still checks the session)", () => {
    expect(signInRedirect("/graphs", "", true)).toBeNull();
  });

  it.each([
    "/sign-in",
    "/sign-up",
    "/invite/tok_1",
    "/api/trpc/health.ping",
    "/api/auth/sign-in/email",
    "/_next/static/x.js",
    "/icon.svg",
  ])("leaves %s open", (path) => {
    expect(isOpenPath(path)).toBe(true);
    expect(signInRedirect(path, "", false)).toBeNull();
  });

  it.each(["/graphs", "/sign-income", "/invites", "/apix", "/traces/run-1"])("guards %s", (path) => {
    expect(isOpenPath(path)).toBe(false);
  });
});
