import { describe, expect, it } from "vitest";
import { EventBus } from "./event-bus";
import type { EventDraft, RuntimeEvent } from "./events";

const clock = { now: () => 1000 };
const delta = (text: string): EventDraft => ({
  type: "TEXT_DELTA",
  spanId: "s2",
  parentSpanId: "s1",
  source: null,
  agentId: "main",
  delta: text,
});
const end = (): EventDraft => ({
  type: "RUN_END",
  spanId: "s1",
  parentSpanId: null,
  source: null,
  status: "completed",
  output: "ok",
  error: null,
  usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 },
  costUsd: 0,
  steps: 0,
  durationMillis: 0,
});

async function collect(iterable: AsyncIterable<RuntimeEvent>): Promise<RuntimeEvent[]> {
  const out: RuntimeEvent[] = [];
  for await (const event of iterable) out.push(event);
  return out;
}

describe("EventBus", () => {
  it("stamps run id, gap-free sequence and timestamp", () => {
    const bus = new EventBus("run_1", clock);
    const a = bus.emit(delta("a"));
    const b = bus.emit(delta("b"));
    expect([a.seq, b.seq]).toEqual([0, 1]);
    expect(a).toMatchObject({ runId: "run_1", timestamp: 1000 });
  });

  it("replays from the start for every iterator and ends after RUN_END", async () => {
    const bus = new EventBus("run_1", clock);
    bus.emit(delta("early"));
    const live = collect(bus);
    bus.emit(delta("late"));
    bus.emit(end());
    const late = await collect(bus);
    expect((await live).map((e) => e.seq)).toEqual([0, 1, 2]);
    expect(late.map((e) => e.seq)).toEqual([0, 1, 2]);
  });

  it("never waits for consumers: emit returns at once and readers catch up", async () => {
    const bus = new EventBus("run_1", clock);
    for (let i = 0; i < 10_000; i++) bus.emit(delta(String(i)));
    bus.emit(end());
    expect((await collect(bus)).length).toBe(10_001);
  });

  it("calls sinks synchronously in order; a throwing sink does not break the run", () => {
    const seen: number[] = [];
    const errors: Array<[string, number, number]> = [];
    const bus = new EventBus(
      "run_1",
      clock,
      [
        () => {
          throw new Error("sink down");
        },
        (e) => seen.push(e.seq),
      ],
      (error, event, sinkIndex) => errors.push([(error as Error).message, event.seq, sinkIndex]),
    );
    bus.emit(delta("a"));
    bus.emit(delta("b"));
    expect(seen).toEqual([0, 1]);
    expect(errors).toEqual([
      ["sink down", 0, 0],
      ["sink down", 1, 0],
    ]);
  });

  it("survives an error handler that throws too", () => {
    const seen: number[] = [];
    const bus = new EventBus(
      "run_1",
      clock,
      [
        () => {
          throw new Error("sink down");
        },
        (e) => seen.push(e.seq),
      ],
      () => {
        throw new Error("reporter down");
      },
    );
    expect(() => bus.emit(delta("a"))).not.toThrow();
    expect(seen).toEqual([0]);
  });

  it("refuses events after RUN_END", () => {
    const bus = new EventBus("run_1", clock);
    bus.emit(end());
    expect(() => bus.emit(delta("x"))).toThrow("event emitted after RUN_END");
  });

  it("lets a consumer stop early (break) without affecting others", async () => {
    const bus = new EventBus("run_1", clock);
    bus.emit(delta("a"));
    bus.emit(delta("b"));
    const first: RuntimeEvent[] = [];
    for await (const event of bus) {
      first.push(event);
      break;
    }
    bus.emit(end());
    expect(first).toHaveLength(1);
    expect(await collect(bus)).toHaveLength(3);
  });

  it("hands batches: everything emitted since the previous step, in order, replayed from the first", async () => {
    const bus = new EventBus("run_1", clock);
    bus.emit(delta("a"));
    bus.emit(delta("b"));
    const batches: string[][] = [];
    const reading = (async () => {
      for await (const batch of bus.batches())
        batches.push(batch.map((event) => (event.type === "TEXT_DELTA" ? event.delta : event.type)));
    })();
    await Promise.resolve();
    bus.emit(delta("c"));
    bus.emit(delta("d"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    bus.emit(end());
    await reading;
    expect(batches).toEqual([["a", "b"], ["c", "d"], ["RUN_END"]]);
    // A late reader gets the whole log at once.
    const late: number[] = [];
    for await (const batch of bus.batches()) late.push(batch.length);
    expect(late).toEqual([5]);
  });

  it("a reader waiting for the next event is woken by it, and by the end", async () => {
    const bus = new EventBus("run_1", clock);
    const iterator = bus[Symbol.asyncIterator]();
    const pending = iterator.next();
    bus.emit(delta("x"));
    expect(await pending).toMatchObject({ done: false, value: { delta: "x" } });
    const last = iterator.next();
    bus.emit(end());
    expect(await last).toMatchObject({ done: false, value: { type: "RUN_END" } });
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });
});
