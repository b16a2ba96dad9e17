import type { Sleep } from "../ports";

/** An AbortController that also aborts when any parent signal aborts. */
export interface LinkedController {
  readonly signal: AbortSignal;
  abort(reason: unknown): void;
  /** Detaches from the parents (call when the owner finishes, to avoid listener leaks). */
  dispose(): void;
}

/** Creates a controller linked to `parents` (already-aborted parents abort it at once). */
export function linkedController(...parents: AbortSignal[]): LinkedController {
  return new Linked(parents);
}

/** One controller and one shared listener per link (cheap enough to create per handoff). */
class Linked implements LinkedController {
  private readonly controller = new AbortController();
  private parents: AbortSignal[] | null;
  private readonly onAbort = (event: Event) => this.controller.abort((event.target as AbortSignal).reason);

  constructor(parents: AbortSignal[]) {
    this.parents = parents;
    for (const parent of parents) {
      if (parent.aborted) {
        this.controller.abort(parent.reason);
        this.parents = null;
        return;
      }
    }
    for (const parent of parents) parent.addEventListener("abort", this.onAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  abort(reason: unknown): void {
    this.controller.abort(reason);
  }

  dispose(): void {
    if (this.parents === null) return;
    for (const parent of this.parents) parent.removeEventListener("abort", this.onAbort);
    this.parents = null;
  }
}

/** A cancellable timer on the injected sleep. `elapsed` never settles once cancelled. */
export interface Timer {
  readonly elapsed: Promise<"elapsed">;
  cancel(): void;
}

export function startTimer(sleep: Sleep, ms: number, signal?: AbortSignal): Timer {
  const own: { signal: AbortSignal; abort(reason: unknown): void; dispose(): void } = signal
    ? linkedController(signal)
    : plainController();
  const elapsed = new Promise<"elapsed">((resolve) => {
    const done = () => {
      if (!own.signal.aborted) resolve("elapsed");
      own.dispose();
    };
    sleep(ms, own.signal).then(done, done);
  });
  return {
    elapsed,
    cancel: () => {
      own.abort("timer cancelled");
      own.dispose();
    },
  };
}

function plainController(): { signal: AbortSignal; abort(reason: unknown): void; dispose(): void } {
  const controller = new AbortController();
  return { signal: controller.signal, abort: (reason) => controller.abort(reason), dispose: () => {} };
}

/** True when `error` is (or wraps) an abort, e.g. a DOMException AbortError or our reasons. */
export function isAbortLike(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "RunCancelledError");
}
