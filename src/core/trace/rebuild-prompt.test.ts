import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../models/messages";
import { type PromptLink, rebuildPrompt } from "./rebuild-prompt";

const system: ChatMessage = { role: "system", content: "be brief" };
const user: ChatMessage = { role: "user", content: "hi" };
const assistant: ChatMessage = { role: "assistant", content: "hello" };
const again: ChatMessage = { role: "user", content: "again" };

function lookupOf(links: Record<string, PromptLink>) {
  return (id: string) => links[id];
}

describe("rebuildPrompt", () => {
  const links: Record<string, PromptLink> = {
    s3: { messages: [system, user], previousMessageCount: 0, basedOnSpanId: null },
    // A retry adds nothing.
    s4: { messages: [], previousMessageCount: 2, basedOnSpanId: "s3" },
    s6: { messages: [assistant, again], previousMessageCount: 2, basedOnSpanId: "s4" },
  };

  it("concatenates the chain of calls oldest first", () => {
    expect(rebuildPrompt("s3", lookupOf(links))).toEqual([system, user]);
    expect(rebuildPrompt("s4", lookupOf(links))).toEqual([system, user]);
    expect(rebuildPrompt("s6", lookupOf(links))).toEqual([system, user, assistant, again]);
  });

  it("names a missing link, a count that does not match and a loop", () => {
    expect(() => rebuildPrompt("s9", lookupOf(links))).toThrow(/model call s9 is not in the trace/);
    const wrong = { ...links, s6: { messages: [assistant], previousMessageCount: 3, basedOnSpanId: "s4" } };
    expect(() => rebuildPrompt("s6", lookupOf(wrong))).toThrow(/extends 3 messages, but the calls before it hold 2/);
    const loop = {
      a: { messages: [], previousMessageCount: 0, basedOnSpanId: "b" },
      b: { messages: [], previousMessageCount: 0, basedOnSpanId: "a" },
    };
    expect(() => rebuildPrompt("a", lookupOf(loop))).toThrow(/loops/);
  });
});
