import { describe, expect, it } from "vitest";
import type { RuntimeEvent } from "../events";
import type { SinkErrorReport } from "../ports";
import { runGraph } from "../run-graph";
import { defineGraph, say, scripted } from "../testing/define-graph";
import { createTestPorts } from "../testing/test-ports";

const graph = defineGraph({ root: "main", agents: { main: { model: [scripted([say("hello there")])] } } });
const failing = (event: RuntimeEvent) => {
  throw new Error(`disk full at ${event.type}`);
};

describe("event sinks that throw", () => {
  it("are reported to onSinkError with the event and the sink; the run and the other sinks go on", async () => {
    const test = createTestPorts();
    const reports: SinkErrorReport[] = [];
    const received: string[] = [];
    const run = runGraph(graph, {
      input: "hi",
      ports: { ...test.ports, sinks: [failing, (e) => received.push(e.type)], onSinkError: (r) => reports.push(r) },
    });
    const result = await run.result;
    expect(result.status).toBe("completed");
    expect(received).toEqual(run.emitted.map((e) => e.type));
    expect(reports.map((r) => [r.sinkIndex, r.event.type, (r.error as Error).message])).toEqual(
      run.emitted.map((e) => [0, e.type, `disk full at ${e.type}`]),
    );
    expect(reports.every((r) => r.runId === run.runId)).toBe(true);
  });

  it("go to the logger port by default: the first failure of each sink, then how many more", async () => {
    const test = createTestPorts();
    const warnings: string[] = [];
    let calls = 0;
    const flaky = () => {
      if (++calls === 3) throw new Error("connection reset");
    };
    const run = runGraph(graph, {
      input: "hi",
      ports: { ...test.ports, sinks: [failing, flaky], logger: { warn: (m) => warnings.push(m) } },
    });
    const result = await run.result;
    expect(result.status).toBe("completed");
    const total = run.emitted.length;
    expect(warnings).toEqual([
      `event sink #0 threw on RUN_START (seq 0) of run ${run.runId}: disk full at RUN_START; the run goes on and the sink keeps receiving events`,
      `event sink #1 threw on ${run.emitted[2].type} (seq 2) of run ${run.runId}: connection reset; the run goes on and the sink keeps receiving events`,
      `event sink #0 threw ${total - 1} more time(s) in run ${run.runId}`,
    ]);
  });
});
