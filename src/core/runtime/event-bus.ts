import type { EventDraft, RuntimeEvent } from "./events";
import type { Clock, EventSink } from "./ports";

/**
 * The run's single ordered event log. `emit` stamps run id, a gap-free
 * sequence number and a timestamp, appends to an in-memory buffer, calls the
 * synchronous sinks and wakes async readers — it never awaits, so a slow
 * consumer cannot stall the agent loop. Every async iterator replays from the
 * first event, so late subscribers miss nothing.
 */
export class EventBus implements AsyncIterable<RuntimeEvent> {
  private readonly buffer: RuntimeEvent[] = [];
  private waiters: Array<() => void> = [];
  private closed = false;

  constructor(
    private readonly runId: string,
    private readonly clock: Clock,
    private readonly sinks: readonly EventSink[] = [],
    /** Told about every sink that throws (the run and the other sinks go on); must not throw itself. */
    private readonly onSinkError?: (error: unknown, event: RuntimeEvent, sinkIndex: number) => void,
  ) {}

  /** Events emitted so far (a live view; do not mutate). */
  get events(): readonly RuntimeEvent[] {
    return this.buffer;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private reportSinkError(error: unknown, event: RuntimeEvent, sinkIndex: number): void {
    try {
      this.onSinkError?.(error, event, sinkIndex);
    } catch {
      // A failing reporter has nowhere left to report to; the run must go on.
    }
  }

  emit(draft: EventDraft): RuntimeEvent {
    if (this.closed) throw new Error(`event emitted after RUN_END: ${draft.type}`);
    // Stamped in place: drafts are fresh objects owned by the bus from here on (no copy on the hot path).
    const event = draft as RuntimeEvent;
    event.runId = this.runId;
    event.seq = this.buffer.length;
    event.timestamp = this.clock.now();
    this.buffer.push(event);
    if (draft.type === "RUN_END") this.closed = true;
    for (let i = 0; i < this.sinks.length; i++) {
      try {
        this.sinks[i](event);
      } catch (error) {
        this.reportSinkError(error, event, i);
      }
    }
    if (this.waiters.length > 0) {
      const waiters = this.waiters;
      this.waiters = [];
      for (const wake of waiters) wake();
    }
    return event;
  }

  /**
   * One event at a time, from the first. A `next()` with buffered events
   * resolves at once without an async frame; a reader that caught up waits on
   * one promise until the next emit.
   */
  [Symbol.asyncIterator](): AsyncIterator<RuntimeEvent> {
    let index = 0;
    return this.cursor(() => (index < this.buffer.length ? this.buffer[index++] : null));
  }

  /**
   * The same stream in batches: each step yields every event emitted since
   * the previous one (a fresh array, in order, never empty), so a consumer
   * that persists or forwards events pays one promise per batch rather than
   * one per event. Replays from the first event, like the per-event iterator.
   */
  batches(): AsyncIterable<readonly RuntimeEvent[]> {
    return {
      [Symbol.asyncIterator]: () => {
        let index = 0;
        return this.cursor(() => {
          if (index === this.buffer.length) return null;
          const batch = this.buffer.slice(index);
          index = this.buffer.length;
          return batch;
        });
      },
    };
  }

  /**
   * An iterator over what `take` returns (null: nothing new yet). A `next()`
   * with something ready resolves at once without an async frame; a reader
   * that caught up waits on one promise until the next emit or the end.
   */
  private cursor<T>(take: () => T | null): AsyncIterator<T> {
    let stopped = false;
    const read = (): IteratorResult<T> | null => {
      const value = take();
      if (value !== null) return { done: false, value };
      if (this.closed || stopped) return DONE;
      return null;
    };
    return {
      next: () => {
        const ready = read();
        return ready ? Promise.resolve(ready) : this.waitFor(read);
      },
      return: () => {
        stopped = true;
        return Promise.resolve(DONE);
      },
    };
  }

  /**
   * Resolves with `read()` once it has something (an emit or the end). Read
   * after the emitting code has run (a microtask later), so a batch holds
   * every event emitted in that synchronous stretch.
   */
  private waitFor<T>(read: () => IteratorResult<T> | null): Promise<IteratorResult<T>> {
    return new Promise<void>((resolve) => this.waiters.push(resolve)).then(() => read() ?? this.waitFor(read));
  }
}

const DONE: IteratorReturnResult<undefined> = Object.freeze({
  done: true,
  value: undefined,
}) as IteratorReturnResult<undefined>;
