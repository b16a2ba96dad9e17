import { describe, expect, it } from "vitest";

import { compile } from "@/core/compiler";
import { graphDocumentSchema, type GraphDocumentInput } from "@/core/graph/schema";

import { liveCompileResult } from "../compile/use-live-compile";

import {
  collectProblems,
  documentCheckOf,
  formatUsd,
  problemsByTarget,
  setKnownTools,
  setPriceTable,
  staticAnalysisOf,
} from "./problems";

const gpt = { provider: "openai" as const, model: "gpt-4o" };
const doc = (input: Partial<GraphDocumentInput> = {}) =>
  graphDocumentSchema.parse({
    schemaVersion: 1,
    name: "Test",
    rootAgentId: "main",
    agents: [
      { id: "main", name: "Main", description: "Lead.", modelChain: [gpt, gpt] },
      { id: "a", name: "Alpha", description: "Does a." },
      { id: "b", name: "Beta", description: "Does b." },
    ],
    handoffs: [
      { id: "e1", from: "main", to: "a", toolName: "same" },
      { id: "e2", from: "main", to: "b", toolName: "same" },
    ],
    settings: { defaultSubagentModelChain: [gpt] },
    ...input,
  });

describe("collectProblems", () => {
  it("lists compiler errors first, then warnings, then findings, each with the name of its target", () => {
    const document = doc();
    const { problems, counts } = collectProblems(document, compile(document));
    expect(problems.map((p) => p.diagnostic.severity)).toEqual(
      [...problems.map((p) => p.diagnostic.severity)].sort(
        (x, y) => ["error", "warning", "info"].indexOf(x) - ["error", "warning", "info"].indexOf(y),
      ),
    );
    const duplicate = problems.find((p) => p.diagnostic.code === "duplicate_subagent_tool_name")!;
    expect(duplicate.finding).toBe(false);
    expect(duplicate.target).toEqual({ kind: "agent", id: "main" });
    expect(duplicate.targetLabel).toBe("Main and 2 more");
    const fallback = problems.find((p) => p.diagnostic.code === "no_model_fallback")!;
    expect(fallback.finding).toBe(true);
    // a and b inherit the one-model sub-agent default: one finding naming both.
    expect(fallback.targetLabel).toBe("Alpha and 1 more");
    expect(counts.error).toBeGreaterThanOrEqual(1);
    expect(counts.info).toBeGreaterThanOrEqual(1);
    expect(counts.error + counts.warning + counts.info).toBe(problems.length);
  });

  it("computes the compiler's diagnostics itself while the editor has no compile result", () => {
    const document = doc();
    expect(collectProblems(document, null).problems.map((p) => p.diagnostic.code)).toEqual(
      collectProblems(document, compile(document)).problems.map((p) => p.diagnostic.code),
    );
  });

  it("names an edge target `Parent → Child`, and targets the graph when nothing is named", () => {
    const document = doc();
    const compiled = {
      definition: null,
      hash: null,
      diagnostics: [
        { code: "cycle", severity: "error" as const, message: "on an edge", nodeIds: [], edgeIds: ["e2"] },
        { code: "unknown_model", severity: "error" as const, message: "in settings", nodeIds: [], edgeIds: [] },
      ],
    };
    const [edgeProblem, graphProblem] = collectProblems(document, compiled).problems;
    expect(edgeProblem.target).toEqual({ kind: "edge", id: "e2" });
    expect(edgeProblem.targetLabel).toBe("Main → Beta");
    expect(graphProblem.target).toEqual({ kind: "graph" });
    expect(graphProblem.targetLabel).toBe("Graph settings");
  });
});

describe("problemsByTarget", () => {
  it("counts errors and warnings per agent and edge, not infos", () => {
    const document = doc();
    const byTarget = problemsByTarget(document, compile(document));
    // duplicate_subagent_tool_name: an error on main and on both edges.
    expect(byTarget.get("agent:main")?.errors).toBeGreaterThanOrEqual(1);
    expect(byTarget.get("edge:e1")?.errors).toBe(1);
    expect(byTarget.get("edge:e2")?.errors).toBe(1);
    // Infos (no_model_fallback on a and b here) add nothing.
    const clean = doc({ handoffs: [{ id: "e1", from: "main", to: "a" }] });
    const findings = collectProblems(clean, compile(clean)).problems.filter((p) => p.diagnostic.nodeIds.includes("a"));
    expect(findings.map((p) => p.diagnostic.severity)).toEqual(["info"]);
    expect(problemsByTarget(clean, compile(clean)).get("agent:a")).toBeUndefined();
  });

  it("counts a static-analysis warning too", () => {
    const document = graphDocumentSchema.parse({
      schemaVersion: 1,
      name: "Reuse",
      rootAgentId: "main",
      settings: { maxSpawnDepth: 2, defaultModelChain: [gpt, gpt] },
      agents: [
        { id: "main", name: "Main", description: "x", handoffPolicy: { maxDepth: 2 } },
        { id: "w", name: "Worker", description: "x", handoffPolicy: { maxDepth: 2 } },
        { id: "n", name: "Notes", description: "x" },
      ],
      handoffs: [
        { id: "mw", from: "main", to: "w" },
        { id: "wn", from: "w", to: "n", sessionMode: "REUSE_SESSION" },
      ],
    });
    const byTarget = problemsByTarget(document, compile(document));
    expect(byTarget.get("edge:wn")).toEqual({ errors: 0, warnings: 1 });
    expect(byTarget.get("agent:n")).toEqual({ errors: 0, warnings: 1 });
  });
});

describe("staticAnalysisOf", () => {
  it("runs once per document object", () => {
    const document = doc();
    expect(staticAnalysisOf(document).findings).toBe(staticAnalysisOf(document).findings);
    expect(staticAnalysisOf(doc()).findings).not.toBe(staticAnalysisOf(document).findings);
  });
});

describe("formatUsd", () => {
  it("never shows an unknown price as free", () => {
    expect(formatUsd(null)).toBe("unknown");
    expect(formatUsd(0.001)).toBe("<$0.01");
    expect(formatUsd(1234.5)).toBe("$1,234.50");
  });
});

describe("documentCheckOf with the workspace catalog", () => {
  it("reports an allow-listed tool as unknown until the catalog has it", () => {
    const document = graphDocumentSchema.parse({
      schemaVersion: 1,
      name: "Catalog",
      rootAgentId: "a",
      agents: [{ id: "a", name: "A", tools: ["get_weather"] }],
    });
    try {
      setKnownTools(undefined);
      expect(documentCheckOf(document).diagnostics.map((d) => d.code)).toContain("unknown_tool");
      const knownTools = [{ name: "get_weather", kind: "http" as const, description: "Weather." }];
      setKnownTools(knownTools);
      const check = documentCheckOf(document);
      expect(check.diagnostics.map((d) => d.code)).not.toContain("unknown_tool");
      // The editor's lazily built definition describes the catalog tool (the compile's own options).
      expect(liveCompileResult(check, { knownTools }).definition?.tools).toEqual([
        { name: "get_weather", kind: "http", catalogId: null, description: "Weather." },
      ]);
      setKnownTools([]);
      expect(documentCheckOf(document).diagnostics.map((d) => d.code)).toContain("unknown_tool");
    } finally {
      setKnownTools(undefined);
    }
  });

  it("prices the cost and the budget findings from the workspace's table once it is set", () => {
    const document = doc({
      handoffs: [],
      agents: [
        { id: "main", name: "Main", description: "Lead.", modelChain: [gpt, gpt], params: { maxTokens: 1_000 } },
      ],
      settings: { budgets: { maxCostUsd: 0.1 } },
    });
    try {
      setPriceTable(undefined);
      // The core's defaults: a gpt-4o call (4,000 in + 1,000 out) is $0.02, under the $0.10 budget.
      const before = collectProblems(document, null);
      expect(before.problems.map((p) => p.diagnostic.code)).not.toContain("cost_budget_below_one_call");
      expect(before.analysis.cost.agents[0]!.callCostUsd).toBeCloseTo(0.02, 10);

      setPriceTable([{ provider: "openai", model: "gpt-4o", inputPerMTok: 50, outputPerMTok: 100 }]);
      // The workspace's: $0.30 a call — the figure and the finding agree.
      const after = collectProblems(document, null);
      expect(after.analysis.cost.agents[0]!.callCostUsd).toBeCloseTo(0.3, 10);
      const finding = after.problems.find((p) => p.diagnostic.code === "cost_budget_below_one_call");
      expect(finding?.diagnostic.message).toContain("can cost $0.30");
      expect(finding?.target).toEqual({ kind: "agent", id: "main" });
      expect(problemsByTarget(document, null).get("agent:main")?.warnings).toBe(1);
    } finally {
      setPriceTable(undefined);
    }
  });
});
