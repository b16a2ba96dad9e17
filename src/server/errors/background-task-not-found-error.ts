import { DomainError } from "./domain-error";

/** The run has no background task with this id (yet, or at all). */
export class BackgroundTaskNotFoundError extends DomainError {
  override readonly name = "BackgroundTaskNotFoundError";
  readonly kind = "not_found";
  readonly runId: string;
  readonly taskId: string;

  constructor(runId: string, taskId: string) {
    super(`Run ${runId} has no background task ${taskId}.`);
    this.runId = runId;
    this.taskId = taskId;
  }
}
