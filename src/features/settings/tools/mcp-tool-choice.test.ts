import { describe, expect, it } from "vitest";

import { mcpToolChoice, turnedOffMessage } from "./mcp-tool-choice";

const REASON =
  "its input schema is not a valid JSON schema (schema.properties.n.type must be equal to one of the allowed values)";

describe("mcpToolChoice", () => {
  it("lets a usable tool be ticked, ticked when enabled", () => {
    expect(mcpToolChoice({ name: "echo", unusableReason: null }, ["echo"])).toEqual({
      checked: true,
      disabled: false,
      reason: null,
    });
    expect(mcpToolChoice({ name: "echo", unusableReason: null }, ["other"])).toEqual({
      checked: false,
      disabled: false,
      reason: null,
    });
  });

  it("shows an unusable tool unticked and not selectable, with the reason in words, even if its name is enabled", () => {
    expect(mcpToolChoice({ name: "broken", unusableReason: REASON }, ["broken"])).toEqual({
      checked: false,
      disabled: true,
      reason: `Not selectable — agents cannot be given it: ${REASON}.`,
    });
  });
});

describe("turnedOffMessage", () => {
  it("says nothing when no tool was turned off", () => {
    expect(turnedOffMessage("docs", [])).toBeNull();
  });

  it("names each tool turned off and why", () => {
    expect(turnedOffMessage("docs", [{ name: "broken", reason: REASON }])).toBe(
      `“docs”: this tool is no longer enabled for agents: broken (${REASON}).`,
    );
    expect(
      turnedOffMessage("docs", [
        { name: "a", reason: "the server no longer lists it" },
        { name: "b", reason: REASON },
      ]),
    ).toBe(`“docs”: these tools are no longer enabled for agents: a (the server no longer lists it); b (${REASON}).`);
  });
});
