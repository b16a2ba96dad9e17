import { describe, expect, it } from "vitest";
import { compile } from "../index";
import { agent, edge, graph, withCode } from "../fixtures/test-graphs";

describe("handoff tool names", () => {
  it("derives subagent_<normalized name>, falling back to the id for names with no ASCII letters", () => {
    const doc = graph({
      agents: [
        agent("main"),
        agent("web", { name: "Web Researcher" }),
        agent("artist", { name: "3D Artist" }),
        agent("researcher", { name: "研究员" }),
      ],
      handoffs: [edge("main", "web"), edge("main", "artist"), edge("main", "researcher")],
    });
    expect(compile(doc).definition!.agents.main.handoffs.map((h) => h.toolName)).toEqual([
      "subagent_agent_3d_artist",
      "subagent_researcher",
      "subagent_web_researcher",
    ]);
  });

  it("uses an explicit toolName as written", () => {
    const doc = graph({ handoffs: [edge("main", "child", { toolName: "Delegate-Code_Review" })] });
    expect(compile(doc).definition!.agents.main.handoffs[0].toolName).toBe("Delegate-Code_Review");
  });

  it("duplicate_subagent_tool_name: names the tool and both child nodes", () => {
    const doc = graph({
      agents: [agent("main"), agent("helper-a", { name: "Helper" }), agent("helper-b", { name: "helper!" })],
      handoffs: [edge("main", "helper-a"), edge("main", "helper-b")],
    });
    const [d] = withCode(compile(doc), "duplicate_subagent_tool_name");
    expect(d.message).toMatch(/^duplicate subagent tool name: subagent_helper/);
    expect(d.message).toContain(
      '"helper-a" (Helper) via edge "main-helper-a" and "helper-b" (helper!) via edge "main-helper-b"',
    );
    expect(d).toMatchObject({
      severity: "error",
      nodeIds: ["main", "helper-a", "helper-b"],
      edgeIds: ["main-helper-a", "main-helper-b"],
    });
  });

  it("catches an explicit toolName that equals another edge's derived name", () => {
    const doc = graph({
      agents: [agent("main"), agent("a"), agent("b")],
      handoffs: [edge("main", "a"), edge("main", "b", { toolName: "subagent_a" })],
    });
    expect(withCode(compile(doc), "duplicate_subagent_tool_name")).toHaveLength(1);
  });

  it("allows two edges to the same child under different tool names, and equal names under different parents", () => {
    const doc = graph({
      settings: { maxSpawnDepth: 2 },
      agents: [
        agent("main", { handoffPolicy: { maxDepth: 2 } }),
        agent("a", { handoffPolicy: { maxDepth: 2 } }),
        agent("w", { name: "Worker" }),
      ],
      handoffs: [
        edge("main", "a"),
        edge("main", "w"),
        edge("main", "w", { id: "again", toolName: "worker_reused", sessionMode: "REUSE_SESSION" }),
        edge("a", "w"),
      ],
    });
    const result = compile(doc);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.definition!.agents.a.handoffs[0].toolName).toBe("subagent_worker");
  });

  it.each([
    ["a built-in tool", "write_file", "a built-in tool"],
    ["a task tool", "task_output", "a task tool"],
  ])("handoff_tool_name_collision with %s", (_what, toolName, clash) => {
    const [d] = withCode(
      compile(graph({ handoffs: [edge("main", "child", { toolName })] })),
      "handoff_tool_name_collision",
    );
    expect(d.message).toContain(`${toolName} (edge "main-child" → "child") is also the name of ${clash}`);
  });

  it("handoff_tool_name_collision with a regular tool on the parent's allow-list", () => {
    const doc = graph({
      tools: [{ name: "subagent_child", kind: "http" }],
      agents: [agent("main", { tools: ["subagent_child"] }), agent("child")],
      handoffs: [edge("main", "child")],
    });
    expect(withCode(compile(doc), "handoff_tool_name_collision")[0].message).toContain('a regular tool of "main"');
  });

  it("tool_name_too_long: derived names past 64 characters", () => {
    const doc = graph({
      agents: [agent("main"), agent("child", { name: "A very long agent name that goes on and on and on forever" })],
    });
    const [d] = withCode(compile(doc), "tool_name_too_long");
    expect(d.message).toMatch(/has 6\d characters; model providers accept at most 64/);
  });
});
