import { describe, expect, it } from "vitest";
import { compile } from "../index";
import { agent, edge, graph, withCode } from "../fixtures/test-graphs";

describe("empty_child_description", () => {
  it("is an error on a child with no description", () => {
    const doc = graph({ agents: [agent("main"), agent("child", { description: "  \n" })] });
    const [d] = withCode(compile(doc), "empty_child_description");
    expect(d).toMatchObject({ severity: "error", nodeIds: ["child"], edgeIds: ["main-child"] });
    expect(d.message).toContain("decide when to delegate");
  });

  it("is satisfied by the edge's description override, which the handoff then uses", () => {
    const doc = graph({
      agents: [agent("main"), agent("child", { description: "" })],
      handoffs: [edge("main", "child", { description: "Use for X." })],
    });
    const result = compile(doc);
    expect(withCode(result, "empty_child_description")).toEqual([]);
    expect(result.definition!.agents.main.handoffs[0].description).toBe("Use for X.");
  });

  it("falls back to the child's description when the override is blank", () => {
    const doc = graph({ handoffs: [edge("main", "child", { description: " " })] });
    expect(compile(doc).definition!.agents.main.handoffs[0].description).toBe("Handles child work.");
  });

  it("is not raised for edges that are not compiled", () => {
    const doc = graph({
      agents: [agent("main"), agent("a"), agent("b", { description: "" })],
      handoffs: [edge("main", "a"), edge("a", "b")],
    });
    expect(withCode(compile(doc), "empty_child_description")).toEqual([]);
  });
});
