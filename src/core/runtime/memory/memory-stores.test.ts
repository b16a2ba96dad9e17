import { describe, expect, it } from "vitest";
import { MemoryFileWorkspace } from "./memory-file-workspace";
import { MemorySessionStore } from "./memory-session-store";

describe("MemorySessionStore", () => {
  it("round-trips plain JSON sessions by value", async () => {
    const store = new MemorySessionStore();
    const session = {
      key: "k",
      sessionId: "s",
      agentId: "a",
      messages: [{ role: "user" as const, content: "hi" }],
      updatedAt: 1,
    };
    await store.save(session);
    session.messages.push({ role: "user", content: "mutated" });
    const loaded = await store.load("k");
    expect(loaded?.messages).toEqual([{ role: "user", content: "hi" }]);
    expect(await store.load("missing")).toBeNull();
  });
});

describe("MemoryFileWorkspace", () => {
  it("keeps workspaces apart and lists sorted paths by prefix", async () => {
    const files = new MemoryFileWorkspace();
    await files.write("w1", "b.md", "B");
    await files.write("w1", "notes/a.md", "A");
    await files.write("w2", "b.md", "other");
    expect(await files.list("w1")).toEqual(["b.md", "notes/a.md"]);
    expect(await files.list("w1", "notes/")).toEqual(["notes/a.md"]);
    expect(await files.read("w2", "b.md")).toBe("other");
    expect(await files.read("w2", "notes/a.md")).toBeNull();
  });
});
