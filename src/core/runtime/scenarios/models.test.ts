import { describe, expect, it } from "vitest";
import { eventsOfType } from "../testing/assert-event-invariants";
import { call, defineGraph, fail, say, scripted } from "../testing/define-graph";
import { functionModel, textResponse } from "../testing/recording-model";
import { runToEnd } from "../testing/run-to-end";
import { createTestPorts } from "../testing/test-ports";
import { rebuildPrompt } from "../../trace/rebuild-prompt";

describe("model fallback chain (SPEC §5.7)", () => {
  it("traces every attempt: retries on the primary, then falls back", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          model: [
            scripted([], { model: "gpt-4o", retries: 1, whenExhausted: fail(503, "primary down") }),
            scripted([say("answer from backup")], { model: "claude-sonnet-4-5" }),
          ],
        },
      },
    });
    const { events, result } = await runToEnd(definition, test, "go");
    expect(result.output).toBe("answer from backup");
    const attempts = eventsOfType(events, "MODEL_CALL_END").map((e) => [
      e.model,
      e.chainIndex,
      e.attempt,
      e.error?.status ?? null,
      e.willRetry,
      e.willFallback,
    ]);
    expect(attempts).toEqual([
      ["gpt-4o", 0, 1, 503, true, false],
      ["gpt-4o", 0, 2, 503, false, true],
      ["claude-sonnet-4-5", 1, 1, null, false, false],
    ]);
    expect(eventsOfType(events, "MODEL_CALL_START").map((e) => [e.provider, e.chainIndex, e.attempt])).toEqual([
      ["scripted", 0, 1],
      ["scripted", 0, 2],
      ["scripted", 1, 1],
    ]);
    // Retries and fallbacks of one step add no messages: each is based on the attempt before.
    const starts = eventsOfType(events, "MODEL_CALL_START");
    expect(starts.map((s) => [s.messages.length, s.previousMessageCount, s.basedOnSpanId])).toEqual([
      [2, 0, null],
      [0, 2, starts[0].spanId],
      [0, 2, starts[1].spanId],
    ]);
    const bySpan = new Map(starts.map((start) => [start.spanId, start]));
    expect(rebuildPrompt(starts[2].spanId, (id) => bySpan.get(id))).toEqual(test.requests[2].messages);
    // One logical step, however many attempts.
    expect(result.steps).toBe(1);
  });

  it("an exhausted chain fails the root and the run", async () => {
    const test = createTestPorts();
    const definition = defineGraph({ root: "main", agents: { main: { model: [scripted([fail(500, "down")])] } } });
    const { result } = await runToEnd(definition, test, "go");
    expect(result.status).toBe("failed");
    expect(result.error).toMatch(/^all models failed for agent "main"/);
  });

  it("an exhausted chain fails only the child: the parent gets a failed handoff result", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          handoffs: [{ to: "w" }],
          model: [scripted([call(["subagent_w", { task: "x" }]), say("handled the failure")])],
        },
        w: { model: [scripted([fail(429, "rate limited")])] },
      },
    });
    const { events, result } = await runToEnd(definition, test, "go");
    expect(result).toMatchObject({ status: "completed", output: "handled the failure" });
    expect(eventsOfType(events, "HANDOFF_END")[0]).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/rate_limit 429/),
    });
    expect(eventsOfType(events, "AGENT_END").find((e) => e.agentId === "w")!.status).toBe("failed");
  });

  it("uses the edge's precomputed chain, else the run's default chain, else fails clearly", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          handoffs: [{ to: "a", modelChain: [scripted([say("edge model")], { model: "edge" })] }, { to: "b" }],
          model: [scripted([call(["subagent_a", { task: "x" }], ["subagent_b", { task: "y" }]), say("ok")])],
        },
        a: { model: [scripted([say("own model")], { model: "own" })] },
        b: {},
      },
    });
    await runToEnd(definition, test, "go", {
      defaultModelChain: [scripted([], { model: "env-default", whenExhausted: say("env") })],
    });
    expect(test.requestsOf("a")[0].model).toBe("edge");
    expect(test.requestsOf("b")[0].model).toBe("env-default");

    const bare = createTestPorts();
    const { events } = await runToEnd(definition, bare, "go");
    expect(eventsOfType(events, "HANDOFF_END").find((e) => e.tool === "subagent_b")!.error).toMatch(
      /^no model configured for agent "b"/,
    );
  });

  it("prices calls from the price table and totals them on RUN_END", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          model: [
            scripted([say("hi", { usage: { inputTokens: 1_000_000, outputTokens: 100_000 } })], {
              model: "gpt-4o-mini",
            }),
          ],
        },
      },
    });
    const { events, result } = await runToEnd(definition, test, "go");
    const end = eventsOfType(events, "MODEL_CALL_END")[0];
    expect(end.costUsd).toBeCloseTo(0.15 + 0.06, 10);
    expect(result.costUsd).toBeCloseTo(0.21, 10);
    expect(result.usage).toEqual({ inputTokens: 1_000_000, outputTokens: 100_000, cachedInputTokens: 0 });

    const custom = createTestPorts();
    const { result: priced } = await runToEnd(definition, custom, "go", {
      priceTable: [{ model: "gpt-4o-mini", inputPerMTok: 1, outputPerMTok: 10 }],
    });
    expect(priced.costUsd).toBeCloseTo(2, 10);
  });

  it("reports an unknown price as null, not as free", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: { main: { model: [scripted([say("hi")], { model: "my-local-llama" })] } },
    });
    const { events } = await runToEnd(definition, test, "go");
    expect(eventsOfType(events, "MODEL_CALL_END")[0].costUsd).toBeNull();
  });

  it("records what the model was given, with secrets redacted", async () => {
    const test = createTestPorts({ model: () => functionModel(() => textResponse("ok")) });
    const definition = defineGraph({
      root: "main",
      agents: { main: { tools: ["calculator"], model: [scripted([])] } },
    });
    const { events } = await runToEnd(definition, test, "my key is sk-live-123", { secrets: ["sk-live-123"] });
    const start = eventsOfType(events, "MODEL_CALL_START")[0];
    expect(start.messages.at(-1)).toEqual({ role: "user", content: "my key is [redacted]" });
    expect(start.tools).toEqual(["calculator"]);
    // The model itself still gets the real text.
    expect(test.requests[0].messages.at(-1)!.content).toBe("my key is sk-live-123");
  });

  it("streams text deltas inside the model call span", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: { main: { model: [scripted([say("one two three four")])] } },
    });
    const { events } = await runToEnd(definition, test, "go");
    const deltas = eventsOfType(events, "TEXT_DELTA");
    expect(deltas.map((d) => d.delta).join("")).toBe("one two three four");
    const span = eventsOfType(events, "MODEL_CALL_START")[0].spanId;
    expect(deltas.every((d) => d.spanId === span && d.source === null)).toBe(true);
  });
});
