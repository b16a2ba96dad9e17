import { describe, expect, it } from "vitest";
import { compile } from "../index";
import { agent, edge, graph, withCode } from "../fixtures/test-graphs";

describe("root rules", () => {
  it("missing_root: a graph without agents", () => {
    const result = compile(graph({ agents: [], rootAgentId: "main" }));
    expect(withCode(result, "missing_root")).toEqual([expect.objectContaining({ severity: "error", path: "agents" })]);
  });

  it("root_not_found: names the missing id and lists the agents", () => {
    const [d] = withCode(compile(graph({ rootAgentId: "boss" })), "root_not_found");
    expect(d.message).toContain('"boss"');
    expect(d.message).toContain('"main", "child"');
  });

  it("root_is_subagent: the root may not be subagent-only", () => {
    const doc = graph({
      agents: [agent("main", { mode: "subagent" }), agent("child")],
      handoffs: [edge("main", "child")],
    });
    expect(withCode(compile(doc), "root_is_subagent")).toEqual([
      expect.objectContaining({ nodeIds: ["main"], severity: "error" }),
    ]);
  });

  it.each(["all", "primary"] as const)("accepts a root with mode %s", (mode) => {
    const doc = graph({ agents: [agent("main", { mode }), agent("child")], handoffs: [edge("main", "child")] });
    expect(compile(doc).definition).not.toBeNull();
  });

  it("accepts a root without a description (nobody delegates to it)", () => {
    const doc = graph({
      agents: [agent("main", { description: "" }), agent("child")],
      handoffs: [edge("main", "child")],
    });
    expect(compile(doc).definition).not.toBeNull();
  });
});
