import { describe, expect, it } from "vitest";
import type { RuntimeEvent } from "../events";
import { eventsOfType } from "../testing/assert-event-invariants";
import { call, defineGraph, say, scripted } from "../testing/define-graph";
import { functionModel, textResponse } from "../testing/recording-model";
import { runToEnd } from "../testing/run-to-end";
import { createTestPorts } from "../testing/test-ports";

describe("robustness", () => {
  it("ends cleanly when a model client ignores the abort signal and never answers", async () => {
    const test = createTestPorts({ model: () => functionModel(() => new Promise(() => {})) });
    const definition = defineGraph({ root: "main", agents: { main: { model: [scripted([])] } } });
    const { result, events } = await runToEnd(definition, test, "go", {
      onStart: (run) => void test.time.sleep(10).then(() => run.cancel()),
    });
    expect(result.status).toBe("cancelled");
    expect(eventsOfType(events, "MODEL_CALL_END")[0].error?.kind).toBe("aborted");
  });

  it("times a model attempt out on the injected clock and falls back", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          model: [
            scripted([say("slow", { latencyMs: 10_000 })], { model: "primary", timeoutMillis: 500 }),
            scripted([say("backup answer")], { model: "backup" }),
          ],
        },
      },
    });
    const { result, events } = await runToEnd(definition, test, "go");
    expect(result.output).toBe("backup answer");
    expect(test.time.elapsed()).toBe(500);
    expect(eventsOfType(events, "MODEL_CALL_END")[0]).toMatchObject({
      model: "primary",
      willFallback: true,
      error: { kind: "timeout" },
    });
  });

  it("turns an unexpected exception from a client into a failed agent, not a crash", async () => {
    const test = createTestPorts({
      model: () =>
        functionModel((request) => {
          if (request.context.agentId === "w") throw new TypeError("adapter bug");
          return request.messages.some((m) => m.role === "tool")
            ? textResponse("parent survived")
            : {
                text: "",
                toolCalls: [{ id: "c1", name: "subagent_w", arguments: '{"task":"x"}' }],
                usage: { inputTokens: 1, outputTokens: 1, cachedInputTokens: 0 },
                finishReason: "tool_calls",
              };
        }),
    });
    const definition = defineGraph({
      root: "main",
      agents: { main: { handoffs: [{ to: "w" }], model: [scripted([])] }, w: { model: [scripted([])] } },
    });
    const { result, events } = await runToEnd(definition, test, "go");
    expect(result.output).toBe("parent survived");
    expect(eventsOfType(events, "HANDOFF_END")[0]).toMatchObject({
      status: "failed",
      error: expect.stringContaining("adapter bug"),
    });
  });

  it("feeds every sink the same ordered stream as run.events", async () => {
    const seen: RuntimeEvent[] = [];
    const test = createTestPorts();
    test.ports.sinks = [(event) => seen.push(event)];
    const definition = defineGraph({
      root: "main",
      agents: {
        main: { tools: ["calculator"], model: [scripted([call(["calculator", { expression: "1" }]), say("ok")])] },
      },
    });
    const { events } = await runToEnd(definition, test, "go");
    expect(seen).toEqual(events);
  });

  it("runs independent runs side by side in one process", async () => {
    const definition = defineGraph({
      root: "main",
      agents: { main: { model: [scripted([], { whenExhausted: say("echo {{input}}", { latencyMs: 5 }) })] } },
    });
    const results = await Promise.all(
      ["a", "b", "c"].map(async (input) => (await runToEnd(definition, createTestPorts(), input)).result.output),
    );
    expect(results).toEqual(["echo a", "echo b", "echo c"]);
  });
});
