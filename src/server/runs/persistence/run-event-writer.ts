import type pg from "pg";

import type { RuntimeEvent } from "@/core/runtime/events";
import type { EventSink } from "@/core/runtime/ports";
import { RunEventsNotStoredError } from "./run-events-not-stored-error";
import { addToRunTotals, emptyRunTotals, type RunTotals } from "./run-totals";
import { SpanRowTracker } from "./span-rows";
import { buildRunPart, type RunPart, writeBatch } from "./write-batch";

/** A write that failed: retried (`willRetry`), or given up, and then the runs' later events are lost. */
export interface RunEventWriteFailure {
  runIds: string[];
  /** The database error; a `RunEventsNotStoredError` when the writer gave up on a run. */
  error: unknown;
  /** 1 for the first failure of this batch. */
  attempt: number;
  willRetry: boolean;
}

export interface RunEventWriterOptions {
  /** Most events in one transaction; reaching it also starts a write at once. Default 1,000. */
  maxBatchEvents?: number;
  /** How long an event waits at most before a write starts (when the batch is not full). Default 20 ms. */
  flushIntervalMs?: number;
  /** Writes in flight at once (each on its own connection, for disjoint runs). Default 2. */
  maxConcurrentWrites?: number;
  /** How long a batch is retried while the database is unreachable. Default 60 s. */
  retryForMs?: number;
  /** Told about every failed write. Default: `console.error`. */
  onError?: (failure: RunEventWriteFailure) => void;
}

/**
 * Persists the event streams of many runs in batches. `sinkFor(runId)` is a
 * runtime `EventSink` (synchronous, never blocks: it only appends to a
 * buffer). A write takes the events buffered so far (up to `maxBatchEvents`,
 * across runs) and stores them with their span, task and run-row changes in
 * one transaction, which NOTIFYs `RUN_EVENTS_CHANNEL` with `<runId>:<lastSeq>`
 * per run as it commits. Up to `maxConcurrentWrites` writes run at once, on
 * disjoint runs, so each run's batches commit in order.
 */
export interface RunEventWriter {
  sinkFor(runId: string): EventSink;
  /**
   * Resolves once every event received so far (of `runId`, or of every run) is
   * stored. With a run id it rejects with `RunEventsNotStoredError` when some
   * of that run's events could not be stored.
   */
  flush(runId?: string): Promise<void>;
  /** Flushes everything, then refuses (reports) further events. */
  close(): Promise<void>;
}

interface RunState {
  readonly runId: string;
  /** Received, not yet taken into a write. */
  pending: RuntimeEvent[];
  received: number;
  stored: number;
  ended: boolean;
  readonly tracker: SpanRowTracker;
  readonly totals: RunTotals;
  failure: RunEventsNotStoredError | null;
  /** A write holding this run's events is in flight (the next batch of the run waits for it). */
  writing: boolean;
}

/** One run's share of a write, with the run it came from. */
type StatePart = RunPart & { readonly state: RunState };

interface Waiter {
  done(): boolean;
  resolve(): void;
}

/** SQLSTATE classes of errors that the same statement would meet again: data, integrity, syntax/schema. */
const PERMANENT_CLASSES = new Set(["22", "23", "42", "2B", "2F", "P0", "XX"]);

/** Creates a writer on `pool` (it uses up to `maxConcurrentWrites` connections at a time). */
export function createRunEventWriter(pool: pg.Pool, options: RunEventWriterOptions = {}): RunEventWriter {
  return new BatchingRunEventWriter(pool, options);
}

class BatchingRunEventWriter implements RunEventWriter {
  private readonly maxBatchEvents: number;
  private readonly flushIntervalMs: number;
  private readonly maxConcurrentWrites: number;
  private readonly retryForMs: number;
  private readonly onError: (failure: RunEventWriteFailure) => void;
  private readonly runs = new Map<string, RunState>();
  /** Runs with pending events, oldest first. */
  private readonly dirty = new Set<RunState>();
  /** Runs given up on (kept so a late `flush(runId)` still rejects). */
  private readonly failures = new Map<string, RunEventsNotStoredError>();
  private totalPending = 0;
  private waiters: Waiter[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private pumpQueued = false;

  constructor(
    private readonly pool: pg.Pool,
    options: RunEventWriterOptions,
  ) {
    this.maxBatchEvents = Math.max(1, options.maxBatchEvents ?? 1_000);
    this.flushIntervalMs = Math.max(0, options.flushIntervalMs ?? 20);
    this.maxConcurrentWrites = Math.max(1, options.maxConcurrentWrites ?? 2);
    this.retryForMs = Math.max(0, options.retryForMs ?? 60_000);
    this.onError =
      options.onError ??
      ((failure) =>
        console.error(
          `run event writer: ${failure.willRetry ? "retrying" : "gave up on"} a write of run(s) ${failure.runIds.join(", ")} ` +
            `(attempt ${failure.attempt}): ${failure.error instanceof Error ? failure.error.message : String(failure.error)}`,
        ));
  }

  sinkFor(runId: string): EventSink {
    return (event) => this.receive(this.stateOf(runId), event);
  }

  flush(runId?: string): Promise<void> {
    if (runId !== undefined) {
      const state = this.runs.get(runId);
      if (!state) {
        const failure = this.failures.get(runId);
        return failure ? Promise.reject(failure) : Promise.resolve();
      }
      const target = state.received;
      return this.waitUntil(() => state.failure !== null || state.stored >= target).then(() => {
        if (state.failure) throw state.failure;
      });
    }
    const targets = [...this.runs.values()].map((state) => [state, state.received] as const);
    return this.waitUntil(() => targets.every(([state, target]) => state.failure !== null || state.stored >= target));
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.all(this.inFlight);
  }

  private stateOf(runId: string): RunState {
    let state = this.runs.get(runId);
    if (!state) {
      state = {
        runId,
        pending: [],
        received: 0,
        stored: 0,
        ended: false,
        tracker: new SpanRowTracker(),
        totals: emptyRunTotals(),
        failure: this.failures.get(runId) ?? null,
        writing: false,
      };
      this.runs.set(runId, state);
    }
    return state;
  }

  private receive(state: RunState, event: RuntimeEvent): void {
    if (state.failure) return; // Reported when the writer gave up on the run; the rest cannot be stored after a gap.
    if (this.closed) {
      // Reported once per run; its later events are dropped with it.
      const failure = new RunEventsNotStoredError(state.runId, event.seq, "the writer is closed");
      state.failure = failure;
      this.failures.set(state.runId, failure);
      this.report([state.runId], failure, 1, false);
      return;
    }
    if (!this.runs.has(state.runId)) this.runs.set(state.runId, state); // A finished run's sink used again.
    state.pending.push(event);
    state.received++;
    if (event.type === "RUN_END") state.ended = true;
    if (state.pending.length === 1) this.dirty.add(state);
    this.totalPending++;
    if (this.totalPending >= this.maxBatchEvents) {
      // Not inside the runtime's emit: serialising a batch is the writer's work, not the run's.
      if (!this.pumpQueued) {
        this.pumpQueued = true;
        setImmediate(() => {
          this.pumpQueued = false;
          this.pump(false);
        });
      }
    } else this.timer ??= setTimeout(() => this.pump(true), this.flushIntervalMs);
  }

  private waitUntil(done: () => boolean): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiters.push({ done, resolve });
      this.pump(true);
    });
  }

  private settleWaiters(): void {
    if (this.waiters.length === 0) return;
    const still: Waiter[] = [];
    for (const waiter of this.waiters) {
      if (waiter.done()) waiter.resolve();
      else still.push(waiter);
    }
    this.waiters = still;
  }

  /**
   * Starts writes while a slot is free: full batches only, unless `due` (the
   * interval elapsed, or someone waits on a flush). What is left waits for
   * the interval timer or the end of a write.
   */
  private pump(due: boolean): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.inFlight.size < this.maxConcurrentWrites && this.totalPending > 0) {
      if (!due && this.totalPending < this.maxBatchEvents) break;
      const parts = this.takeBatch();
      if (parts.length === 0) break; // Everything pending belongs to runs being written.
      const write: Promise<void> = this.writeWithRetry(parts, false).finally(() => {
        this.inFlight.delete(write);
        for (const part of parts) part.state.writing = false;
        this.settleWaiters();
        this.pump(this.waiters.length > 0);
      });
      this.inFlight.add(write);
    }
    if (this.totalPending > 0 && this.timer === null)
      this.timer = setTimeout(() => this.pump(true), this.flushIntervalMs);
  }

  /** Takes up to `maxBatchEvents` pending events, oldest runs first, and serialises each run's share. */
  private takeBatch(): StatePart[] {
    const parts: StatePart[] = [];
    let room = this.maxBatchEvents;
    for (const state of this.dirty) {
      if (room === 0) break;
      if (state.writing) continue;
      state.writing = true;
      let events: RuntimeEvent[];
      if (state.pending.length <= room) {
        events = state.pending;
        state.pending = [];
        this.dirty.delete(state);
      } else {
        events = state.pending.slice(0, room);
        state.pending = state.pending.slice(room);
        this.dirty.delete(state); // To the back of the line: runs share the batches fairly.
        this.dirty.add(state);
      }
      room -= events.length;
      this.totalPending -= events.length;
      parts.push(this.partOf(state, events));
    }
    return parts;
  }

  private partOf(state: RunState, events: RuntimeEvent[]): StatePart {
    const { spans, tasks } = state.tracker.add(events);
    let end: Extract<RuntimeEvent, { type: "RUN_END" }> | null = null;
    for (const event of events) {
      addToRunTotals(state.totals, event);
      if (event.type === "RUN_END") end = event;
    }
    const part = buildRunPart(events, spans, tasks, {
      runId: state.runId,
      eventCount: events[events.length - 1].seq + 1,
      ...state.totals,
      end,
    });
    return { ...part, state };
  }

  private async writeWithRetry(parts: StatePart[], retried: boolean): Promise<void> {
    const startedAt = Date.now();
    for (let attempt = 1; ; attempt++) {
      try {
        await writeBatch(this.pool, parts, retried || attempt > 1);
        this.committed(parts);
        return;
      } catch (error) {
        if (isPermanent(error)) {
          // One run's bad data must not take the others down: isolate it.
          if (parts.length > 1) {
            for (const part of parts) await this.writeWithRetry([part], retried || attempt > 1);
          } else this.giveUp(parts, error, attempt);
          return;
        }
        const willRetry = Date.now() - startedAt < this.retryForMs;
        this.report(
          parts.map((part) => part.runId),
          error,
          attempt,
          willRetry,
        );
        if (!willRetry) {
          this.giveUp(parts, error, attempt);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 50 * 2 ** (attempt - 1))));
      }
    }
  }

  private committed(parts: readonly StatePart[]): void {
    for (const { state, eventCount } of parts) {
      state.stored += eventCount;
      if (state.ended && state.stored === state.received) this.runs.delete(state.runId);
    }
  }

  private giveUp(parts: readonly StatePart[], error: unknown, attempt: number): void {
    for (const { state } of parts) {
      if (state.failure) continue;
      const reason = error instanceof Error ? error.message : String(error);
      const failure = new RunEventsNotStoredError(state.runId, state.stored, reason);
      failure.cause = error;
      state.failure = failure;
      this.totalPending -= state.pending.length;
      state.pending = [];
      this.dirty.delete(state);
      this.runs.delete(state.runId);
      this.failures.set(state.runId, failure);
      if (this.failures.size > 10_000) this.failures.delete(this.failures.keys().next().value!);
      this.report([state.runId], failure, attempt, false);
    }
  }

  private report(runIds: string[], error: unknown, attempt: number, willRetry: boolean): void {
    try {
      this.onError({ runIds, error, attempt, willRetry });
    } catch {
      // A failing reporter must not stop the writer.
    }
  }
}

function isPermanent(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.length === 5 && PERMANENT_CLASSES.has(code.slice(0, 2));
}
