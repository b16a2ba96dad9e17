import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../models/model-port";
import { forkTranscript, initialMessages, redactMessages } from "./transcript";

const parent: ChatMessage[] = [
  { role: "system", content: "parent instructions" },
  { role: "user", content: "first question" },
  { role: "assistant", content: "", toolCalls: [{ id: "c1", name: "calculator", arguments: '{"expression":"1+1"}' }] },
  { role: "tool", toolCallId: "c1", toolName: "calculator", content: "2" },
  { role: "assistant", content: "It is 2." },
  { role: "user", content: "now research it" },
  { role: "assistant", content: "", toolCalls: [{ id: "c2", name: "subagent_r", arguments: '{"task":"x"}' }] },
];

describe("forkTranscript", () => {
  it("copies the conversation without the system prompt and the pending tool call", () => {
    expect(forkTranscript(parent, 10_000)).toEqual(parent.slice(1, 6));
  });
  it("keeps the most recent messages within maxTokens", () => {
    const forked = forkTranscript(parent, 12);
    expect(forked.at(-1)).toEqual({ role: "user", content: "now research it" });
    expect(forked.length).toBeLessThan(5);
  });
  it("never starts with an orphan tool result", () => {
    for (let budget = 1; budget < 60; budget++) expect(forkTranscript(parent, budget)[0]?.role).not.toBe("tool");
  });
});

describe("initialMessages", () => {
  it("adds the system prompt only when there are instructions", () => {
    expect(initialMessages("", [], "hi")).toEqual([{ role: "user", content: "hi" }]);
    expect(initialMessages("be nice", [{ role: "user", content: "a" }], "hi").map((m) => m.role)).toEqual([
      "system",
      "user",
      "user",
    ]);
  });
});

describe("redactMessages", () => {
  it("masks secrets in contents and tool arguments", () => {
    const out = redactMessages(
      [
        { role: "user", content: "key sk-1" },
        { role: "assistant", content: "", toolCalls: [{ id: "1", name: "t", arguments: '{"k":"sk-1"}' }] },
      ],
      ["sk-1"],
    );
    expect(JSON.stringify(out)).not.toContain("sk-1");
    expect(out[0]).toEqual({ role: "user", content: "key [redacted]" });
  });
  it("is a shallow copy without secrets", () => {
    const messages: ChatMessage[] = [{ role: "user", content: "x" }];
    const out = redactMessages(messages, []);
    expect(out).not.toBe(messages);
    expect(out[0]).toBe(messages[0]);
  });
});
