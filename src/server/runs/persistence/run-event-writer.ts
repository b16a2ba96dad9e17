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
  /** How long a batch is retried while the database is unreachable. Default 60 s. */
  retryForMs?: number;
  /** Told about every failed write. Default: `console.error`. */
  onError?: (failure: RunEventWriteFailure) => void;
}

/**
 * Persists the event streams of many runs in batches. `sinkFor(runId)` is a
 * runtime `EventSink` (synchronous, never blocks: it only appends to a
 * buffer). Writes run one at a time: each takes the events buffered so far
 * (up to `maxBatchEvents`, across runs) and stores them with their span,
 * task and run-row changes in one transaction, then NOTIFYs
 * `RUN_EVENTS_CHANNEL` with `<runId>:<lastSeq>` per run.
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
}

interface Waiter {
  done(): boolean;
  resolve(): void;
}

/** SQLSTATE classes of errors that the same statement would meet again: data, integrity, syntax/schema. */
const PERMANENT_CLASSES = new Set(["22", "23", "42", "2B", "2F", "P0", "XX"]);

/** Creates a writer on `pool` (it takes one connection at a time). */
export function createRunEventWriter(pool: pg.Pool, options: RunEventWriterOptions = {}): RunEventWriter {
  return new BatchingRunEventWriter(pool, options);
}

class BatchingRunEventWriter implements RunEventWriter {
  private readonly maxBatchEvents: number;
  private readonly flushIntervalMs: number;
  private readonly retryForMs: number;
  private readonly onError: (failure: RunEventWriteFailure) => void;
  private readonly runs = new Map<string, RunState>();
  /** Runs with pending events, oldest first. */
  private readonly dirty = new Set<RunState>();
  /** Runs given up on (kept so a late `flush(runId)` still rejects). */
  private readonly failures = new Map<string, RunEventsNotStoredError>();
  private totalPending = 0;
  private waiters: Waiter[] = [];
  private loop: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    options: RunEventWriterOptions,
  ) {
    this.maxBatchEvents = Math.max(1, options.maxBatchEvents ?? 1_000);
    this.flushIntervalMs = Math.max(0, options.flushIntervalMs ?? 20);
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
    await this.loop;
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
      };
      this.runs.set(runId, state);
    }
    return state;
  }

  private receive(state: RunState, event: RuntimeEvent): void {
    if (state.failure) return; // Reported when the writer gave up on the run; the rest cannot be stored after a gap.
    if (this.closed) {
      this.report([state.runId], new RunEventsNotStoredError(state.runId, event.seq, "the writer is closed"), 1, false);
      return;
    }
    if (!this.runs.has(state.runId)) this.runs.set(state.runId, state); // A finished run's sink used again.
    state.pending.push(event);
    state.received++;
    if (event.type === "RUN_END") state.ended = true;
    if (state.pending.length === 1) this.dirty.add(state);
    this.totalPending++;
    if (this.loop) return;
    if (this.totalPending >= this.maxBatchEvents) this.start();
    else this.timer ??= setTimeout(() => this.start(), this.flushIntervalMs);
  }

  private waitUntil(done: () => boolean): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiters.push({ done, resolve });
      this.start();
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

  private start(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.loop || this.totalPending === 0) return;
    this.loop = this.drain().finally(() => {
      this.loop = null;
      this.settleWaiters();
      if (this.totalPending === 0) return;
      if (this.totalPending >= this.maxBatchEvents || this.waiters.length > 0) this.start();
      else this.timer ??= setTimeout(() => this.start(), this.flushIntervalMs);
    });
  }

  /** Writes batches while a full one is waiting or someone waits on a flush. */
  private async drain(): Promise<void> {
    do {
      await this.writeWithRetry(this.takeBatch(), false);
      this.settleWaiters();
    } while (this.totalPending >= this.maxBatchEvents || (this.totalPending > 0 && this.waiters.length > 0));
  }

  /** Takes up to `maxBatchEvents` pending events, oldest runs first, and serialises each run's share. */
  private takeBatch(): RunPart[] {
    const parts: RunPart[] = [];
    let room = this.maxBatchEvents;
    for (const state of this.dirty) {
      if (room === 0) break;
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

  private partOf(state: RunState, events: RuntimeEvent[]): RunPart {
    const { spans, tasks } = state.tracker.add(events);
    let end: Extract<RuntimeEvent, { type: "RUN_END" }> | null = null;
    for (const event of events) {
      addToRunTotals(state.totals, event);
      if (event.type === "RUN_END") end = event;
    }
    return buildRunPart(events, spans, tasks, {
      runId: state.runId,
      eventCount: events[events.length - 1].seq + 1,
      ...state.totals,
      end,
    });
  }

  private async writeWithRetry(parts: RunPart[], retried: boolean): Promise<void> {
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

  private committed(parts: readonly RunPart[]): void {
    for (const part of parts) {
      const state = this.runs.get(part.runId);
      if (!state) continue;
      state.stored += part.eventCount;
      if (state.ended && state.stored === state.received) this.runs.delete(state.runId);
    }
  }

  private giveUp(parts: readonly RunPart[], error: unknown, attempt: number): void {
    for (const part of parts) {
      const state = this.runs.get(part.runId);
      if (!state) continue;
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
