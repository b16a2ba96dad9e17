import type { CancelToken } from "../../shared/cancel-scope";
import type { TaskRecord } from "./task-record";

/**
 * The tasks one agent session started and its inbox of finished results not yet
 * delivered. A result leaves the inbox exactly once (announce or a task tool),
 * so nothing is delivered twice.
 */
export class TaskMailbox {
  readonly tasks: TaskRecord[] = [];
  private readonly inbox: TaskRecord[] = [];
  private runningCount = 0;
  private waiters: Array<() => void> = [];

  get running(): number {
    return this.runningCount;
  }

  get undelivered(): number {
    return this.inbox.length;
  }

  add(task: TaskRecord): void {
    this.tasks.push(task);
    this.runningCount++;
  }

  /** Called once when `task` reaches a terminal status. */
  settle(task: TaskRecord): void {
    this.runningCount--;
    if (!task.delivered) this.inbox.push(task);
    this.notify();
  }

  /** Takes up to `max` finished results in completion order and marks them delivered. */
  take(max: number): TaskRecord[] {
    const taken = this.inbox.splice(0, max);
    for (const task of taken) task.delivered = true;
    return taken;
  }

  /** Marks one result delivered (a task tool returned it) and drops it from the inbox. */
  markDelivered(task: TaskRecord): void {
    task.delivered = true;
    const index = this.inbox.indexOf(task);
    if (index >= 0) this.inbox.splice(index, 1);
  }

  find(taskId: string): TaskRecord | undefined {
    return this.tasks.find((task) => task.id === taskId);
  }

  /** Results in the inbox right now (not marked delivered). */
  peekInbox(): readonly TaskRecord[] {
    return this.inbox;
  }

  runningTasks(): TaskRecord[] {
    return this.tasks.filter((task) => task.status === "RUNNING");
  }

  /** Resolves at the next settlement (or at once when `cancel` aborts). */
  waitForChange(cancel: CancelToken): Promise<void> {
    if (cancel.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const subscription = cancel.onAbort(() => resolve());
      this.waiters.push(() => {
        cancel.off(subscription);
        resolve();
      });
    });
  }

  /** Resolves once no task is running. */
  async allSettled(): Promise<void> {
    while (this.runningCount > 0) await Promise.all(this.runningTasks().map((task) => task.settled));
  }

  private notify(): void {
    if (this.waiters.length === 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
