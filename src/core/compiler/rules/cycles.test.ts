import { describe, expect, it } from "vitest";
import { compile } from "../index";
import { agent, edge, graph, withCode } from "../fixtures/test-graphs";

describe("cycles", () => {
  it("names a two-agent cycle and its edges", () => {
    const doc = graph({
      agents: [agent("main"), agent("a"), agent("b")],
      handoffs: [edge("main", "a"), edge("a", "b"), edge("b", "a")],
    });
    const [d] = withCode(compile(doc), "cycle");
    expect(d.message).toContain("a → b → a");
    expect(d).toMatchObject({ severity: "error", nodeIds: ["a", "b"], edgeIds: ["a-b", "b-a"] });
  });

  it("names a longer cycle through the root in delegation order", () => {
    const doc = graph({
      agents: [agent("main"), agent("a"), agent("b"), agent("c")],
      handoffs: [edge("main", "a"), edge("a", "b"), edge("b", "c"), edge("c", "main")],
    });
    expect(withCode(compile(doc), "cycle")[0].message).toContain("main → a → b → c → main");
  });

  it("is reported even when depth limits would stop it at run time", () => {
    // maxSpawnDepth 1: b → a never compiles, but the drawing still loops.
    const doc = graph({
      agents: [agent("main"), agent("a"), agent("b")],
      handoffs: [edge("main", "a"), edge("a", "b"), edge("b", "a")],
    });
    expect(compile(doc).definition).toBeNull();
  });

  it("reports one diagnostic per tangle, mentioning everyone in it", () => {
    const doc = graph({
      agents: [agent("main"), agent("a"), agent("b"), agent("c"), agent("x"), agent("y")],
      handoffs: [
        edge("main", "a"),
        edge("a", "b"),
        edge("b", "c"),
        edge("c", "a"),
        edge("b", "a"),
        edge("main", "x"),
        edge("x", "y"),
        edge("y", "x"),
      ],
    });
    const found = withCode(compile(doc), "cycle");
    expect(found).toHaveLength(2);
    expect(found[0].message).toContain("a → b → a (3 agents delegate to each other here: a, b, c)");
    expect(found[1].message).toContain("x → y → x");
  });

  it("does not mistake a diamond for a cycle", () => {
    const doc = graph({
      settings: { maxSpawnDepth: 2 },
      agents: [
        agent("main", { handoffPolicy: { maxDepth: 2 } }),
        agent("a", { handoffPolicy: { maxDepth: 2 } }),
        agent("b"),
        agent("c"),
      ],
      handoffs: [edge("main", "a"), edge("main", "b"), edge("a", "c"), edge("b", "c")],
    });
    expect(withCode(compile(doc), "cycle")).toEqual([]);
  });

  it("handles a 5,000-agent chain with a back edge without overflowing the stack", () => {
    const agents = Array.from({ length: 5000 }, (_, i) => agent(`a${i}`));
    const handoffs = agents.slice(1).map((a, i) => edge(`a${i}`, a.id));
    handoffs.push(edge("a4999", "a0"));
    const [d] = withCode(compile(graph({ agents, handoffs })), "cycle");
    expect(d.nodeIds).toHaveLength(5000);
    expect(d.message).toMatch(/^handoff cycle: a0 → a1 → a2 → .* → a4999 → a0;/);
  });
});
