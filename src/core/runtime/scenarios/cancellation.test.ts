import { describe, expect, it } from "vitest";
import { eventsOfType } from "../testing/assert-event-invariants";
import { call, defineGraph, say, scripted } from "../testing/define-graph";
import { runToEnd } from "../testing/run-to-end";
import { createTestPorts } from "../testing/test-ports";

/** main -> (sync) worker and (background) orch -> (background) leaf, all slow. */
const tree = () =>
  defineGraph({
    root: "main",
    maxSpawnDepth: 2,
    agents: {
      main: {
        policy: { maxDepth: 2 },
        handoffs: [{ to: "orch", execution: { mode: "background" } }, { to: "worker" }],
        model: [
          scripted(
            [call(["subagent_orch", { task: "o" }]), call(["subagent_worker", { task: "w" }]), say("main done")],
            { whenExhausted: say("main woke") },
          ),
        ],
      },
      orch: {
        policy: { maxDepth: 2 },
        handoffs: [{ to: "leaf", execution: { mode: "background" } }],
        model: [
          scripted([call(["subagent_leaf", { task: "l" }]), say("orch done")], { whenExhausted: say("orch woke") }),
        ],
      },
      worker: { model: [scripted([say("worker done", { latencyMs: 1000 })])] },
      leaf: { model: [scripted([say("leaf done", { latencyMs: 1000 })])] },
    },
  });

describe("cancellation (seed 003 §19.8 cascade)", () => {
  it("run.cancel() ends every agent and task exactly once and the run with RUN_END cancelled", async () => {
    const test = createTestPorts();
    const { events, result } = await runToEnd(tree(), test, "go", {
      onStart: (run) => void test.time.sleep(50).then(() => run.cancel("user pressed stop")),
    });
    expect(result.status).toBe("cancelled");
    expect(result.error).toBe("user pressed stop");
    expect(test.time.elapsed()).toBe(50);
    const ends = eventsOfType(events, "AGENT_END");
    expect(ends).toHaveLength(eventsOfType(events, "AGENT_START").length);
    expect(ends.map((e) => `${e.agentId}:${e.status}`).sort()).toEqual([
      "leaf:cancelled",
      "main:cancelled",
      "orch:cancelled",
      "worker:cancelled",
    ]);
    expect(
      eventsOfType(events, "TASK_CANCELLED")
        .map((e) => e.agentId)
        .sort(),
    ).toEqual(["leaf", "orch"]);
    expect(
      eventsOfType(events, "MODEL_CALL_END")
        .filter((e) => e.error?.kind === "aborted")
        .map((e) => e.agentId)
        .sort(),
    ).toEqual(["leaf", "worker"]);
    expect(events.at(-1)).toMatchObject({ type: "RUN_END", status: "cancelled" });
    expect(test.time.pending()).toBe(0);
  });

  it("options.signal cancels the run like run.cancel()", async () => {
    const test = createTestPorts();
    const controller = new AbortController();
    void test.time.sleep(10).then(() => controller.abort());
    const { result } = await runToEnd(tree(), test, "go", { signal: controller.signal });
    expect(result.status).toBe("cancelled");
  });

  it("cancelTask cascades to the task's descendants and the owner hears CANCELLED", async () => {
    const test = createTestPorts();
    let cancelled: boolean | undefined;
    const { events, result } = await runToEnd(tree(), test, "go", {
      onStart: (run) => void test.time.sleep(50).then(() => (cancelled = run.cancelTask("task_1", "no longer needed"))),
    });
    expect(cancelled).toBe(true);
    expect(eventsOfType(events, "TASK_CANCELLED").map((e) => [e.taskId, e.agentId])).toEqual([
      ["task_2", "leaf"],
      ["task_1", "orch"],
    ]);
    expect(eventsOfType(events, "TASK_CANCELLED")[1].reason).toBe("no longer needed");
    const announce = eventsOfType(events, "ANNOUNCE").find((a) => a.agentId === "main")!;
    expect(announce.text).toContain("task_id=task_1，agent=orch，status=CANCELLED");
    // The rest of the run goes on: the sync worker finishes and the root answers.
    expect(result.status).toBe("completed");
    expect(eventsOfType(events, "HANDOFF_END").find((e) => e.tool === "subagent_worker")!.status).toBe("completed");
  });

  it("task_cancel from the owner cancels the subtree and returns the status (not announced again)", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          handoffs: [{ to: "w", execution: { mode: "background" } }],
          model: [
            scripted([
              call(["subagent_w", { task: "x" }]),
              call(["task_cancel", { task_id: "task_1" }]),
              say("cancelled it"),
            ]),
          ],
        },
        w: { model: [scripted([say("never", { latencyMs: 1000 })])] },
      },
    });
    const { events, result } = await runToEnd(definition, test, "go");
    expect(
      JSON.parse(eventsOfType(events, "TOOL_CALL_END").find((e) => e.tool === "task_cancel")!.output),
    ).toMatchObject({
      task_id: "task_1",
      status: "CANCELLED",
    });
    expect(eventsOfType(events, "ANNOUNCE")).toHaveLength(0);
    expect(result.output).toBe("cancelled it");
    expect(test.time.elapsed()).toBe(0);
  });

  it("cancelTask answers false for unknown or finished tasks", async () => {
    const test = createTestPorts();
    const definition = defineGraph({ root: "main", agents: { main: { model: [scripted([say("hi")])] } } });
    const { run } = await runToEnd(definition, test, "go");
    expect(run.cancelTask("task_9")).toBe(false);
  });
});
