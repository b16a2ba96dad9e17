import type { Clock, Sleep } from "./ports";

/**
 * Deterministic virtual time, for tests and for runs that simulate latency
 * without waiting (`graph run --instant`): `sleep` registers a timer, and time
 * jumps to the earliest timer whenever the process is idle (all promise
 * continuations done). A run with minutes of simulated latency finishes in
 * milliseconds, and the order of concurrent work depends only on the timers.
 */
export interface VirtualTime {
  clock: Clock;
  sleep: Sleep;
  /** Virtual milliseconds elapsed since creation. */
  elapsed(): number;
  /** Timers waiting right now. */
  pending(): number;
}

interface Timer {
  at: number;
  seq: number;
  resolve: () => void;
}

const defer: (fn: () => void) => void =
  typeof (globalThis as { setImmediate?: (fn: () => void) => void }).setImmediate === "function"
    ? (fn) => (globalThis as unknown as { setImmediate: (fn: () => void) => void }).setImmediate(fn)
    : (fn) => setTimeout(fn, 0);

/** A virtual clock and sleep starting at `start` (ms since the epoch). */
export function createVirtualTime(start = Date.UTC(2026, 0, 1, 9, 0, 0)): VirtualTime {
  let now = start;
  let seq = 0;
  const timers: Timer[] = [];
  let scheduled = false;

  const tick = () => {
    scheduled = false;
    if (timers.length === 0) return;
    let best = 0;
    for (let i = 1; i < timers.length; i++) {
      const t = timers[i];
      const b = timers[best];
      if (t.at < b.at || (t.at === b.at && t.seq < b.seq)) best = i;
    }
    const [timer] = timers.splice(best, 1);
    if (timer.at > now) now = timer.at;
    timer.resolve();
    if (timers.length > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    // Two hops so continuations queued by the previous timer settle first.
    defer(() => defer(tick));
  };

  const sleep: Sleep = (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const timer: Timer = { at: now + Math.max(0, ms), seq: seq++, resolve: () => resolve() };
      const onAbort = () => {
        const index = timers.indexOf(timer);
        if (index >= 0) timers.splice(index, 1);
        resolve();
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      timer.resolve = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      timers.push(timer);
      schedule();
    });

  return {
    clock: { now: () => now },
    sleep,
    elapsed: () => now - start,
    pending: () => timers.length,
  };
}
