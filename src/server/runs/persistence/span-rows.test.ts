import { describe, expect, it } from "vitest";

import { eventsOfType } from "@/core/runtime/testing/assert-event-invariants";
import { call, defineGraph, fail, say, scripted } from "@/core/runtime/testing/define-graph";
import { runToEnd } from "@/core/runtime/testing/run-to-end";
import { createTestPorts } from "@/core/runtime/testing/test-ports";
import { deriveSpanRows, deriveTaskRows, SpanRowTracker } from "./span-rows";

/** main -> lead (sync) -> writer (sync) and main -> billing (background, a task), with a retried model call. */
const definition = defineGraph({
  root: "main",
  maxSpawnDepth: 2,
  agents: {
    main: {
      handoffs: [{ to: "lead" }, { to: "billing", execution: { mode: "background" } }],
      model: [
        scripted([call(["subagent_lead", { task: "plan" }], ["subagent_billing", { task: "refund" }]), say("done")]),
      ],
    },
    lead: {
      policy: { maxDepth: 2 },
      handoffs: [{ to: "writer" }],
      model: [scripted([call(["subagent_writer", { task: "write" }]), say("planned")])],
    },
    writer: { model: [scripted([fail(503), say("written")], { retries: 1 })] },
    billing: { model: [scripted([say("refunded", { latencyMs: 50 })], { model: "no-such-model" })] },
  },
});

async function events() {
  return (await runToEnd(definition, createTestPorts(), "go")).events;
}

describe("deriveSpanRows", () => {
  it("labels handoff edges and gives every model call the edges of its enclosing handoffs, through tasks", async () => {
    const stream = await events();
    const rows = deriveSpanRows(stream);
    const byId = new Map(rows.map((row) => [row.spanId, row]));
    expect(rows).toHaveLength(new Set(stream.map((event) => event.spanId)).size);

    const handoffs = rows.filter((row) => row.kind === "HANDOFF").map((row) => [row.edge, row.status]);
    expect(handoffs.sort()).toEqual([
      ["lead/subagent_writer->writer", "completed"],
      ["main/subagent_billing->billing", "accepted"],
      ["main/subagent_lead->lead", "completed"],
    ]);

    const calls = rows.filter((row) => row.kind === "MODEL_CALL");
    const pathsOf = (agentId: string) => calls.filter((row) => row.agentId === agentId).map((row) => row.edgePath);
    expect(pathsOf("main")).toEqual([[], []]);
    expect(pathsOf("lead")).toEqual([["main/subagent_lead->lead"], ["main/subagent_lead->lead"]]);
    // The 503 and its retry: two attempts, both below both handoffs.
    expect(pathsOf("writer")).toEqual([
      ["main/subagent_lead->lead", "lead/subagent_writer->writer"],
      ["main/subagent_lead->lead", "lead/subagent_writer->writer"],
    ]);
    expect(pathsOf("billing")).toEqual([["main/subagent_billing->billing"]]);

    const writer = calls.filter((row) => row.agentId === "writer");
    expect(writer.map((row) => [row.status, row.attempts, row.chainIndex, row.costUsd === null])).toEqual([
      ["failed", 1, 0, false],
      ["completed", 2, 0, false],
    ]);
    expect(writer[0].error).toMatch(/simulated provider error/);
    // A model without a price: usage known, cost unknown (null, not 0).
    const billing = calls.find((row) => row.agentId === "billing")!;
    expect(billing.inputTokens).toBeGreaterThan(0);
    expect(billing.costUsd).toBeNull();

    for (const row of rows) {
      if (row.parentSpanId !== null) expect(byId.has(row.parentSpanId)).toBe(true);
      expect(row.status).not.toBe("running");
    }
    const ends = eventsOfType(stream, "MODEL_CALL_END");
    for (const end of ends) {
      expect(byId.get(end.spanId)).toMatchObject({ costUsd: end.costUsd, durationMillis: end.durationMillis });
    }
  });

  it("derives the background task row", async () => {
    const tasks = deriveTaskRows(await events());
    expect(tasks).toEqual([
      expect.objectContaining({ agentId: "billing", ownerAgentId: "main", status: "COMPLETED", output: "refunded" }),
    ]);
    expect(tasks[0].endedAt).not.toBeNull();
  });

  it("gives the same final rows when the events arrive in batches (each changed span re-emitted whole)", async () => {
    const stream = await events();
    const tracker = new SpanRowTracker();
    const latest = new Map<string, unknown>();
    for (let i = 0; i < stream.length; i += 7) {
      for (const row of tracker.add(stream.slice(i, i + 7)).spans) latest.set(row.spanId, row);
    }
    expect(tracker.problems).toEqual([]);
    const whole = deriveSpanRows(stream);
    expect(whole.map((row) => latest.get(row.spanId))).toEqual(whole);
  });

  it("keeps a span open (running, no end) until its END arrives", async () => {
    const stream = await events();
    const firstEnd = stream.findIndex((event) => event.type === "MODEL_CALL_END");
    const rows = deriveSpanRows(stream.slice(0, firstEnd));
    const open = rows.find((row) => row.kind === "MODEL_CALL")!;
    expect(open).toMatchObject({ status: "running", endedAt: null, costUsd: null, inputTokens: null });
  });
});
