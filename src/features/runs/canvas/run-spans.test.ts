import { describe, expect, it } from "vitest";

import { buildTrace } from "@/core/trace";
import { call, defineGraph, fail, say, scripted } from "@/core/runtime/testing/define-graph";
import { runToEnd } from "@/core/runtime/testing/run-to-end";
import { createTestPorts } from "@/core/runtime/testing/test-ports";

import { runGraphStats } from "./run-graph-stats";
import { factsFromTrace } from "./run-spans";

describe("factsFromTrace", () => {
  it("gives the figures the events say: each agent's own calls, retries, fallback hops, unknown prices", async () => {
    const graph = defineGraph({
      root: "main",
      agents: {
        main: {
          model: [scripted([call(["subagent_billing", { task: "investigate" }]), say("done")])],
          handoffs: [{ to: "billing" }],
        },
        billing: {
          model: [
            scripted([], { model: "gpt-4o", retries: 1, whenExhausted: fail(503, "down") }),
            scripted([say("refund issued")], { model: "my-local-llama" }),
          ],
        },
      },
    });
    const { events } = await runToEnd(graph, createTestPorts(), "my bill is wrong");
    const document = {
      agents: [{ id: "main" }, { id: "billing" }],
      handoffs: [{ id: "main-billing", from: "main", to: "billing" }],
    };
    const stats = runGraphStats(document, factsFromTrace(buildTrace(events)));

    const ends = events.flatMap((event) => (event.type === "MODEL_CALL_END" ? [event] : []));
    const mainCost = ends.filter((e) => e.agentId === "main").reduce((sum, e) => sum + (e.costUsd ?? 0), 0);
    expect(stats.agents.get("main")).toMatchObject({ status: "completed", modelCalls: 2, retries: 0 });
    expect(stats.agents.get("main")!.costUsd).toBeCloseTo(mainCost, 12);
    // Two failed tries on gpt-4o (the second a retry), then the fallback model, which has no price.
    expect(stats.agents.get("billing")).toMatchObject({
      status: "completed",
      modelCalls: 3,
      retries: 1,
      fallbackCalls: 1,
      failedCalls: 2,
      unpricedCalls: 1,
      costUsd: null,
    });
    expect(stats.topAgentId).toBe("main");
    expect(stats.edges.get("main-billing")).toMatchObject({ status: "completed", handoffs: 1, costUsd: null });
  });
});
