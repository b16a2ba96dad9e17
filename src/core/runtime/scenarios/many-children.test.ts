import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { systemPorts } from "../system-ports";
import { eventsOfType } from "../testing/assert-event-invariants";
import { call, defineGraph, say, scripted } from "../testing/define-graph";
import { runGraph } from "../run-graph";
import type { RuntimeEvent } from "../events";

/** Node prints a `MaxListenersExceededWarning` when one AbortSignal gets more than 10 listeners. */
const CHILDREN = 16;

function manyChildrenGraph(options: { budgets?: boolean; timeouts?: boolean } = {}) {
  const calls = Array.from(
    { length: CHILDREN },
    (_, i) => ["subagent_worker", { task: `part ${i}` }] as [string, Record<string, unknown>],
  );
  const timeoutMillis = options.timeouts ? 60_000 : 0;
  return defineGraph({
    root: "lead",
    maxChildrenPerAgent: CHILDREN,
    budgets: options.budgets ? { maxSteps: 1000, maxTokens: 10_000_000 } : undefined,
    agents: {
      lead: {
        handoffs: [{ to: "worker" }],
        // Every child answers after real latency, so all of them wait at the same time.
        policy: options.timeouts ? { timeoutMillis: 60_000, maxRetries: 1 } : {},
        model: [scripted([call(...calls), say("all done")], { timeoutMillis, retries: options.timeouts ? 1 : 0 })],
      },
      worker: {
        model: [scripted([say("part done")], { latencyMs: 20, timeoutMillis, retries: options.timeouts ? 1 : 0 })],
      },
    },
  });
}

describe(`${CHILDREN} children running at once`, () => {
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  beforeEach(() => {
    warnings.length = 0;
    process.on("warning", onWarning);
  });
  afterEach(() => {
    process.off("warning", onWarning);
  });

  for (const variant of [{}, { budgets: true }, { timeouts: true }, { budgets: true, timeouts: true }]) {
    it(`complete without a MaxListenersExceededWarning (${JSON.stringify(variant)})`, async () => {
      const run = runGraph(manyChildrenGraph(variant), { input: "split the work", ports: systemPorts() });
      const events: RuntimeEvent[] = [];
      for await (const event of run.events) events.push(event);
      const result = await run.result;
      // process.emitWarning delivers on a later tick.
      await new Promise((resolve) => setTimeout(resolve, 10));

      expect(result.status).toBe("completed");
      expect(result.output).toBe("all done");
      const ends = eventsOfType(events, "HANDOFF_END");
      expect(ends).toHaveLength(CHILDREN);
      expect(ends.every((end) => end.status === "completed")).toBe(true);
      expect(warnings.map((w) => `${w.name}: ${w.message}`)).toEqual([]);
    });
  }

  it("cancel still stops every waiting child at once", async () => {
    const graph = manyChildrenGraph();
    const run = runGraph(graph, { input: "split the work", ports: systemPorts() });
    const events: RuntimeEvent[] = [];
    for await (const event of run.events) {
      events.push(event);
      if (
        event.type === "MODEL_CALL_START" &&
        event.agentId === "worker" &&
        events.filter((e) => e.type === "MODEL_CALL_START").length === CHILDREN + 1
      )
        run.cancel("stop");
    }
    const result = await run.result;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(result.status).toBe("cancelled");
    const childEnds = eventsOfType(events, "AGENT_END").filter((e) => e.agentId === "worker");
    expect(childEnds).toHaveLength(CHILDREN);
    expect(childEnds.every((end) => end.status === "cancelled")).toBe(true);
    expect(warnings.map((w) => `${w.name}: ${w.message}`)).toEqual([]);
  });
});
