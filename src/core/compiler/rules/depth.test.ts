import { describe, expect, it } from "vitest";
import { compile } from "../index";
import { agent, edge, graph, withCode } from "../fixtures/test-graphs";

const chain = (settings: object, policies: Record<string, object> = {}) =>
  graph({
    settings,
    agents: ["main", "a", "b"].map((id) => agent(id, policies[id] ? { handoffPolicy: policies[id] } : {})),
    handoffs: [edge("main", "a"), edge("a", "b")],
  });

describe("depth, roles and edge_exceeds_max_depth", () => {
  it("defaults (maxSpawnDepth 1): children are leaves and a grandchild edge is dropped with a warning", () => {
    const result = compile(chain({}));
    const [d] = withCode(result, "edge_exceeds_max_depth");
    expect(d).toMatchObject({ severity: "warning", edgeIds: ["a-b"], nodeIds: ["a", "b"] });
    expect(d.message).toContain(
      'depth 2, deeper than the effective max depth 1 (settings.maxSpawnDepth is 1 and the handoff policy of "a" has maxDepth 1)',
    );
    expect(result.definition!.agents.main).toMatchObject({ role: "main", depth: 0 });
    expect(result.definition!.agents.a).toMatchObject({ role: "leaf", depth: 1, handoffs: [] });
    expect(result.definition!.agents.b).toBeUndefined();
    expect(withCode(result, "unreachable_agent")[0].message).toContain(
      "only reachable through edges deeper than the max depth",
    );
  });

  it("the parent's stricter policy maxDepth wins over maxSpawnDepth", () => {
    const result = compile(chain({ maxSpawnDepth: 3 }, { main: { maxDepth: 3 } }));
    expect(withCode(result, "edge_exceeds_max_depth")[0].message).toContain('the handoff policy of "a" has maxDepth 1');
    expect(result.definition!.agents.a.role).toBe("leaf");
  });

  it("maxSpawnDepth wins when it is the stricter", () => {
    const result = compile(chain({ maxSpawnDepth: 1 }, { a: { maxDepth: 5 } }));
    expect(withCode(result, "edge_exceeds_max_depth")[0].message).toContain("(settings.maxSpawnDepth is 1)");
  });

  it("orchestrators sit above the limit and get their handoffs", () => {
    const result = compile(chain({ maxSpawnDepth: 2 }, { a: { maxDepth: 2 } }));
    expect(result.diagnostics.filter((d) => d.code !== "uses_environment_default_model")).toEqual([]);
    expect(result.definition!.agents.a).toMatchObject({ role: "orchestrator", depth: 1 });
    expect(result.definition!.agents.a.handoffs.map((h) => h.childId)).toEqual(["b"]);
    expect(result.definition!.agents.b).toMatchObject({ role: "leaf", depth: 2 });
  });

  it("a disabled policy does not bound depth (admission is skipped), maxSpawnDepth still does", () => {
    const result = compile(chain({ maxSpawnDepth: 2 }, { a: { enabled: false, maxDepth: 0 } }));
    expect(result.definition!.agents.a.role).toBe("orchestrator");
  });

  it("maxSpawnDepth 0: the root is main but may not delegate", () => {
    const result = compile(graph({ settings: { maxSpawnDepth: 0 } }));
    expect(withCode(result, "edge_exceeds_max_depth")).toHaveLength(1);
    expect(result.definition!.agents.main).toMatchObject({ role: "main", handoffs: [] });
  });

  it("depth is the shortest path from the root", () => {
    const doc = graph({
      settings: { maxSpawnDepth: 3 },
      agents: ["main", "a", "b", "c"].map((id) => agent(id, { handoffPolicy: { maxDepth: 3 } })),
      handoffs: [edge("main", "a"), edge("a", "b"), edge("b", "c"), edge("main", "c")],
    });
    const agents = compile(doc).definition!.agents;
    expect([agents.a.depth, agents.b.depth, agents.c.depth]).toEqual([1, 2, 1]);
    expect(agents.c.role).toBe("orchestrator");
    // b → c is still compiled: c is reached more shallowly elsewhere, but b may delegate to it.
    expect(agents.b.handoffs.map((h) => h.childId)).toEqual(["c"]);
  });
});

describe("unreachable_agent", () => {
  it("warns about agents no edge reaches and leaves them out", () => {
    const doc = graph({
      agents: [agent("main"), agent("a"), agent("island"), agent("islet")],
      handoffs: [edge("main", "a"), edge("island", "islet")],
    });
    const result = compile(doc);
    expect(withCode(result, "unreachable_agent").map((d) => d.nodeIds)).toEqual([["island"], ["islet"]]);
    expect(withCode(result, "unreachable_agent")[0].message).toContain('not reachable from the root "main"');
    expect(Object.keys(result.definition!.agents)).toEqual(["a", "main"]);
  });

  it("does not pile warnings on top of a missing root", () => {
    expect(withCode(compile(graph({ rootAgentId: "x" })), "unreachable_agent")).toEqual([]);
  });
});
