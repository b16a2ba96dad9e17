import type pg from "pg";
import { describe, expect, it } from "vitest";

import type { RuntimeEvent } from "@/core/runtime/events";
import { runToEnd } from "@/core/runtime/testing/run-to-end";
import { createTestPorts } from "@/core/runtime/testing/test-ports";
import { call, defineGraph, say, scripted } from "@/core/runtime/testing/define-graph";
import { createRunEventWriter } from "./run-event-writer";

/** A pool whose writes take a few milliseconds; records what each one carried and which ran at once. */
function fakePool() {
  const writes: { events: RuntimeEvent[]; notified: string[] }[] = [];
  let running = 0;
  let maxRunning = 0;
  const overlaps: string[] = [];
  const inFlightRuns = new Set<string>();
  const pool = {
    async query(config: { values: unknown[] }) {
      const events = JSON.parse(config.values[0] as string) as RuntimeEvent[];
      const runs = new Set(events.map((event) => event.runId));
      for (const run of runs) if (inFlightRuns.has(run)) overlaps.push(run);
      for (const run of runs) inFlightRuns.add(run);
      running++;
      maxRunning = Math.max(maxRunning, running);
      await new Promise((resolve) => setTimeout(resolve, 3));
      running--;
      for (const run of runs) inFlightRuns.delete(run);
      writes.push({ events, notified: config.values[5] as string[] });
      return { rows: [] };
    },
  };
  return { pool: pool as unknown as pg.Pool, writes, overlaps, maxRunning: () => maxRunning };
}

const definition = defineGraph({
  root: "main",
  agents: {
    main: { handoffs: [{ to: "child" }], model: [scripted([call(["subagent_child", { task: "x" }]), say("done")])] },
    child: { model: [scripted([say("a long answer with many words to stream as deltas")])] },
  },
});

describe("createRunEventWriter (batching, without a database)", () => {
  it("batches across runs, never holds two writes of one run at once, keeps each run's order, and announces the last seq", async () => {
    const fake = fakePool();
    const writer = createRunEventWriter(fake.pool, { maxBatchEvents: 25, flushIntervalMs: 1 });
    const streams = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const test = createTestPorts();
        const runId = `run-${i}`;
        test.ports.ids = { newId: (kind) => (kind === "run" ? runId : `${kind}-${i}-${Math.random()}`) };
        test.ports.sinks = [writer.sinkFor(runId)];
        return (await runToEnd(definition, test, "go")).events;
      }),
    );
    await writer.close();

    expect(fake.overlaps).toEqual([]);
    expect(fake.maxRunning()).toBeLessThanOrEqual(2);
    for (const write of fake.writes) expect(write.events.length).toBeLessThanOrEqual(25);
    for (const stream of streams) {
      const runId = stream[0].runId;
      const stored = fake.writes.flatMap((write) => write.events.filter((event) => event.runId === runId));
      expect(stored.map((event) => event.seq)).toEqual(stream.map((event) => event.seq));
      const notified = fake.writes.flatMap((write) => write.notified.filter((n) => n.startsWith(`${runId}:`)));
      expect(notified.at(-1)).toBe(`${runId}:${stream.length - 1}`);
    }
    expect(fake.writes.some((write) => new Set(write.events.map((event) => event.runId)).size > 1)).toBe(true);
  });

  it("never writes inside the sink call", () => {
    const fake = fakePool();
    let calls = 0;
    const pool = { query: (config: { values: unknown[] }) => (calls++, fake.pool.query(config as never)) };
    const writer = createRunEventWriter(pool as unknown as pg.Pool, { maxBatchEvents: 1 });
    const sink = writer.sinkFor("run-x");
    sink({ type: "RUN_START", runId: "run-x", seq: 0 } as RuntimeEvent);
    sink({ type: "TEXT_DELTA", runId: "run-x", seq: 1 } as RuntimeEvent);
    expect(calls).toBe(0);
    return writer.close();
  });
});
