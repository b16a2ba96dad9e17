import { describe, expect, it } from "vitest";
import { defaultHandoffToolName, normalizeToolName } from "./tool-names";

describe("normalizeToolName (seed 000 §5.1)", () => {
  it.each([
    ["Web Researcher", "web_researcher"],
    ["code-reviewer", "code_reviewer"],
    ["  Data   Analyst  ", "data_analyst"],
    ["a__b", "a_b"],
    ["__x__", "x"],
    ["Já Vu!", "j_vu"],
    ["Café Bot", "caf_bot"],
    ["研究员 Bot", "bot"],
    ["C++ / C#", "c_c"],
    ["snake_case_ok", "snake_case_ok"],
    ["3D Artist", "agent_3d_artist"],
    ["007", "agent_007"],
    ["_3x", "agent_3x"],
    ["!!!", ""],
    ["研究员", ""],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(normalizeToolName(input)).toBe(expected);
  });

  it("is idempotent", () => {
    for (const name of ["Web Researcher", "3D Artist", "x--y", "研究员A"]) {
      expect(normalizeToolName(normalizeToolName(name))).toBe(normalizeToolName(name));
    }
  });
});

describe("defaultHandoffToolName", () => {
  it("prefixes subagent_ to the normalised name", () => {
    expect(defaultHandoffToolName("Web Researcher", "web")).toBe("subagent_web_researcher");
  });

  it("keeps the seed's digit rule before the prefix", () => {
    expect(defaultHandoffToolName("3D Artist", "artist")).toBe("subagent_agent_3d_artist");
  });

  it("falls back to the child's id when the name normalises to nothing", () => {
    expect(defaultHandoffToolName("研究员", "researcher")).toBe("subagent_researcher");
    expect(defaultHandoffToolName("!!!", "Helper-2")).toBe("subagent_helper_2");
    expect(defaultHandoffToolName("研究员", "42")).toBe("subagent_agent_42");
  });

  it("uses subagent_agent when name and id both normalise to nothing", () => {
    expect(defaultHandoffToolName("研究员")).toBe("subagent_agent");
    expect(defaultHandoffToolName("!!!", "")).toBe("subagent_agent");
  });
});
