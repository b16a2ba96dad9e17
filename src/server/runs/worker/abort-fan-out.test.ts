import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { AbortFanOut } from "./abort-fan-out";

describe("AbortFanOut", () => {
  it("adds one listener to a signal however many subscribe, and calls each subscriber still there once", () => {
    const fanOut = new AbortFanOut();
    const controller = new AbortController();
    const calls: number[] = [];
    const unsubscribes = Array.from({ length: 50 }, (_, i) => fanOut.subscribe(controller.signal, () => calls.push(i)));
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
    for (const unsubscribe of unsubscribes.slice(0, 10)) unsubscribe();
    controller.abort();
    controller.abort();
    expect(calls).toEqual(Array.from({ length: 40 }, (_, i) => i + 10));
  });

  it("calls at once for a signal already aborted, without a listener", () => {
    const fanOut = new AbortFanOut();
    const signal = AbortSignal.abort();
    let called = 0;
    fanOut.subscribe(signal, () => called++);
    expect(called).toBe(1);
    expect(getEventListeners(signal, "abort")).toHaveLength(0);
  });
});
