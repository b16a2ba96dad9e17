import { describe, expect, it } from "vitest";
import { eventsOfType } from "../testing/assert-event-invariants";
import { call, defineGraph, say, scripted } from "../testing/define-graph";
import { runToEnd } from "../testing/run-to-end";
import { createTestPorts } from "../testing/test-ports";

describe("depth, roles and limits (seed 003 §19.4–19.5)", () => {
  it("tracks depth per branch: children that fan out in parallel still see depth 2", async () => {
    const test = createTestPorts();
    const leafTurns = (name: string) => scripted([say(`${name} done`, { latencyMs: 10 })]);
    const orchestrator = (label: string) => ({
      policy: { maxDepth: 2 },
      handoffs: [{ to: "x" }, { to: "y" }],
      model: [
        scripted(
          [
            call(["subagent_x", { task: `${label}-x` }], ["subagent_y", { task: `${label}-y` }]),
            say(`${label} merged`),
          ],
          { latencyMs: 5 },
        ),
      ],
    });
    const definition = defineGraph({
      root: "main",
      maxSpawnDepth: 2,
      agents: {
        main: {
          policy: { maxDepth: 2 },
          handoffs: [{ to: "o1" }, { to: "o2" }],
          model: [scripted([call(["subagent_o1", { task: "a" }], ["subagent_o2", { task: "b" }]), say("all merged")])],
        },
        o1: orchestrator("o1"),
        o2: orchestrator("o2"),
        x: { model: [leafTurns("x")] },
        y: { model: [leafTurns("y")] },
      },
    });
    const { events, result } = await runToEnd(definition, test, "go");
    expect(result.status).toBe("completed");
    const handoffs = eventsOfType(events, "HANDOFF_END");
    expect(handoffs).toHaveLength(6);
    expect(handoffs.every((h) => h.status === "completed")).toBe(true);
    const depthBySource = eventsOfType(events, "AGENT_START").map((e) => [e.source, e.depth, e.role]);
    expect(depthBySource).toEqual(
      expect.arrayContaining([
        [null, 0, "main"],
        ["main/o1", 1, "orchestrator"],
        ["main/o2", 1, "orchestrator"],
        ["main/o1/x", 2, "leaf"],
        ["main/o1/y", 2, "leaf"],
        ["main/o2/x", 2, "leaf"],
        ["main/o2/y", 2, "leaf"],
      ]),
    );
    expect(eventsOfType(events, "HANDOFF_START").filter((h) => h.depth === 2)).toHaveLength(4);
    // The four leaves really overlapped in time.
    expect(test.time.elapsed()).toBeLessThan(60);
  });

  it("gives leaf agents no handoff or task tools, and refuses calls to them", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      maxSpawnDepth: 1,
      agents: {
        main: { handoffs: [{ to: "mid" }], model: [scripted([call(["subagent_mid", { task: "x" }]), say("ok")])] },
        mid: {
          tools: ["calculator"],
          handoffs: [{ to: "deep" }],
          model: [scripted([call(["subagent_deep", { task: "y" }]), say("mid done")])],
        },
        deep: { model: [scripted([say("never")])] },
      },
    });
    const { events } = await runToEnd(definition, test, "go");
    expect(test.requestsOf("main")[0].tools).toEqual([
      "subagent_mid",
      "task_output",
      "wait_async_results",
      "task_cancel",
      "task_list",
    ]);
    expect(test.requestsOf("mid")[0].tools).toEqual(["calculator"]);
    expect(test.requestsOf("deep")).toHaveLength(0);
    const refused = eventsOfType(events, "TOOL_CALL_END").find((e) => e.tool === "subagent_deep")!;
    expect(refused).toMatchObject({
      output: "tool subagent_deep is not allowed for agent mid",
      isError: true,
      source: "main/mid",
    });
  });

  it("denies beyond the policy's maxDepth with the seed's message (stricter than maxSpawnDepth)", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      maxSpawnDepth: 3,
      agents: {
        main: {
          policy: { maxDepth: 3 },
          handoffs: [{ to: "mid" }],
          model: [scripted([call(["subagent_mid", { task: "x" }]), say("ok")])],
        },
        mid: {
          policy: { maxDepth: 1 },
          handoffs: [{ to: "deep" }],
          model: [scripted([call(["subagent_deep", { task: "y" }]), say("mid done")])],
        },
        deep: { model: [scripted([say("never")])] },
      },
    });
    const { events } = await runToEnd(definition, test, "go");
    const denied = eventsOfType(events, "HANDOFF_END").find((e) => e.tool === "subagent_deep")!;
    expect(denied).toMatchObject({ status: "denied", depth: 2, error: "handoff depth 2 exceeds maxDepth 1" });
  });

  it("a general-purpose clone one level down is a leaf, so self-delegation cannot recurse", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          handoffs: [{ to: "main", toolName: "general_purpose" }],
          model: [
            scripted([call(["general_purpose", { task: "sub-problem" }]), say("top done")], {
              whenExhausted: say("clone answer"),
            }),
          ],
        },
      },
    });
    const { events } = await runToEnd(definition, test, "go");
    const clone = eventsOfType(events, "AGENT_START")[1];
    expect(clone).toMatchObject({ agentId: "main", source: "main/main", depth: 1, role: "leaf" });
    expect(test.requests[1].tools).toEqual([]);
  });

  it("forbids a handoff over maxChildrenPerAgent active children, with the count", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      maxChildrenPerAgent: 2,
      agents: {
        main: {
          handoffs: [{ to: "w" }],
          model: [
            scripted([
              call(["subagent_w", { task: "1" }], ["subagent_w", { task: "2" }], ["subagent_w", { task: "3" }]),
              say("ok"),
            ]),
          ],
        },
        w: { model: [scripted([], { whenExhausted: say("done", { latencyMs: 10 }) })] },
      },
    });
    const { events } = await runToEnd(definition, test, "go");
    const statuses = eventsOfType(events, "HANDOFF_END")
      .map((e) => e.status)
      .sort();
    expect(statuses).toEqual(["completed", "completed", "forbidden"]);
    expect(eventsOfType(events, "HANDOFF_END").find((e) => e.status === "forbidden")!.error).toBe(
      "max active children reached for this session (2/2)",
    );
  });

  it("counts running background tasks as active children", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      maxChildrenPerAgent: 1,
      agents: {
        main: {
          handoffs: [{ to: "bg", execution: { mode: "background" } }, { to: "w" }],
          model: [
            scripted([call(["subagent_bg", { task: "long" }]), call(["subagent_w", { task: "quick" }]), say("ok")], {
              whenExhausted: say("done"),
            }),
          ],
        },
        bg: { model: [scripted([say("bg done", { latencyMs: 1000 })])] },
        w: { model: [scripted([say("w done")])] },
      },
    });
    const { events } = await runToEnd(definition, test, "go");
    expect(eventsOfType(events, "HANDOFF_END").map((e) => e.status)).toEqual(["accepted", "forbidden"]);
  });
});
