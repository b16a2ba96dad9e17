/**
 * One `abort` listener per signal, fanning out to every job waiting on it.
 * graphile-worker hands all the jobs of a worker the same `AbortSignal`, so a
 * listener per job would pile up (Node warns past 10:
 * `MaxListenersExceededWarning`) with concurrency above 10.
 */
export class AbortFanOut {
  private readonly subscribers = new WeakMap<AbortSignal, Set<() => void>>();

  /** Calls `onAbort` once when `signal` aborts (at once when it already has); returns the unsubscribe function. */
  subscribe(signal: AbortSignal, onAbort: () => void): () => void {
    if (signal.aborted) {
      onAbort();
      return () => {};
    }
    let subscribers = this.subscribers.get(signal);
    if (!subscribers) {
      const created = new Set<() => void>();
      subscribers = created;
      this.subscribers.set(signal, created);
      signal.addEventListener(
        "abort",
        () => {
          this.subscribers.delete(signal);
          for (const subscriber of created) subscriber();
        },
        { once: true },
      );
    }
    const set = subscribers;
    set.add(onAbort);
    return () => set.delete(onAbort);
  }
}
