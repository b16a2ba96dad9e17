import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { analyzeGraph, compile } from "@/core/compiler";
import { graphDocumentSchema } from "@/core/graph/schema";

import { countProblems, policySummary, problemCountsFromTargets, summarize } from "./summaries";

const researchTeam = graphDocumentSchema.parse(
  JSON.parse(readFileSync(new URL("../../../../examples/research-team.json", import.meta.url), "utf8")),
);

describe("summaries", () => {
  it("gives each agent its role, first model and tool count, each edge its tool name", () => {
    const compiled = compile(researchTeam);
    const { analysis } = analyzeGraph(researchTeam);
    const summaries = summarize(researchTeam, analysis, compiled);
    const root = summaries.agents.get(researchTeam.rootAgentId)!;
    expect(root).toMatchObject({ role: "main", isRoot: true, firstModel: "scripted/gpt-4o" });
    const edge = researchTeam.handoffs[0]!;
    expect(summaries.edges.get(edge.id)!.toolName).toMatch(/^subagent_/);
  });

  it("keeps unchanged summaries identical across compiles", () => {
    const first = summarize(researchTeam, analyzeGraph(researchTeam).analysis, compile(researchTeam));
    const renamedDoc = {
      ...researchTeam,
      agents: researchTeam.agents.map((a, i) => (i === 1 ? { ...a, name: `${a.name}!` } : a)),
    };
    const second = summarize(renamedDoc, analyzeGraph(renamedDoc).analysis, compile(renamedDoc), first);
    expect(second.agents.get(researchTeam.rootAgentId)).toBe(first.agents.get(researchTeam.rootAgentId));
  });

  it("counts errors and warnings per node and edge, not infos", () => {
    const counts = countProblems([
      { code: "a", severity: "error", message: "", nodeIds: ["x"], edgeIds: ["e"] },
      { code: "b", severity: "warning", message: "", nodeIds: ["x"], edgeIds: [] },
      { code: "c", severity: "info", message: "", nodeIds: ["x"], edgeIds: [] },
    ]);
    expect(counts.nodes.get("x")).toEqual({ errors: 1, warnings: 1 });
    expect(counts.edges.get("e")).toEqual({ errors: 1, warnings: 0 });
  });

  it("reads counts keyed by target", () => {
    const counts = problemCountsFromTargets(
      new Map([
        ["agent:a", { errors: 1, warnings: 0 }],
        ["edge:e:1", { errors: 0, warnings: 2 }],
      ]),
    );
    expect(counts.nodes.get("a")).toEqual({ errors: 1, warnings: 0 });
    expect(counts.edges.get("e:1")).toEqual({ errors: 0, warnings: 2 });
  });

  it("summarises a handoff policy in a few words", () => {
    const policy = researchTeam.agents[0]!.handoffPolicy;
    expect(policySummary({ ...policy, enabled: false }, true)).toBe("handoffs off");
    expect(policySummary(policy, false)).toBeNull();
    expect(policySummary({ ...policy, maxDepth: 2, maxRetries: 1, allowedTools: ["a", "b"] }, true)).toBe(
      "depth 2 · 1 retry · 2 allowed",
    );
  });
});
