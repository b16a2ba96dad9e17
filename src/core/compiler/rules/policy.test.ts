import { describe, expect, it } from "vitest";
import { compile } from "../index";
import { agent, edge, graph, withCode } from "../fixtures/test-graphs";

describe("policy_blocks_handoff", () => {
  it("warns when allowedTools leaves out a handoff tool", () => {
    const doc = graph({
      agents: [agent("main", { handoffPolicy: { allowedTools: ["subagent_other"] } }), agent("child")],
    });
    const result = compile(doc);
    expect(withCode(result, "policy_blocks_handoff")[0].message).toContain(
      'subagent_child (edge "main-child"): tool is not in allowedTools',
    );
    expect(result.definition).not.toBeNull();
  });

  it("warns when deniedTools lists a handoff tool", () => {
    const doc = graph({
      agents: [agent("main", { handoffPolicy: { deniedTools: ["subagent_child"] } }), agent("child")],
    });
    expect(withCode(compile(doc), "policy_blocks_handoff")[0].message).toContain("tool is in deniedTools");
  });

  it("stays quiet when the policy is disabled or admits the tool", () => {
    const disabled = graph({
      agents: [agent("main", { handoffPolicy: { enabled: false, deniedTools: ["subagent_child"] } }), agent("child")],
    });
    const allowed = graph({
      agents: [agent("main", { handoffPolicy: { allowedTools: ["subagent_child"] } }), agent("child")],
    });
    expect(withCode(compile(disabled), "policy_blocks_handoff")).toEqual([]);
    expect(withCode(compile(allowed), "policy_blocks_handoff")).toEqual([]);
  });
});

describe("children_exceed_active_limit", () => {
  it("is an info when a parent has more edges than maxChildrenPerAgent, and the edges still compile", () => {
    const children = ["a", "b", "c"].map((id) => agent(id));
    const doc = graph({
      settings: { maxChildrenPerAgent: 2 },
      agents: [agent("main"), ...children],
      handoffs: children.map((c) => edge("main", c.id)),
    });
    const result = compile(doc);
    expect(withCode(result, "children_exceed_active_limit")).toEqual([
      expect.objectContaining({
        severity: "info",
        nodeIds: ["main"],
        edgeIds: ["main-a", "main-b", "main-c"],
        message: expect.stringContaining("3 handoff edges but settings.maxChildrenPerAgent is 2"),
      }),
    ]);
    expect(result.definition!.agents.main.handoffs).toHaveLength(3);
  });
});
