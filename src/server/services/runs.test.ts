import { describe, expect, it } from "vitest";

import { compile } from "@/core/compiler";
import { InvalidInputError } from "@/server/errors/invalid-input-error";
import { conversationTitle, decodeCursor, encodeCursor, isSimulated } from "./runs";

describe("conversationTitle", () => {
  it("is the first non-empty line, cut to 80 characters", () => {
    expect(conversationTitle("\n  Electric bikes  \nmore")).toBe("Electric bikes");
    expect(conversationTitle("x".repeat(100))).toBe(`${"x".repeat(79)}…`);
    expect(conversationTitle("   \n ")).toBe("Untitled conversation");
  });
});

describe("run list cursors", () => {
  it("round-trip, and anything else is refused as a cursor", () => {
    const cursor = { createdAt: new Date("2026-03-01T10:00:00.123Z"), id: "0190c3e2-7f4a-7b1e-9d2c-3a4b5c6d7e8f" };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of [
      "",
      "nope",
      Buffer.from('["x","y"]').toString("base64url"),
      Buffer.from("{").toString("base64url"),
    ])
      expect(() => decodeCursor(bad)).toThrow(InvalidInputError);
  });
});

describe("isSimulated", () => {
  const document = (provider: string) => ({
    schemaVersion: 1,
    name: "G",
    rootAgentId: "a",
    agents: [
      {
        id: "a",
        name: "A",
        modelChain: [
          {
            provider,
            model: "m",
            ...(provider === "scripted" && { script: { turns: [{ kind: "text", text: "hi" }] } }),
          },
        ],
      },
    ],
  });

  it("is true only when every reachable model is scripted", () => {
    const scripted = compile(document("scripted")).definition;
    const real = compile(document("openai")).definition;
    expect(scripted && isSimulated(scripted)).toBe(true);
    expect(real && isSimulated(real)).toBe(false);
  });
});
