import { describe, expect, it } from "vitest";
import { eventsOfType } from "../testing/assert-event-invariants";
import { call, defineGraph, say, scripted } from "../testing/define-graph";
import { runToEnd } from "../testing/run-to-end";
import { createTestPorts } from "../testing/test-ports";

const lastUserMessage = (messages: { role: string; content: string }[]) =>
  [...messages].reverse().find((m) => m.role === "user")!.content;

describe("background tasks and announce (seed 002, seed 003 §19.6)", () => {
  it("returns accepted at once, wakes the root that answered early with one announce, ends after", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          handoffs: [{ to: "billing", execution: { mode: "background" } }],
          model: [
            scripted([
              call(["subagent_billing", { task: "investigate" }]),
              say("I started an investigation."),
              say("Investigation finished: refund issued."),
            ]),
          ],
        },
        billing: { model: [scripted([say("refund of 39.98 issued", { latencyMs: 500 })])] },
      },
    });
    const { events, result } = await runToEnd(definition, test, "my bill is wrong");
    const accepted = JSON.parse(test.requestsOf("main")[1].messages.at(-1)!.content);
    expect(accepted).toEqual({
      subagent: "billing",
      toolName: "subagent_billing",
      status: "accepted",
      taskId: "task_1",
      childSessionKey: expect.stringMatching(/^agent:billing:subagent:session_\d+$/),
    });
    expect(eventsOfType(events, "HANDOFF_END")[0]).toMatchObject({ status: "accepted", taskId: "task_1" });
    expect(eventsOfType(events, "TASK_ACCEPTED")[0]).toMatchObject({
      taskId: "task_1",
      reason: "background",
      agentId: "billing",
      ownerAgentId: "main",
    });
    expect(eventsOfType(events, "TASK_COMPLETED")[0]).toMatchObject({
      taskId: "task_1",
      output: "refund of 39.98 issued",
    });
    const announces = eventsOfType(events, "ANNOUNCE");
    expect(announces).toHaveLength(1);
    expect(announces[0]).toMatchObject({ agentId: "main", taskIds: ["task_1"], remaining: 0, source: null });
    expect(announces[0].text).toBe(
      "<system-reminder>\n后台任务已交付：\n- task_id=task_1，agent=billing，status=COMPLETED\n  结果摘要：refund of 39.98 issued\n</system-reminder>",
    );
    // The wake-up call sees the reminder as the last message.
    expect(test.requestsOf("main")[2].messages.at(-1)).toEqual({ role: "user", content: announces[0].text });
    expect(result).toMatchObject({ status: "completed", output: "Investigation finished: refund issued." });
    // The root answered at t=0 but the run ended only after the task (t=500).
    expect(events.at(-1)!.timestamp - events[0].timestamp).toBe(500);
    expect(eventsOfType(events, "AGENT_END").filter((e) => e.agentId === "main")).toHaveLength(1);
  });

  it("delivers the announce before the parent's next model call when it is still working", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          tools: ["current_time"],
          handoffs: [{ to: "bg", execution: { mode: "background" } }, { to: "slow" }],
          model: [
            scripted([call(["subagent_bg", { task: "bg" }]), call(["subagent_slow", { task: "slow" }]), say("final")]),
          ],
        },
        bg: { model: [scripted([say("bg result", { latencyMs: 10 })])] },
        slow: { model: [scripted([say("slow result", { latencyMs: 100 })])] },
      },
    });
    const { events } = await runToEnd(definition, test, "go");
    const third = test.requestsOf("main")[2].messages;
    expect(third.at(-1)!.content).toContain("task_id=task_1，agent=bg，status=COMPLETED");
    expect(third.at(-2)).toMatchObject({ role: "tool", toolName: "subagent_slow" });
    expect(eventsOfType(events, "ANNOUNCE")).toHaveLength(1);
    expect(test.requestsOf("main")).toHaveLength(3);
  });

  it("lists at most announceMaxTasks per reminder and never delivers a result twice", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          // Three background tasks finish while a sync call keeps the parent busy.
          handoffs: [{ to: "w", execution: { mode: "background" } }, { to: "slow" }],
          model: [
            scripted(
              [
                call(
                  ["subagent_w", { task: "1" }],
                  ["subagent_w", { task: "2" }],
                  ["subagent_w", { task: "3" }],
                  ["subagent_slow", { task: "s" }],
                ),
                say("started"),
              ],
              { whenExhausted: say("noted") },
            ),
          ],
        },
        w: { model: [scripted([], { whenExhausted: say("done {{input}}", { latencyMs: 10 }) })] },
        slow: { model: [scripted([say("slow", { latencyMs: 100 })])] },
      },
    });
    const { events } = await runToEnd(definition, test, "go", { announceMaxTasks: 2 });
    const announces = eventsOfType(events, "ANNOUNCE");
    expect(announces.map((a) => [a.taskIds.length, a.remaining])).toEqual([
      [2, 1],
      [1, 0],
    ]);
    const all = announces.flatMap((a) => a.taskIds);
    expect(new Set(all).size).toBe(3);
    expect(announces[0].text).toContain("(1 more finished task will be delivered in the next reminder");
  });

  it("sync timeout with promote: timeout_promoted + taskId, the child keeps running and is announced", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          handoffs: [{ to: "slow", execution: { mode: "sync", timeoutSeconds: 1, onTimeout: "promote" } }],
          model: [scripted([call(["subagent_slow", { task: "x" }]), say("waiting"), say("got it")])],
        },
        slow: { model: [scripted([say("slow answer", { latencyMs: 3000 })])] },
      },
    });
    const { events, result } = await runToEnd(definition, test, "go");
    const promoted = JSON.parse(test.requestsOf("main")[1].messages.at(-1)!.content);
    expect(promoted).toMatchObject({ status: "timeout_promoted", taskId: "task_1" });
    expect(eventsOfType(events, "HANDOFF_END")[0]).toMatchObject({ status: "promoted", attempts: 1, taskId: "task_1" });
    expect(eventsOfType(events, "TASK_ACCEPTED")[0].reason).toBe("promoted");
    const childEnd = eventsOfType(events, "AGENT_END").find((e) => e.agentId === "slow")!;
    expect(childEnd).toMatchObject({ status: "completed", output: "slow answer" });
    expect(childEnd.timestamp - events[0].timestamp).toBe(3000);
    expect(lastUserMessage(test.requestsOf("main")[2].messages)).toContain("结果摘要：slow answer");
    expect(result.output).toBe("got it");
  });

  it("sync timeout with fail: status timeout and the child is aborted", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          handoffs: [{ to: "slow", execution: { timeoutSeconds: 1, onTimeout: "fail" } }],
          model: [scripted([call(["subagent_slow", { task: "x" }]), say("moved on")])],
        },
        slow: { model: [scripted([say("slow answer", { latencyMs: 3000 })])] },
      },
    });
    const { events, result } = await runToEnd(definition, test, "go");
    expect(test.time.elapsed()).toBe(1000);
    expect(eventsOfType(events, "HANDOFF_END")[0]).toMatchObject({
      status: "timeout",
      error: "sync handoff timed out after 1s (subagent_slow)",
    });
    expect(JSON.parse(test.requestsOf("main")[1].messages.at(-1)!.content)).toMatchObject({ status: "timeout" });
    expect(eventsOfType(events, "AGENT_END").find((e) => e.agentId === "slow")!.status).toBe("timeout");
    expect(eventsOfType(events, "TASK_ACCEPTED")).toHaveLength(0);
    expect(result.output).toBe("moved on");
  });

  it("lets the model choose via timeout_seconds when the edge allows it", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          handoffs: [{ to: "w", execution: { modelChoosesMode: true } }],
          model: [
            scripted(
              [
                call(
                  ["subagent_w", { task: "bg", timeout_seconds: 0 }],
                  ["subagent_w", { task: "sync", timeout_seconds: 5 }],
                ),
                say("ok"),
              ],
              { whenExhausted: say("ok") },
            ),
          ],
        },
        w: { model: [scripted([], { whenExhausted: say("{{input}} done", { latencyMs: 10 }) })] },
      },
    });
    const { events } = await runToEnd(definition, test, "go");
    const byArgs = eventsOfType(events, "HANDOFF_END").map((e) => e.status);
    expect(byArgs).toEqual(["accepted", "completed"]);
    const spec = test.requestsOf("main")[0];
    expect(spec.tools).toContain("subagent_w");
  });

  it("force sync runs background handoffs synchronously, times out without promoting, and hides task tools", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          handoffs: [
            { to: "fast", execution: { mode: "background" } },
            { to: "slow", execution: { mode: "background" } },
          ],
          model: [scripted([call(["subagent_fast", { task: "a" }], ["subagent_slow", { task: "b" }]), say("done")])],
        },
        fast: { model: [scripted([say("fast answer", { latencyMs: 10 })])] },
        slow: { model: [scripted([say("slow answer", { latencyMs: 5000 })])] },
      },
    });
    const { events } = await runToEnd(definition, test, "go", { forceSync: true, forceSyncTimeoutSeconds: 2 });
    expect(test.requestsOf("main")[0].tools).toEqual(["subagent_fast", "subagent_slow"]);
    expect(Object.fromEntries(eventsOfType(events, "HANDOFF_END").map((e) => [e.tool, e.status]))).toEqual({
      subagent_fast: "completed",
      subagent_slow: "timeout",
    });
    expect(eventsOfType(events, "TASK_ACCEPTED")).toHaveLength(0);
    expect(eventsOfType(events, "RUN_START")[0].forceSync).toBe(true);
    expect(test.time.elapsed()).toBe(2000);
  });

  it("delays a child's announce until its own descendants settle", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      maxSpawnDepth: 2,
      agents: {
        main: {
          policy: { maxDepth: 2 },
          handoffs: [{ to: "orch", execution: { mode: "background" } }],
          model: [scripted([call(["subagent_orch", { task: "research" }]), say("started"), say("final: {{input}}")])],
        },
        orch: {
          policy: { maxDepth: 2 },
          handoffs: [{ to: "leaf", execution: { mode: "background" } }],
          model: [
            scripted([
              call(["subagent_leaf", { task: "dig" }]),
              say("orch answered early"),
              say("orch merged leaf result"),
            ]),
          ],
        },
        leaf: { model: [scripted([say("leaf findings", { latencyMs: 400 })])] },
      },
    });
    const { events, result } = await runToEnd(definition, test, "go");
    const order = events
      .filter((e) => e.type === "TASK_COMPLETED" || e.type === "ANNOUNCE")
      .map((e) => `${e.type}:${e.source ?? "main"}`);
    expect(order).toEqual(["TASK_COMPLETED:main/orch", "ANNOUNCE:main/orch", "TASK_COMPLETED:main", "ANNOUNCE:main"]);
    const orchTask = eventsOfType(events, "TASK_COMPLETED").find((e) => e.agentId === "orch")!;
    expect(orchTask.output).toBe("orch merged leaf result");
    expect(test.requestsOf("orch")[2].messages.at(-1)!.content).toContain(
      "Fold these results into your own answer for your parent agent.",
    );
    expect(result.output).toContain("orch merged leaf result");
  });
});

describe("task tools (seed 002)", () => {
  it("wait_all waits on the snapshot taken at call start; later tasks are announced instead", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          handoffs: [{ to: "w", execution: { mode: "background" } }],
          model: [
            scripted([
              call(["subagent_w", { task: "A" }]),
              call(["wait_async_results", { wait_all: true }], ["subagent_w", { task: "B" }]),
              say("have A"),
              say("have B too"),
            ]),
          ],
        },
        w: {
          model: [
            scripted([], {
              rules: [{ match: "^A$", turn: say("result A", { latencyMs: 100 }) }],
              whenExhausted: say("result B", { latencyMs: 300 }),
            }),
          ],
        },
      },
    });
    const { events, result } = await runToEnd(definition, test, "go");
    const waitEnd = eventsOfType(events, "TOOL_CALL_END").find((e) => e.tool === "wait_async_results")!;
    expect(JSON.parse(waitEnd.output)).toEqual({
      results: [{ task_id: "task_1", agent: "w", status: "COMPLETED", output: "result A" }],
    });
    expect(waitEnd.timestamp - events[0].timestamp).toBe(100);
    const announces = eventsOfType(events, "ANNOUNCE");
    expect(announces.map((a) => a.taskIds)).toEqual([["task_2"]]);
    expect(result.output).toBe("have B too");
  });

  it("task_output (block and non-block), task_list and the inbox-any wait", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          handoffs: [{ to: "w", execution: { mode: "background" } }],
          model: [
            scripted([
              call(["subagent_w", { task: "one" }], ["subagent_w", { task: "two" }]),
              call(["task_output", { task_id: "task_1", block: false }], ["task_list", {}]),
              call(["wait_async_results", {}]),
              call(["task_output", { task_id: "task_2" }]),
              call(["task_output", { task_id: "nope" }]),
              say("done"),
            ]),
          ],
        },
        w: {
          model: [
            scripted([], {
              rules: [{ match: "one", turn: say("first", { latencyMs: 50 }) }],
              whenExhausted: say("second", { latencyMs: 200 }),
            }),
          ],
        },
      },
    });
    const { events } = await runToEnd(definition, test, "go");
    const out = (tool: string, n = 0) =>
      JSON.parse(eventsOfType(events, "TOOL_CALL_END").filter((e) => e.tool === tool)[n].output);
    expect(out("task_output", 0)).toEqual({ task_id: "task_1", agent: "w", status: "RUNNING" });
    expect(out("task_list").tasks.map((t: { task_id: string; status: string }) => [t.task_id, t.status])).toEqual([
      ["task_1", "RUNNING"],
      ["task_2", "RUNNING"],
    ]);
    expect(out("wait_async_results")).toEqual({
      results: [{ task_id: "task_1", agent: "w", status: "COMPLETED", output: "first" }],
    });
    expect(out("task_output", 1)).toEqual({ task_id: "task_2", agent: "w", status: "COMPLETED", output: "second" });
    expect(eventsOfType(events, "TOOL_CALL_END").filter((e) => e.tool === "task_output")[2].output).toMatch(
      /^error: unknown task_id nope/,
    );
    // Both results went out through task tools, so nothing is announced.
    expect(eventsOfType(events, "ANNOUNCE")).toHaveLength(0);
  });

  it("an agent cannot read tasks another session started", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      maxSpawnDepth: 2,
      agents: {
        main: {
          policy: { maxDepth: 2 },
          handoffs: [{ to: "w", execution: { mode: "background" } }, { to: "orch" }],
          model: [
            scripted([call(["subagent_w", { task: "x" }]), call(["subagent_orch", { task: "peek" }]), say("ok")], {
              whenExhausted: say("ok"),
            }),
          ],
        },
        orch: {
          handoffs: [{ to: "w", execution: { mode: "background" } }],
          model: [scripted([call(["task_output", { task_id: "task_1" }]), say("{{lastToolResult}}")])],
        },
        w: { model: [scripted([say("secret", { latencyMs: 50 })])] },
      },
    });
    const { events } = await runToEnd(definition, test, "go");
    expect(eventsOfType(events, "TOOL_CALL_END").find((e) => e.tool === "task_output")!.output).toMatch(
      /^error: unknown task_id task_1/,
    );
  });
});
