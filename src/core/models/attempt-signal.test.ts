import { describe, expect, it } from "vitest";
import { createAttemptSignal } from "./attempt-signal";
import type { ModelTimer } from "./timing-ports";

const never = () => new Promise<never>(() => {});

describe("createAttemptSignal", () => {
  it("reuses the caller's signal when there is no timeout", () => {
    const parent = new AbortController().signal;
    const attempt = createAttemptSignal({ parent, timeoutMs: 0, timer: () => () => {}, timeoutReason: () => "t" });
    expect(attempt.signal).toBe(parent);
    attempt.dispose();
  });

  it("aborts on timeout with the timeout reason and settles the race", async () => {
    let fire = () => {};
    const timer: ModelTimer = (_ms, onFire) => ((fire = onFire), () => {});
    const attempt = createAttemptSignal({
      parent: new AbortController().signal,
      timeoutMs: 10,
      timer,
      timeoutReason: () => "too slow",
    });
    const raced = attempt.race(never());
    fire();
    await expect(raced).rejects.toBe("too slow");
    expect(attempt.timedOut).toBe(true);
    expect(attempt.signal.reason).toBe("too slow");
  });

  it("follows the caller's abort, before or during the race, without unhandled rejections", async () => {
    const early = new AbortController();
    early.abort("stop");
    const a = createAttemptSignal({
      parent: early.signal,
      timeoutMs: 10,
      timer: () => () => {},
      timeoutReason: () => "t",
    });
    await expect(a.race(Promise.reject(new Error("late failure")))).rejects.toBe("stop");
    const late = new AbortController();
    const b = createAttemptSignal({
      parent: late.signal,
      timeoutMs: 0,
      timer: () => () => {},
      timeoutReason: () => "t",
    });
    const raced = b.race(never());
    late.abort("user");
    await expect(raced).rejects.toBe("user");
    expect(b.timedOut).toBe(false);
  });

  it("cancels the timer on dispose", () => {
    let cancelled = false;
    const attempt = createAttemptSignal({
      parent: new AbortController().signal,
      timeoutMs: 10,
      timer: () => () => void (cancelled = true),
      timeoutReason: () => "t",
    });
    attempt.dispose();
    expect(cancelled).toBe(true);
  });
});
