import { describe, expect, it } from "vitest";

import { call, defineGraph, fail, say, scripted } from "@/core/runtime/testing/define-graph";
import { runToEnd } from "@/core/runtime/testing/run-to-end";
import { createTestPorts } from "@/core/runtime/testing/test-ports";
import { buildTrace } from "@/core/trace";

import {
  agentNames,
  barOf,
  buildSwimlanes,
  describeHandoff,
  describeModelCall,
  failedHandoffs,
  modelAttemptsOf,
  timeWindow,
  traceCounts,
  treeRows,
} from "./trace-model";

/** main delegates to billing in the background and to critic (which its policy denies); billing falls back. */
function graph() {
  return defineGraph({
    root: "main",
    agents: {
      main: {
        model: [
          scripted([
            call(["subagent_billing", { task: "investigate the bill" }], ["subagent_critic", { task: "criticise" }]),
            say("waiting"),
            say("done"),
          ]),
        ],
        policy: { deniedTools: ["subagent_critic"] },
        handoffs: [{ to: "billing", execution: { mode: "background" } }, { to: "critic" }],
      },
      billing: {
        model: [
          scripted([], { model: "gpt-4o", retries: 1, whenExhausted: fail(503, "down") }),
          scripted([say("refund issued", { latencyMs: 200 })], { model: "my-local-llama" }),
        ],
      },
      critic: { model: [scripted([say("no")])] },
    },
  });
}

async function trace() {
  const { events } = await runToEnd(graph(), createTestPorts(), "my bill is wrong");
  return buildTrace(events);
}

describe("trace view model", () => {
  it("counts agents, calls and handoffs, and finds the denied handoff with the policy's reason", async () => {
    const t = await trace();
    const counts = traceCounts(t);
    expect(counts.agents).toBe(2); // main and billing; critic never ran
    expect(counts.handoffs).toBe(2);
    expect(counts.failedHandoffs).toBe(1);
    expect(counts.tasks).toBe(1);

    const [denied] = failedHandoffs(t);
    expect(denied.status).toBe("denied");
    const sentence = describeHandoff(denied, agentNames(t));
    expect(sentence).toContain("handoff policy refused");
    expect(sentence).toContain("tool is in deniedTools");
    expect(sentence).toContain("never ran");
  });

  it("lists the retries and fallback hops of an agent in words", async () => {
    const t = await trace();
    const billing = [...t.spans.values()].find((s) => s.kind === "AGENT" && s.agentId === "billing")!;
    const attempts = modelAttemptsOf(t, billing);
    expect(attempts.map((a) => [a.start.model, a.start.attempt, a.start.chainIndex])).toEqual([
      ["gpt-4o", 1, 0],
      ["gpt-4o", 2, 0],
      ["my-local-llama", 1, 1],
    ]);
    expect(describeModelCall(attempts[0])).toMatch(/failed .*503.*retried/);
    expect(describeModelCall(attempts[1])).toMatch(/fell back to the next model/);
    expect(describeModelCall(attempts[2])).toContain("fallback model #2");
  });

  it("draws one lane per agent, an arrow per handoff and per announce, with the child's received task", async () => {
    const t = await trace();
    const { lanes, arrows } = buildSwimlanes(t);
    expect(lanes.map((l) => [l.path, l.neverRan])).toEqual([
      ["main", false],
      ["main/billing", false],
      ["main/critic", true],
    ]);
    const handoffs = arrows.filter((a) => a.kind === "handoff");
    expect(handoffs).toHaveLength(2);
    const toBilling = handoffs.find((a) => a.toPath === "main/billing")!;
    expect(toBilling.receivedTask).toBe("investigate the bill");
    expect(handoffs.find((a) => a.toPath === "main/critic")).toMatchObject({ failed: true, receivedTask: null });
    const announces = arrows.filter((a) => a.kind === "announce");
    expect(announces).toHaveLength(1);
    expect(announces[0]).toMatchObject({ fromPath: "main/billing", toPath: "main" });
    expect(announces[0].toTime).toBeGreaterThanOrEqual(announces[0].fromTime);
  });

  it("flattens the tree, hides collapsed children and marks the path to a problem", async () => {
    const t = await trace();
    const rows = treeRows(t, new Set());
    expect(rows[0].span.kind).toBe("RUN");
    expect(rows[0].problemBelow).toBe(true);
    expect(rows).toHaveLength(t.spans.size);
    const agent = rows.find((r) => r.span.kind === "AGENT")!;
    expect(treeRows(t, new Set([agent.span.id]))).toHaveLength(2);

    const window = timeWindow(t);
    for (const row of rows) {
      const bar = barOf(row.span, window);
      expect(bar.left).toBeGreaterThanOrEqual(0);
      expect(bar.left + bar.width).toBeLessThanOrEqual(1 + 1e-9);
    }
  });

  it("while a run streams, the window reaches now and a running span grows with it; a finished run ignores now", async () => {
    const { events } = await runToEnd(graph(), createTestPorts(), "my bill is wrong");
    const half = buildTrace(events.slice(0, Math.floor(events.length / 2)));
    expect(half.finished).toBe(false);
    const last = timeWindow(half).end;
    const later = timeWindow(half, last + 10_000);
    expect(later.end).toBe(last + 10_000);
    // A clock behind the server's never shrinks the window.
    expect(timeWindow(half, last - 10_000).end).toBe(last);
    const root = [...half.spans.values()].find((span) => span.kind === "RUN")!;
    expect(barOf(root, later)).toMatchObject({ left: 0, width: 1 });

    const done = buildTrace(events);
    expect(timeWindow(done, Date.now() + 60_000)).toEqual(timeWindow(done));
  });
});
