import { describe, expect, it } from "vitest";

import { runGraphStats } from "./run-graph-stats";
import { parseEdgeKey, type RunSpanFacts } from "./run-spans";

const document = {
  agents: [{ id: "lead" }, { id: "web" }, { id: "critic" }, { id: "idle" }],
  handoffs: [
    { id: "lead-web", from: "lead", to: "web" },
    { id: "lead-critic", from: "lead", to: "critic" },
    { id: "lead-idle", from: "lead", to: "idle" },
  ],
};

let counter = 0;
function span(fields: Partial<RunSpanFacts>): RunSpanFacts {
  counter += 1;
  return {
    id: `s${counter}`,
    kind: "AGENT",
    agentId: null,
    status: "completed",
    startedAt: counter,
    durationMillis: 100,
    error: null,
    attempt: null,
    chainIndex: null,
    model: null,
    inputTokens: null,
    outputTokens: null,
    costUsd: null,
    parentAgentId: null,
    childAgentId: null,
    subtreeCostUsd: 0,
    subtreePricedCostUsd: 0,
    ...fields,
  };
}

function call(agentId: string, fields: Partial<RunSpanFacts>): RunSpanFacts {
  return span({
    kind: "MODEL_CALL",
    agentId,
    attempt: 1,
    chainIndex: 0,
    model: "scripted/gpt-4o",
    inputTokens: 100,
    outputTokens: 10,
    costUsd: 0.01,
    ...fields,
  });
}

describe("runGraphStats", () => {
  it("sums each agent's own calls, counting retries and fallback hops, and finds the costliest", () => {
    const stats = runGraphStats(document, [
      span({ agentId: "lead", durationMillis: 900 }),
      call("lead", { status: "failed", inputTokens: null, outputTokens: null, costUsd: null }),
      call("lead", { attempt: 2, status: "failed", inputTokens: null, outputTokens: null, costUsd: null }),
      call("lead", { chainIndex: 1, model: "scripted/claude", costUsd: 0.03 }),
      span({ agentId: "web", durationMillis: 300 }),
      call("web", { costUsd: 0.02 }),
      span({ agentId: "web", durationMillis: 200 }),
      call("web", { costUsd: 0.02 }),
    ]);
    const lead = stats.agents.get("lead")!;
    expect(lead).toMatchObject({
      status: "completed",
      sessions: 1,
      modelCalls: 3,
      retries: 1,
      fallbackCalls: 1,
      failedCalls: 2,
      inputTokens: 100,
      costUsd: 0.03,
    });
    expect(lead.models).toEqual([
      { model: "scripted/gpt-4o", calls: 2 },
      { model: "scripted/claude", calls: 1 },
    ]);
    const web = stats.agents.get("web")!;
    expect(web).toMatchObject({ sessions: 2, durationMillis: 500, modelCalls: 2, inputTokens: 200 });
    expect(web.costUsd).toBeCloseTo(0.04);
    expect(stats.topAgentId).toBe("web");
    expect(web.costShare).toBeCloseTo(0.04 / 0.07);
    expect(stats.agents.get("idle")).toMatchObject({ status: "idle", sessions: 0, costUsd: 0, durationMillis: null });
  });

  it("says unknown, never $0, when a call had usage but no price", () => {
    const stats = runGraphStats(document, [
      span({ agentId: "critic" }),
      call("critic", { model: "scripted/house-model", costUsd: null }),
    ]);
    expect(stats.agents.get("critic")).toMatchObject({ costUsd: null, unpricedCalls: 1, pricedCostUsd: 0 });
    expect(stats.topAgentId).toBeNull();
  });

  it("shows a running agent as running, and its latest session's status otherwise", () => {
    const stats = runGraphStats(document, [
      span({ agentId: "lead", status: "running", durationMillis: null }),
      span({ agentId: "web", status: "failed", error: "boom" }),
      span({ agentId: "web", status: "completed" }),
      call("lead", { status: "running", inputTokens: null, costUsd: null }),
    ]);
    expect(stats.agents.get("lead")).toMatchObject({ status: "running", durationMillis: null, modelCalls: 0 });
    expect(stats.agents.get("web")).toMatchObject({ status: "completed", error: "boom" });
  });

  it("maps handoffs to the document's edges, with the most severe status and the subtree's cost", () => {
    const stats = runGraphStats(document, [
      span({ kind: "HANDOFF", parentAgentId: "lead", childAgentId: "web", subtreePricedCostUsd: 0.02 }),
      span({
        kind: "HANDOFF",
        parentAgentId: "lead",
        childAgentId: "web",
        status: "denied",
        error: "depth limit",
        subtreePricedCostUsd: 0,
      }),
      span({ kind: "HANDOFF", parentAgentId: "lead", childAgentId: "critic", subtreeCostUsd: null }),
      span({ kind: "HANDOFF", parentAgentId: "lead", childAgentId: "nowhere" }),
    ]);
    expect(stats.edges.get("lead-web")).toMatchObject({
      status: "denied",
      handoffs: 2,
      byStatus: { completed: 1, denied: 1 },
      costUsd: 0.02,
      error: "depth limit",
    });
    expect(stats.edges.get("lead-critic")).toMatchObject({ status: "completed", costUsd: null });
    expect(stats.edges.get("lead-idle")).toMatchObject({ status: "idle", handoffs: 0 });
  });
});

describe("parseEdgeKey", () => {
  it("reads the server's edge key", () => {
    expect(parseEdgeKey("lead/subagent_web->web-researcher")).toEqual({
      parentAgentId: "lead",
      childAgentId: "web-researcher",
    });
    expect(parseEdgeKey("nonsense")).toBeNull();
  });
});
