import { describe, expect, it } from "vitest";
import { compile } from "../index";
import { agent, edge, graph, withCode } from "../fixtures/test-graphs";

describe("duplicate ids", () => {
  it("duplicate_agent_id: reported once with every position", () => {
    const doc = graph({
      agents: [agent("main"), agent("a"), agent("a", { name: "Other" }), agent("a")],
      handoffs: [edge("main", "a")],
    });
    const found = withCode(compile(doc), "duplicate_agent_id");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ nodeIds: ["a"], path: "agents.2.id", severity: "error" });
    expect(found[0].message).toContain("agents 1, 2, 3");
  });

  it("duplicate_edge_id", () => {
    const doc = graph({
      agents: [agent("main"), agent("a"), agent("b")],
      handoffs: [edge("main", "a", { id: "e" }), edge("main", "b", { id: "e" })],
    });
    expect(withCode(compile(doc), "duplicate_edge_id")).toEqual([
      expect.objectContaining({ edgeIds: ["e"], path: "handoffs.1.id" }),
    ]);
  });

  it("allows an edge to share an id with an agent (separate namespaces)", () => {
    const doc = graph({ agents: [agent("main"), agent("a")], handoffs: [edge("main", "a", { id: "a" })] });
    expect(compile(doc).definition).not.toBeNull();
  });
});
