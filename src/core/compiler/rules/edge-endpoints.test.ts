import { describe, expect, it } from "vitest";
import { compile } from "../index";
import { agent, edge, graph, withCode } from "../fixtures/test-graphs";

describe("edge endpoints", () => {
  it("edge_unknown_agent: either end, with the edge id and path", () => {
    const doc = graph({ agents: [agent("main"), agent("a")], handoffs: [edge("main", "ghost"), edge("phantom", "a")] });
    const found = withCode(compile(doc), "edge_unknown_agent");
    expect(found.map((d) => [d.edgeIds, d.path])).toEqual([
      [["main-ghost"], "handoffs.0.to"],
      [["phantom-a"], "handoffs.1.from"],
    ]);
    expect(found[0].message).toContain('points to "ghost"');
  });

  it("edge_to_primary: primary agents cannot be delegated to", () => {
    const doc = graph({
      agents: [agent("main"), agent("boss", { mode: "primary" })],
      handoffs: [edge("main", "boss")],
    });
    expect(withCode(compile(doc), "edge_to_primary")).toEqual([
      expect.objectContaining({ edgeIds: ["main-boss"], nodeIds: ["main", "boss"] }),
    ]);
  });

  it("self_handoff: a self-edge without generalPurpose is an error", () => {
    const doc = graph({ agents: [agent("main")], handoffs: [edge("main", "main")] });
    const [d] = withCode(compile(doc), "self_handoff");
    expect(d.message).toContain("generalPurpose: true");
  });

  it("compiles a general-purpose self-edge as a clone of the parent, even on a primary root", () => {
    const doc = graph({
      agents: [agent("main", { mode: "primary" })],
      handoffs: [edge("main", "main", { generalPurpose: true })],
    });
    const result = compile(doc);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.definition!.agents.main.handoffs).toEqual([
      expect.objectContaining({ childId: "main", toolName: "subagent_main", generalPurpose: true }),
    ]);
  });

  it("general_purpose_not_self: the flag on an ordinary edge is ignored with a warning", () => {
    const doc = graph({ agents: [agent("main"), agent("a")], handoffs: [edge("main", "a", { generalPurpose: true })] });
    const result = compile(doc);
    expect(withCode(result, "general_purpose_not_self")).toHaveLength(1);
    expect(result.definition!.agents.main.handoffs[0].generalPurpose).toBe(false);
  });
});
