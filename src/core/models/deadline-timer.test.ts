import { afterEach, describe, expect, it, vi } from "vitest";
import { createDeadlineTimer } from "./deadline-timer";

afterEach(() => {
  // Spies first: a spy set on a fake setTimeout would otherwise restore the fake.
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("createDeadlineTimer", () => {
  it("fires each deadline at its own time, in order, and never a cancelled one", () => {
    vi.useFakeTimers();
    const timer = createDeadlineTimer(() => Date.now());
    const fired: string[] = [];
    timer(100, () => fired.push("a"));
    vi.advanceTimersByTime(30);
    const cancelB = timer(100, () => fired.push("b"));
    vi.advanceTimersByTime(30);
    timer(100, () => fired.push("c"));
    timer(50, () => fired.push("short"));
    cancelB();
    vi.advanceTimersByTime(39);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1); // t = 100
    expect(fired).toEqual(["a"]);
    vi.advanceTimersByTime(10); // t = 110: the 50 ms deadline set at 60
    expect(fired).toEqual(["a", "short"]);
    vi.advanceTimersByTime(49); // t = 159: c is due at 160
    expect(fired).toEqual(["a", "short"]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(["a", "short", "c"]);
    cancelB(); // idempotent
    expect(vi.getTimerCount()).toBe(0);
  });

  it("shares one host timer per duration instead of one per deadline", () => {
    vi.useFakeTimers();
    const spy = vi.spyOn(globalThis, "setTimeout");
    const timer = createDeadlineTimer(() => Date.now());
    const cancels = Array.from({ length: 50 }, () => timer(60_000, () => {}));
    expect(spy).toHaveBeenCalledTimes(1);
    for (const cancel of cancels) cancel();
    // A later deadline reuses the still armed host timer.
    let fired = 0;
    vi.advanceTimersByTime(1_000);
    timer(60_000, () => fired++);
    expect(spy).toHaveBeenCalledTimes(1);
    // The host timer fires early for the cancelled head, finds nothing due and re-arms for the real deadline.
    vi.advanceTimersByTime(59_999);
    expect(fired).toBe(0);
    vi.advanceTimersByTime(1_000);
    expect(fired).toBe(1);
  });

  it("releases the process while nothing is pending (the host timer is unref'd, not left holding it)", () => {
    const refs: boolean[] = [];
    const handle = { ref: () => refs.push(true), unref: () => refs.push(false) };
    vi.spyOn(globalThis, "setTimeout").mockImplementation((() => handle) as unknown as typeof setTimeout);
    const timer = createDeadlineTimer(() => 0);
    const cancelA = timer(1_000, () => {});
    const cancelB = timer(1_000, () => {});
    cancelA();
    expect(refs).toEqual([]);
    cancelB();
    expect(refs).toEqual([false]);
    timer(1_000, () => {});
    expect(refs).toEqual([false, true]);
  });

  it("trusts the host timer when the clock lags behind it (fake setTimeout, real clock)", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let clock = 5;
    const timer = createDeadlineTimer(() => clock);
    let fired = 0;
    timer(60_000, () => fired++);
    clock = 6;
    vi.advanceTimersByTime(60_000);
    expect(fired).toBe(1);
  });

  it("runs the other due deadlines when one callback throws, and reports the error", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const reported: Array<() => void> = [];
    vi.spyOn(globalThis, "queueMicrotask").mockImplementation((fn) => void reported.push(fn));
    // A still clock: with the host's, a millisecond passing between the two calls below put the
    // second deadline 1 ms after the first, out of reach of advancing 10 ms (flaky under load).
    const timer = createDeadlineTimer(() => 0);
    let fired = 0;
    timer(10, () => {
      throw new Error("boom");
    });
    timer(10, () => fired++);
    vi.advanceTimersByTime(10);
    expect(fired).toBe(1);
    expect(reported).toHaveLength(1);
    expect(() => reported[0]()).toThrow("boom");
  });

  it("aborts for real on the host clock: a deadline fires after its duration, not before", async () => {
    const timer = createDeadlineTimer();
    const started = performance.now();
    const at = await new Promise<number>((resolve) => timer(30, () => resolve(performance.now())));
    expect(at - started).toBeGreaterThanOrEqual(29);
  });

  it("keeps working across many distinct durations (idle lists are dropped, pending ones kept)", () => {
    vi.useFakeTimers();
    const timer = createDeadlineTimer(() => Date.now());
    const fired: number[] = [];
    timer(5_000, () => fired.push(5_000));
    for (let ms = 1; ms <= 200; ms++) timer(ms, () => {})();
    timer(7, () => fired.push(7));
    vi.advanceTimersByTime(5_000);
    expect(fired).toEqual([7, 5_000]);
  });
});
