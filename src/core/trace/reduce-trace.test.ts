import { describe, expect, it } from "vitest";
import { call, defineGraph, fail, say, scripted } from "../runtime/testing/define-graph";
import { runToEnd } from "../runtime/testing/run-to-end";
import { createTestPorts } from "../runtime/testing/test-ports";
import type { RuntimeEvent } from "../runtime/events";
import { buildTrace, createTrace, reduceTrace } from "./reduce-trace";
import { promptOf, rootSpan, walkTrace } from "./trace-queries";
import { verifyTrace } from "./verify-trace";

function delegatingGraph(background: boolean) {
  return defineGraph({
    root: "main",
    agents: {
      main: {
        model: [
          scripted([
            call(["subagent_billing", { task: "investigate" }], ["calculator", { expression: "2 + 2" }]),
            say("started"),
            say("done"),
          ]),
        ],
        tools: ["calculator"],
        handoffs: [{ to: "billing", execution: { mode: background ? "background" : "sync" } }],
      },
      billing: {
        model: [
          scripted([], { model: "gpt-4o", retries: 1, whenExhausted: fail(503, "down") }),
          scripted([say("refund issued", { latencyMs: 200 })], { model: "my-local-llama" }),
        ],
      },
    },
  });
}

describe("buildTrace", () => {
  it("builds run > agent > model/tool calls > handoff > child agent and task, with rolled-up totals", async () => {
    const test = createTestPorts();
    const { events, result } = await runToEnd(delegatingGraph(true), test, "my bill is wrong");
    const trace = buildTrace(events);
    expect(verifyTrace(trace)).toEqual([]);
    const tree = [...walkTrace(trace)].map(
      ({ span, depth }) => `${"  ".repeat(depth)}${span.kind} ${span.name} ${span.status}`,
    );
    expect(tree).toEqual([
      "RUN test graph completed",
      "  AGENT main completed",
      "    MODEL_CALL scripted/gpt-4o-mini completed",
      "    TOOL_CALL subagent_billing completed",
      "      HANDOFF subagent_billing → billing accepted",
      "        AGENT billing completed",
      "          MODEL_CALL scripted/gpt-4o failed",
      "          MODEL_CALL scripted/gpt-4o failed",
      "          MODEL_CALL scripted/my-local-llama completed",
      "        TASK task_1 completed",
      "    TOOL_CALL calculator completed",
      "    MODEL_CALL scripted/gpt-4o-mini completed",
      "    MODEL_CALL scripted/gpt-4o-mini completed",
    ]);
    const root = rootSpan(trace)!;
    expect(root.totals.modelCalls).toBe(6);
    expect(root.totals.steps).toBe(result.steps);
    expect(root.totals.usage).toEqual(result.usage);
    // my-local-llama has no price: the run's cost is unknown, not the sum of the priced calls.
    expect(root.totals.unpricedCalls).toBe(1);
    expect(root.totals.costUsd).toBeNull();
    expect(root.totals.pricedCostUsd).toBeCloseTo(result.costUsd, 12);
    const billing = [...trace.spans.values()].find((s) => s.kind === "AGENT" && s.agentId === "billing")!;
    expect(billing.totals).toMatchObject({ modelCalls: 3, steps: 1, unpricedCalls: 1, costUsd: null });
    const main = [...trace.spans.values()].find((s) => s.kind === "AGENT" && s.agentId === "main")!;
    expect(main.points.map((p) => p.type)).toEqual(["ANNOUNCE"]);
    const retry = [...trace.spans.values()].filter((s) => s.kind === "MODEL_CALL" && s.agentId === "billing");
    expect(retry.map((s) => [s.attempts, s.error])).toEqual([
      [1, "down"],
      [2, "down"],
      [1, null],
    ]);
    const task = [...trace.spans.values()].find((s) => s.kind === "TASK")!;
    expect(task).toMatchObject({ agentId: "billing", attempts: 1, status: "completed" });
  });

  it("rebuilds every model call's full prompt: exactly what the model was given", async () => {
    const test = createTestPorts();
    const { events } = await runToEnd(delegatingGraph(false), test, "my bill is wrong");
    const trace = buildTrace(events);
    const calls = events.filter((e) => e.type === "MODEL_CALL_START");
    expect(calls).toHaveLength(test.requests.length);
    calls.forEach((start, i) => expect(promptOf(trace, start.spanId)).toEqual(test.requests[i].messages));
  });

  it("is incremental: a live fold gives the same tree, and old span objects are never changed", async () => {
    const test = createTestPorts();
    const { events } = await runToEnd(delegatingGraph(true), test, "go");
    let state = createTrace();
    const snapshots: Array<[object, string]> = [];
    for (const event of events) {
      state = reduceTrace(state, event);
      for (const span of state.spans.values()) snapshots.push([span, JSON.stringify(span)]);
      expect(state.eventCount).toBe(event.seq + 1);
    }
    // Every span object seen along the way still reads as it did then.
    for (const [span, json] of snapshots) expect(JSON.stringify(span)).toBe(json);
    // Going on from an older state would mix two histories in the shared index: refused loudly.
    const stale = reduceTrace(createTrace(), events[0]);
    reduceTrace(stale, events[1]);
    expect(() => reduceTrace(stale, events[1])).toThrow(/superseded trace state/);
    const whole = buildTrace(events);
    expect([...state.spans.values()]).toEqual([...whole.spans.values()]);
  });

  it("reports a malformed stream instead of throwing", async () => {
    const test = createTestPorts();
    const { events } = await runToEnd(
      defineGraph({ root: "main", agents: { main: { model: [scripted([say("hi")])] } } }),
      test,
      "go",
    );
    const agentEnd = events.find((e) => e.type === "AGENT_END")!;
    const broken: RuntimeEvent[] = [...events.filter((e) => e.type !== "MODEL_CALL_END"), { ...agentEnd, seq: 99 }];
    const problems = verifyTrace(buildTrace(broken));
    expect(problems).toContain("event 99 (AGENT_END): span s2 was already closed");
    expect(problems).toContain("event 99 (AGENT_END) arrived after RUN_END");
    expect(problems.some((p) => /MODEL_CALL span s3 .* was never closed/.test(p))).toBe(true);
  });
});
