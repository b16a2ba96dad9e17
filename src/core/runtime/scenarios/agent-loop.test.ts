import { describe, expect, it } from "vitest";
import { eventsOfType } from "../testing/assert-event-invariants";
import { call, defineGraph, say, scripted } from "../testing/define-graph";
import { runToEnd } from "../testing/run-to-end";
import { createTestPorts } from "../testing/test-ports";
import { rebuildPrompt } from "../../trace/rebuild-prompt";

describe("agent loop", () => {
  it("calls the model, runs tools, repeats until a final answer", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          tools: ["calculator"],
          model: [scripted([call(["calculator", { expression: "6 * 7" }]), say("The answer is {{lastToolResult}}.")])],
        },
      },
    });
    const { events, result } = await runToEnd(definition, test, "what is 6 times 7?");
    expect(result.status).toBe("completed");
    expect(result.output).toBe("The answer is 42.");
    expect(result.steps).toBe(2);
    const toolEnd = eventsOfType(events, "TOOL_CALL_END")[0];
    expect(toolEnd).toMatchObject({ tool: "calculator", output: "42", isError: false, source: null });
    const starts = eventsOfType(events, "MODEL_CALL_START");
    expect(starts[0].tools).toEqual(["calculator"]);
    // The first call carries the whole prompt; later ones only what was added since (linear traces).
    expect(starts[0].messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(starts[0]).toMatchObject({ previousMessageCount: 0, basedOnSpanId: null });
    expect(starts[1].messages.map((m) => m.role)).toEqual(["assistant", "tool"]);
    expect(starts[1]).toMatchObject({ previousMessageCount: 2, basedOnSpanId: starts[0].spanId });
    // …and the full prompt rebuilt from the trace is exactly what the model was given.
    const bySpan = new Map(starts.map((start) => [start.spanId, start]));
    expect(rebuildPrompt(starts[1].spanId, (id) => bySpan.get(id))).toEqual(test.requests[1].messages);
    expect(events.map((e) => e.type)).toEqual([
      "RUN_START",
      "AGENT_START",
      "MODEL_CALL_START",
      "MODEL_CALL_END",
      "TOOL_CALL_START",
      "TOOL_CALL_END",
      "MODEL_CALL_START",
      ...Array(eventsOfType(events, "TEXT_DELTA").length).fill("TEXT_DELTA"),
      "MODEL_CALL_END",
      "AGENT_END",
      "RUN_END",
    ]);
  });

  it("fails the run when the agent uses all maxSteps without answering", async () => {
    const test = createTestPorts();
    const loop = call(["current_time"]);
    const definition = defineGraph({
      root: "main",
      agents: { main: { tools: ["current_time"], maxSteps: 3, model: [scripted([loop, loop, loop, loop])] } },
    });
    const { result, events } = await runToEnd(definition, test, "go");
    expect(result.status).toBe("failed");
    expect(result.error).toBe("agent main reached maxSteps (3) without a final answer");
    expect(eventsOfType(events, "AGENT_END")[0].status).toBe("max_steps");
    expect(eventsOfType(events, "MODEL_CALL_START")).toHaveLength(3);
  });

  it("runs the tool calls of one turn concurrently (fork-join) when parallelToolCalls is on", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          handoffs: [{ to: "a" }, { to: "b" }],
          model: [scripted([call(["subagent_a", { task: "x" }], ["subagent_b", { task: "y" }]), say("done")])],
        },
        a: { model: [scripted([say("A")], { latencyMs: 100 })] },
        b: { model: [scripted([say("B")], { latencyMs: 100 })] },
      },
    });
    const { events } = await runToEnd(definition, test, "go");
    expect(test.time.elapsed()).toBe(100);
    const types = events
      .filter((e) => e.type === "AGENT_START" || e.type === "AGENT_END")
      .map((e) => `${e.type}:${e.source}`);
    expect(types).toEqual([
      "AGENT_START:null",
      "AGENT_START:main/a",
      "AGENT_START:main/b",
      "AGENT_END:main/a",
      "AGENT_END:main/b",
      "AGENT_END:null",
    ]);
  });

  it("runs them one by one when parallelToolCalls is off", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      parallelToolCalls: false,
      agents: {
        main: {
          handoffs: [{ to: "a" }, { to: "b" }],
          model: [scripted([call(["subagent_a", { task: "x" }], ["subagent_b", { task: "y" }]), say("done")])],
        },
        a: { model: [scripted([say("A")], { latencyMs: 100 })] },
        b: { model: [scripted([say("B")], { latencyMs: 100 })] },
      },
    });
    await runToEnd(definition, test, "go");
    expect(test.time.elapsed()).toBe(200);
  });
});
