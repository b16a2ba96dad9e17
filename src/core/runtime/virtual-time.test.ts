import { describe, expect, it } from "vitest";
import { createVirtualTime } from "./virtual-time";

describe("createVirtualTime", () => {
  it("lets sleeps elapse at once, in the order of their deadlines, advancing the clock", async () => {
    const time = createVirtualTime(1_000);
    const woke: string[] = [];
    const started = Date.now();
    await Promise.all([
      time.sleep(60_000).then(() => woke.push(`slow@${time.clock.now()}`)),
      time.sleep(5_000).then(() => woke.push(`fast@${time.clock.now()}`)),
    ]);
    expect(woke).toEqual(["fast@6000", "slow@61000"]);
    expect(time.elapsed()).toBe(60_000);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("ends a sleep early when its signal aborts, and drops its timer", async () => {
    const time = createVirtualTime(0);
    const controller = new AbortController();
    const sleeping = time.sleep(10_000, controller.signal);
    expect(time.pending()).toBe(1);
    controller.abort("stop");
    await sleeping;
    expect(time.pending()).toBe(0);
    expect(time.clock.now()).toBe(0);
  });
});
