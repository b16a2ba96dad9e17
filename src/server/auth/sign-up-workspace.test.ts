import { describe, expect, it } from "vitest";

import { ownWorkspaceName, workspaceSlug } from "./sign-up-workspace";

describe("a sign-up's own workspace", () => {
  it("is named after the person", () => {
    expect(ownWorkspaceName("Grace Hopper")).toBe("Grace Hopper's workspace");
    expect(ownWorkspaceName("Charles")).toBe("Charles' workspace");
    expect(ownWorkspaceName("  ")).toBe("My workspace");
  });

  it("gets a URL-safe slug from the name plus a random suffix", () => {
    expect(workspaceSlug("Grace Hopper", () => "abcd1234")).toBe("grace-hopper-abcd1234");
    expect(workspaceSlug("Zoë  O'Brien!", () => "x")).toBe("zoe-o-brien-x");
    expect(workspaceSlug("李雷", () => "x")).toBe("workspace-x");
    expect(workspaceSlug("a".repeat(100), () => "x")).toBe(`${"a".repeat(40)}-x`);
    expect(workspaceSlug("Ada")).toMatch(/^ada-[0-9a-f]{8}$/);
  });
});
