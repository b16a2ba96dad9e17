/**
 * The runs this worker is executing, by id, and the cancel requests that
 * arrive for them. An entry exists from before the run is claimed, so a
 * request that arrives between the claim and the start of the run is kept
 * and applied as soon as the run exists.
 */
import type { RunHandle } from "@/core/runtime";

interface Entry {
  handle: RunHandle | null;
  /** The run-level cancel reason, once requested. */
  cancelReason: string | null;
  /** Task cancels received before the run started. */
  pendingTasks: Array<{ taskId: string; reason: string }>;
  /** The sweeper finalised the run meanwhile: its later events must not be stored. */
  lost: boolean;
}

export class LocalRuns {
  private readonly entries = new Map<string, Entry>();

  /** Ids of the runs held (claimed or about to be). */
  ids(): string[] {
    return [...this.entries.keys()];
  }

  get size(): number {
    return this.entries.size;
  }

  /** Reserves `runId`; false when this worker already holds it. */
  reserve(runId: string): boolean {
    if (this.entries.has(runId)) return false;
    this.entries.set(runId, { handle: null, cancelReason: null, pendingTasks: [], lost: false });
    return true;
  }

  /** The run started: applies the requests that came first. */
  attach(runId: string, handle: RunHandle): void {
    const entry = this.entries.get(runId);
    if (!entry) return;
    entry.handle = handle;
    if (entry.cancelReason !== null) handle.cancel(entry.cancelReason);
    for (const task of entry.pendingTasks.splice(0)) handle.cancelTask(task.taskId, task.reason);
  }

  release(runId: string): void {
    this.entries.delete(runId);
  }

  /** Cancels run `runId` (now, or when it starts); does nothing for a run this worker does not hold. */
  cancel(runId: string, reason: string): boolean {
    const entry = this.entries.get(runId);
    if (!entry || entry.cancelReason !== null) return false;
    entry.cancelReason = reason;
    entry.handle?.cancel(reason);
    return true;
  }

  /** Cancels one background task of run `runId`. */
  cancelTask(runId: string, taskId: string, reason: string): void {
    const entry = this.entries.get(runId);
    if (!entry) return;
    if (entry.handle) entry.handle.cancelTask(taskId, reason);
    else entry.pendingTasks.push({ taskId, reason });
  }

  /**
   * Another worker's sweeper failed the run (this worker looked dead: its
   * heartbeats did not arrive): stop it, and store nothing more of it.
   */
  markLost(runId: string): void {
    const entry = this.entries.get(runId);
    if (!entry) return;
    entry.lost = true;
    this.cancel(runId, "worker lost");
  }

  /** True once `markLost(runId)` was called. */
  isLost(runId: string): boolean {
    return this.entries.get(runId)?.lost ?? false;
  }

  /** Runs started (not only reserved). */
  startedIds(): string[] {
    return [...this.entries].filter(([, entry]) => entry.handle !== null).map(([runId]) => runId);
  }

  /** Cancels every run held. */
  cancelAll(reason: string): void {
    for (const runId of this.entries.keys()) this.cancel(runId, reason);
  }
}
