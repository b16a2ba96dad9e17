import { describe, expect, it } from "vitest";
import type { ToolRunner } from "../ports";
import { eventsOfType } from "../testing/assert-event-invariants";
import { call, defineGraph, say, scripted } from "../testing/define-graph";
import { runToEnd } from "../testing/run-to-end";
import { createTestPorts } from "../testing/test-ports";

const loopTurn = call(["calculator", { expression: "1+1" }]);

describe("run-wide budgets (ours)", () => {
  it("stops the whole tree cleanly when the step budget runs out mid-tree", async () => {
    const test = createTestPorts();
    const worker = {
      tools: ["calculator"],
      model: [scripted([loopTurn, loopTurn, loopTurn, say("done")], { latencyMs: 10 })],
    };
    const definition = defineGraph({
      root: "main",
      budgets: { maxSteps: 6 },
      agents: {
        main: {
          handoffs: [{ to: "a" }, { to: "b" }, { to: "c" }],
          model: [
            scripted([
              {
                ...call(["subagent_a", { task: "1" }], ["subagent_b", { task: "2" }], ["subagent_c", { task: "3" }]),
                text: "Fanning out.",
              },
              say("never"),
            ]),
          ],
        },
        a: worker,
        b: worker,
        c: worker,
      },
    });
    const { events, result } = await runToEnd(definition, test, "go");
    expect(result.status).toBe("budget_exceeded");
    expect(result.output).toBe("Fanning out.");
    expect(result.steps).toBe(6);
    const exceeded = eventsOfType(events, "BUDGET_EXCEEDED");
    expect(exceeded).toHaveLength(1);
    expect(exceeded[0]).toMatchObject({ budget: "steps", limit: 6, used: 6 });
    expect(eventsOfType(events, "MODEL_CALL_START")).toHaveLength(6);
    expect(
      eventsOfType(events, "AGENT_END")
        .map((e) => e.status)
        .sort(),
    ).toEqual(["budget_exceeded", "budget_exceeded", "budget_exceeded", "budget_exceeded"]);
    // No retries, no fallbacks on a budget stop.
    expect(eventsOfType(events, "AGENT_START")).toHaveLength(4);
    expect(eventsOfType(events, "HANDOFF_END").every((e) => e.status === "failed" && e.attempts === 1)).toBe(true);
  });

  it("never stops mid-write: a running tool call finishes, the next model call does not start", async () => {
    const runner: ToolRunner = {
      spec: (name) =>
        name === "save_report" ? { name, description: "slow write", parameters: { type: "object" } } : null,
      run: async (_invocation, context) => {
        await test.time.sleep(100);
        await test.files.write(context.workspaceId, "report.md", "complete report");
        return "saved";
      },
    };
    const test = createTestPorts({ tools: runner });
    const definition = defineGraph({
      root: "main",
      budgets: { maxSteps: 4 },
      externalTools: [{ name: "save_report", kind: "http", catalogId: null, description: "slow write" }],
      agents: {
        main: {
          handoffs: [{ to: "writer" }, { to: "spender" }],
          model: [
            scripted([call(["subagent_writer", { task: "w" }], ["subagent_spender", { task: "s" }]), say("never")]),
          ],
        },
        writer: { tools: ["save_report"], model: [scripted([call(["save_report", {}]), say("written")])] },
        spender: { tools: ["calculator"], model: [scripted([loopTurn, loopTurn, loopTurn], { latencyMs: 20 })] },
      },
    });
    const { events, result } = await runToEnd(definition, test, "go", { conversationId: "c" });
    expect(result.status).toBe("budget_exceeded");
    const save = eventsOfType(events, "TOOL_CALL_END").find((e) => e.tool === "save_report")!;
    expect(save).toMatchObject({ output: "saved", isError: false });
    expect(save.seq).toBeGreaterThan(eventsOfType(events, "BUDGET_EXCEEDED")[0].seq);
    expect(await test.files.read("c:main/writer", "report.md")).toBe("complete report");
  });

  it("reserves tokens before each call (estimated input + maxTokens) across the tree", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      budgets: { maxTokens: 300 },
      agents: {
        main: {
          tools: ["calculator"],
          maxTokens: 100,
          model: [scripted([], { whenExhausted: { ...loopTurn, usage: { inputTokens: 80, outputTokens: 20 } } })],
        },
      },
    });
    const { events, result } = await runToEnd(definition, test, "go");
    expect(result.status).toBe("budget_exceeded");
    // Two calls spent 200; the third would need ~115 more (input estimate + maxTokens 100), so it never starts.
    expect(eventsOfType(events, "MODEL_CALL_START")).toHaveLength(2);
    expect(eventsOfType(events, "BUDGET_EXCEEDED")[0]).toMatchObject({ budget: "tokens", limit: 300, used: 200 });
    expect(result.usage.inputTokens + result.usage.outputTokens).toBe(200);
  });

  it("stops on the cost budget using the price table", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      budgets: { maxCostUsd: 0.5 },
      agents: {
        main: {
          tools: ["calculator"],
          model: [
            scripted([{ ...loopTurn, usage: { inputTokens: 100_000, outputTokens: 0 } }], {
              model: "gpt-4o",
              whenExhausted: { ...loopTurn, usage: { inputTokens: 100_000, outputTokens: 0 } },
            }),
          ],
        },
      },
    });
    const { events, result } = await runToEnd(definition, test, "go");
    expect(result.status).toBe("budget_exceeded");
    expect(eventsOfType(events, "BUDGET_EXCEEDED")[0]).toMatchObject({ budget: "cost", limit: 0.5 });
    expect(result.costUsd).toBeCloseTo(0.5, 6);
  });

  it("enforces wall time with the clock, aborting in-flight model calls", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      budgets: { maxWallSeconds: 1 },
      agents: {
        main: { handoffs: [{ to: "slow" }], model: [scripted([call(["subagent_slow", { task: "x" }]), say("never")])] },
        slow: { model: [scripted([say("late", { latencyMs: 60_000 })])] },
      },
    });
    const { events, result } = await runToEnd(definition, test, "go");
    expect(result.status).toBe("budget_exceeded");
    expect(test.time.elapsed()).toBe(1000);
    expect(eventsOfType(events, "BUDGET_EXCEEDED")[0]).toMatchObject({
      budget: "wall_time",
      agentId: null,
      source: null,
    });
    expect(eventsOfType(events, "MODEL_CALL_END").find((e) => e.agentId === "slow")!.error?.kind).toBe("aborted");
  });
});
