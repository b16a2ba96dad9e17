import { describe, expect, it } from "vitest";
import { childSessionKey, reuseSessionKey } from "./session-key";

describe("session keys", () => {
  const key = (over: object = {}) =>
    reuseSessionKey({ conversationId: "c1", parentPath: "main", toolName: "review", label: null, ...over });
  it("differs by conversation, parent path, tool name and label", () => {
    const keys = new Set([
      key(),
      key({ conversationId: "c2" }),
      key({ parentPath: "main/lead" }),
      key({ toolName: "other" }),
      key({ label: "pr" }),
    ]);
    expect(keys.size).toBe(5);
  });
  it("is stable", () => expect(key({ label: "a:b" })).toBe(key({ label: "a:b" })));
  it("formats OpenClaw child session keys", () =>
    expect(childSessionKey("reviewer", "abc")).toBe("agent:reviewer:subagent:abc"));
});
