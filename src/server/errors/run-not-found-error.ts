import { DomainError } from "./domain-error";

/** No run with this id in this workspace (it may exist in another one). */
export class RunNotFoundError extends DomainError {
  override readonly name = "RunNotFoundError";
  readonly kind = "not_found";
  readonly runId: string;
  readonly workspaceId: string;

  constructor(runId: string, workspaceId: string) {
    super(`Run ${runId} does not exist in workspace ${workspaceId}.`);
    this.runId = runId;
    this.workspaceId = workspaceId;
  }
}
