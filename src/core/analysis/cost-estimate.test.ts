import { describe, expect, it } from "vitest";
import { analyzeShape } from "../compiler/analyze";
import { agent, edge, graph } from "../compiler/fixtures/test-graphs";
import { graphDocumentSchema, type GraphDocumentInput } from "../graph/schema";
import { estimateWorstCaseCost } from "./cost-estimate";

const analysisOf = (input: GraphDocumentInput) => analyzeShape(graphDocumentSchema.parse(input));

/** gpt-4o: $2.50 in / $10 out per 1M; claude-opus-4-1: $15 / $75; gpt-4o-mini: $0.15 / $0.60. */
const gpt4o = { provider: "openai" as const, model: "gpt-4o" };
const opus = { provider: "anthropic" as const, model: "claude-opus-4-1" };
const mini = { provider: "openai" as const, model: "gpt-4o-mini" };
const table = [
  { model: "m1", inputPerMTok: 1, outputPerMTok: 2 },
  { model: "m10", inputPerMTok: 10, outputPerMTok: 20 },
];
const m = (model: string) => ({ provider: "openai" as const, model });
/** With 1,000 input and 1,000 output tokens, a call of m1 costs $0.003 and one of m10 $0.03. */
const opts = { priceTable: table, inputTokensPerCall: 1_000, defaultOutputTokens: 1_000 };

describe("estimateWorstCaseCost", () => {
  it("multiplies maxSteps down the tree: each parent step may call each child once", () => {
    const doc = graph({
      settings: { maxSpawnDepth: 2, defaultModelChain: [m("m1")] },
      agents: [
        agent("main", { maxSteps: 3, handoffPolicy: { maxDepth: 2 } }),
        agent("a", { maxSteps: 4, handoffPolicy: { maxDepth: 2 } }),
        agent("b", { maxSteps: 5 }),
        agent("c", { maxSteps: 2 }),
      ],
      handoffs: [edge("main", "a"), edge("main", "b"), edge("a", "c")],
    });
    const cost = estimateWorstCaseCost(analysisOf(doc), opts);
    const rows = Object.fromEntries(cost.agents.map((r) => [r.agentId, r]));
    // main: 1 run × 3 steps; a and b: 3 runs; c: 3 runs of a × 4 steps = 12 runs.
    expect(rows.main).toMatchObject({ runs: 1, modelCalls: 3, depths: [0] });
    expect(rows.a).toMatchObject({ runs: 3, modelCalls: 12, depths: [1] });
    expect(rows.b).toMatchObject({ runs: 3, modelCalls: 15 });
    expect(rows.c).toMatchObject({ runs: 12, modelCalls: 24, depths: [2] });
    expect(cost.modelCalls).toBe(3 + 12 + 15 + 24);
    expect(cost.costUsd).toBeCloseTo((3 + 12 + 15 + 24) * 0.003, 10);
    expect(cost.unboundedCostUsd).toBe(cost.costUsd);
    expect(cost.boundedBy).toBeNull();
    expect(rows.c.model).toBe("openai:m1");
    expect(rows.c.callCostUsd).toBeCloseTo(0.003, 10);
  });

  it("prices each call at the most expensive model of the chain, with the edge override first", () => {
    const doc = graph({
      agents: [
        agent("main", { maxSteps: 1, modelChain: [m("m1"), m("m10")] }),
        agent("child", { maxSteps: 1, modelChain: [m("m10")] }),
      ],
      handoffs: [edge("main", "child", { modelChain: [m("m1")] })],
    });
    const cost = estimateWorstCaseCost(analysisOf(doc), opts);
    const rows = Object.fromEntries(cost.agents.map((r) => [r.agentId, r]));
    expect(rows.main.model).toBe("openai:m10");
    expect(rows.main.costUsd).toBeCloseTo(0.03, 10);
    expect(rows.child.model).toBe("openai:m1");
    expect(rows.child.costUsd).toBeCloseTo(0.003, 10);
  });

  it("uses the agent's maxTokens as the output of each call, and the default price table", () => {
    const doc = graph({
      agents: [agent("main", { maxSteps: 2, modelChain: [gpt4o, mini, opus], params: { maxTokens: 500 } })],
      handoffs: [],
    });
    const cost = estimateWorstCaseCost(analysisOf(doc), { inputTokensPerCall: 2_000 });
    // claude-opus-4-1: 2,000 × $15/1M + 500 × $75/1M = $0.0675 per call, 2 calls.
    expect(cost.agents[0].model).toBe("anthropic:claude-opus-4-1");
    expect(cost.costUsd).toBeCloseTo(0.135, 10);
    expect(cost.assumptions.join(" ")).toContain("2,000 input tokens");
  });

  it("reports an unknown price as unknown, never as zero, and keeps the priced part", () => {
    const doc = graph({
      agents: [
        agent("main", { maxSteps: 1, modelChain: [m("m1")] }),
        agent("child", { maxSteps: 1, modelChain: [m("m1"), m("no-such-model")] }),
      ],
    });
    const cost = estimateWorstCaseCost(analysisOf(doc), opts);
    expect(cost.costUsd).toBeNull();
    expect(cost.unboundedCostUsd).toBeNull();
    expect(cost.pricedCostUsd).toBeCloseTo(0.003, 10);
    expect(cost.unpricedModels).toEqual(["openai:no-such-model"]);
    const child = cost.agents.find((r) => r.agentId === "child")!;
    expect(child.costUsd).toBeNull();
    expect(child.callCostUsd).toBeNull();
    expect(cost.agents[0].agentId).toBe("child");
    expect(cost.assumptions.some((a) => a.includes("openai:no-such-model") && a.includes("unknown"))).toBe(true);
  });

  it("treats an agent without any model (environment default) as unpriced", () => {
    const cost = estimateWorstCaseCost(analysisOf(graph({ agents: [agent("main")], handoffs: [] })), opts);
    expect(cost.costUsd).toBeNull();
    expect(cost.unpricedModels).toEqual(["environment default"]);
    expect(cost.agents[0].model).toBeNull();
  });

  it("counts maxRetries + 1 attempts per handoff under an enabled policy, one when disabled", () => {
    const doc = (enabled: boolean) =>
      graph({
        settings: { defaultModelChain: [m("m1")] },
        agents: [
          agent("main", { maxSteps: 2, handoffPolicy: { enabled, maxRetries: 2 } }),
          agent("child", { maxSteps: 1 }),
        ],
      });
    const runsOf = (enabled: boolean) =>
      estimateWorstCaseCost(analysisOf(doc(enabled)), opts).agents.find((r) => r.agentId === "child")!.runs;
    expect(runsOf(true)).toBe(6);
    expect(runsOf(false)).toBe(2);
  });

  it("adds nothing for handoffs a policy refuses or beyond maxSpawnDepth", () => {
    const doc = graph({
      settings: { defaultModelChain: [m("m1")], maxSpawnDepth: 1 },
      agents: [
        agent("main", { maxSteps: 1, handoffPolicy: { deniedTools: ["subagent_b"] } }),
        agent("a", { maxSteps: 1 }),
        agent("b", { maxSteps: 1 }),
        agent("deep", { maxSteps: 1 }),
      ],
      handoffs: [edge("main", "a"), edge("main", "b"), edge("a", "deep")],
    });
    const cost = estimateWorstCaseCost(analysisOf(doc), opts);
    expect(cost.agents.map((r) => r.agentId).sort()).toEqual(["a", "main"]);
    expect(cost.modelCalls).toBe(2);
  });

  it("follows the runtime's per-branch depth: an agent reached two ways runs at both depths", () => {
    const doc = graph({
      settings: { defaultModelChain: [m("m1")], maxSpawnDepth: 2 },
      agents: [
        agent("main", { maxSteps: 1, handoffPolicy: { maxDepth: 2 } }),
        agent("a", { maxSteps: 1, handoffPolicy: { maxDepth: 2 } }),
        agent("x", { maxSteps: 1 }),
      ],
      handoffs: [edge("main", "a"), edge("main", "x"), edge("a", "x")],
    });
    const x = estimateWorstCaseCost(analysisOf(doc), opts).agents.find((r) => r.agentId === "x")!;
    expect(x.depths).toEqual([1, 2]);
    expect(x.runs).toBe(2);
  });

  it("is bounded by the run budgets and says which one bounds it", () => {
    const base = {
      settings: { defaultModelChain: [m("m10")] },
      agents: [agent("main", { maxSteps: 100 })],
      handoffs: [],
    };
    const free = estimateWorstCaseCost(analysisOf(graph(base)), opts);
    expect(free.costUsd).toBeCloseTo(3, 10);
    expect(free.assumptions.join(" ")).toContain("No run budget");

    const steps = estimateWorstCaseCost(
      analysisOf(graph({ ...base, settings: { ...base.settings, budgets: { maxSteps: 10 } } })),
      opts,
    );
    expect(steps.costUsd).toBeCloseTo(0.3, 10);
    expect(steps.unboundedCostUsd).toBeCloseTo(3, 10);
    expect(steps.modelCalls).toBe(10);
    expect(steps.boundedBy).toBe("maxSteps");

    const dollars = estimateWorstCaseCost(
      analysisOf(graph({ ...base, settings: { ...base.settings, budgets: { maxCostUsd: 1, maxSteps: 50 } } })),
      opts,
    );
    expect(dollars.costUsd).toBe(1);
    expect(dollars.boundedBy).toBe("maxCostUsd");
    expect(dollars.assumptions.join(" ")).toContain("$1");

    // 1,000 tokens × $20/1M (the dearer side of m10) = $0.02.
    const tokens = estimateWorstCaseCost(
      analysisOf(graph({ ...base, settings: { ...base.settings, budgets: { maxTokens: 1_000 } } })),
      opts,
    );
    expect(tokens.costUsd).toBeCloseTo(0.02, 10);
    expect(tokens.boundedBy).toBe("maxTokens");
  });

  it("does not let a cost budget bound unpriced calls (the runtime only counts priced ones)", () => {
    const doc = graph({
      settings: { defaultModelChain: [m("unknown")], budgets: { maxCostUsd: 1 } },
      agents: [agent("main")],
      handoffs: [],
    });
    expect(estimateWorstCaseCost(analysisOf(doc), opts).costUsd).toBeNull();
  });

  it("mentions background wake-ups only when an edge may run in the background", () => {
    const sync = graph({ settings: { defaultModelChain: [m("m1")] } });
    const background = graph({
      settings: { defaultModelChain: [m("m1")] },
      agents: [agent("main"), agent("child")],
      handoffs: [edge("main", "child", { execution: { mode: "background" } })],
    });
    const says = (input: GraphDocumentInput) =>
      estimateWorstCaseCost(analysisOf(input), opts).assumptions.some((a) => a.includes("wake"));
    expect(says(sync)).toBe(false);
    expect(says(background)).toBe(true);
  });

  it("ends on a cyclic draft and on a graph without a root", () => {
    const cyclic = graph({
      settings: { defaultModelChain: [m("m1")], maxSpawnDepth: 3 },
      agents: [
        agent("main", { maxSteps: 1, handoffPolicy: { maxDepth: 3 } }),
        agent("a", { maxSteps: 1, handoffPolicy: { maxDepth: 3 } }),
        agent("b", { maxSteps: 1, handoffPolicy: { maxDepth: 3 } }),
      ],
      handoffs: [edge("main", "a"), edge("a", "b"), edge("b", "a")],
    });
    const cost = estimateWorstCaseCost(analysisOf(cyclic), opts);
    expect(cost.costUsd).not.toBeNull();
    expect(Math.max(...cost.agents.flatMap((r) => r.depths))).toBeLessThanOrEqual(3);

    const rootless = estimateWorstCaseCost(analysisOf({ ...graph(), rootAgentId: "nobody" }), opts);
    expect(rootless.agents).toEqual([]);
    expect(rootless.assumptions[0]).toContain("no main agent");
  });
});
