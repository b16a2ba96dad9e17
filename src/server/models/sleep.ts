import type { ModelSleep } from "@/core/models/timing-ports";

/** A real `ModelSleep`: resolves after `ms`, or at once when `signal` aborts (the timer is released). */
export const abortableSleep: ModelSleep = (ms, signal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
