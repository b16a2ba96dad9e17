import { describe, expect, it } from "vitest";
import { chatMessageSchema, modelUsageSchema } from "./messages";

describe("chat message schema", () => {
  it("accepts each role", () => {
    const messages = [
      { role: "system", content: "be brief" },
      { role: "user", content: "hi" },
      { role: "assistant", content: "", toolCalls: [{ id: "c1", name: "calculator", arguments: "{}" }] },
      { role: "tool", toolCallId: "c1", toolName: "calculator", content: "2" },
    ];
    for (const message of messages) expect(chatMessageSchema.parse(message)).toEqual(message);
  });

  it("rejects unknown roles, unknown fields and tool results without a call id", () => {
    expect(chatMessageSchema.safeParse({ role: "developer", content: "x" }).success).toBe(false);
    expect(chatMessageSchema.safeParse({ role: "user", content: "x", name: "bob" }).success).toBe(false);
    expect(chatMessageSchema.safeParse({ role: "tool", toolName: "t", content: "x" }).success).toBe(false);
  });

  it("rejects negative token counts", () => {
    expect(modelUsageSchema.safeParse({ inputTokens: -1, outputTokens: 0, cachedInputTokens: 0 }).success).toBe(false);
  });
});
