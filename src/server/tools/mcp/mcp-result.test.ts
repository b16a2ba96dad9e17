import { describe, expect, it } from "vitest";

import { MAX_MCP_RESULT_CHARS, mcpResultText } from "./mcp-result";

describe("mcpResultText", () => {
  it("joins text parts and describes the others", () => {
    const result = mcpResultText({
      content: [
        { type: "text", text: "first" },
        { type: "image", mimeType: "image/png", data: "AAAA" },
        { type: "resource_link", uri: "file:///a.txt", name: "a" },
        { type: "resource", resource: { uri: "file:///b.txt", text: "inline" } },
        { type: "resource", resource: { uri: "file:///c.bin", mimeType: "application/zip", blob: "AA" } },
      ],
    });
    expect(result).toEqual({
      text: "first\n[image image/png, 3 bytes]\n[resource link file:///a.txt (a)]\ninline\n[resource file:///c.bin (application/zip), binary]",
      isError: false,
    });
  });

  it("uses structured content when there are no parts, and keeps isError", () => {
    expect(mcpResultText({ content: [], structuredContent: { sum: 3 }, isError: true })).toEqual({
      text: '{"sum":3}',
      isError: true,
    });
  });

  it("cuts a very long result with a note", () => {
    const { text } = mcpResultText({ content: [{ type: "text", text: "x".repeat(MAX_MCP_RESULT_CHARS + 10) }] });
    expect(text.length).toBeLessThan(MAX_MCP_RESULT_CHARS + 200);
    expect(text).toContain("cut: the result was 200,010 characters");
  });
});
