import type { Sleep } from "../ports";

/** A cancellable timer on the injected sleep. `elapsed` never settles once cancelled. */
export interface Timer {
  readonly elapsed: Promise<"elapsed">;
  cancel(): void;
}

export function startTimer(sleep: Sleep, ms: number): Timer {
  const controller = new AbortController();
  const elapsed = new Promise<"elapsed">((resolve) => {
    const done = () => {
      if (!controller.signal.aborted) resolve("elapsed");
    };
    sleep(ms, controller.signal).then(done, done);
  });
  return { elapsed, cancel: () => controller.abort("timer cancelled") };
}

/** True when `error` is (or wraps) an abort, e.g. a DOMException AbortError or our reasons. */
export function isAbortLike(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "RunCancelledError");
}
