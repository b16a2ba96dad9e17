import { describe, expect, it } from "vitest";
import { toAiSdkPrompt } from "./to-ai-sdk-messages";

describe("toAiSdkPrompt", () => {
  it("moves leading system messages to instructions and keeps later ones in place", () => {
    const prompt = toAiSdkPrompt([
      { role: "system", content: "a" },
      { role: "system", content: "b" },
      { role: "user", content: "hi" },
      { role: "system", content: "reminder" },
    ]);
    expect(prompt.instructions).toEqual([
      { role: "system", content: "a" },
      { role: "system", content: "b" },
    ]);
    expect(prompt.messages).toEqual([
      { role: "user", content: "hi" },
      { role: "system", content: "reminder" },
    ]);
    expect(toAiSdkPrompt([{ role: "user", content: "x" }]).instructions).toBeUndefined();
  });

  it("maps assistant tool calls (parsed arguments, raw text kept when not JSON) and merges tool results", () => {
    const prompt = toAiSdkPrompt([
      { role: "user", content: "go" },
      {
        role: "assistant",
        content: "",
        toolCalls: [
          { id: "c1", name: "a", arguments: '{"x":1}' },
          { id: "c2", name: "b", arguments: "not json" },
          { id: "c3", name: "c", arguments: "" },
        ],
      },
      { role: "tool", toolCallId: "c1", toolName: "a", content: "r1" },
      { role: "tool", toolCallId: "c2", toolName: "b", content: "r2" },
      { role: "tool", toolCallId: "c3", toolName: "c", content: "r3" },
      { role: "assistant", content: "done" },
    ]);
    expect(prompt.messages).toEqual([
      { role: "user", content: "go" },
      {
        role: "assistant",
        content: [
          { type: "tool-call", toolCallId: "c1", toolName: "a", input: { x: 1 } },
          { type: "tool-call", toolCallId: "c2", toolName: "b", input: "not json" },
          { type: "tool-call", toolCallId: "c3", toolName: "c", input: {} },
        ],
      },
      {
        role: "tool",
        content: [
          { type: "tool-result", toolCallId: "c1", toolName: "a", output: { type: "text", value: "r1" } },
          { type: "tool-result", toolCallId: "c2", toolName: "b", output: { type: "text", value: "r2" } },
          { type: "tool-result", toolCallId: "c3", toolName: "c", output: { type: "text", value: "r3" } },
        ],
      },
      { role: "assistant", content: "done" },
    ]);
  });

  it("keeps the assistant's text before its tool calls", () => {
    const { messages } = toAiSdkPrompt([
      { role: "assistant", content: "Let me check.", toolCalls: [{ id: "c", name: "t", arguments: "{}" }] },
    ]);
    expect(messages[0]).toEqual({
      role: "assistant",
      content: [
        { type: "text", text: "Let me check." },
        { type: "tool-call", toolCallId: "c", toolName: "t", input: {} },
      ],
    });
  });
});
