import { DomainError } from "./domain-error";

/** The workspace already has as many queued and running runs as it may have at once. */
export class TooManyRunsError extends DomainError {
  override readonly name = "TooManyRunsError";
  readonly kind = "too_many_requests";
  readonly workspaceId: string;
  readonly active: number;
  readonly limit: number;

  constructor(workspaceId: string, active: number, limit: number) {
    super(
      `Workspace ${workspaceId} already has ${active} runs queued or running, the most it may have at once (${limit}). ` +
        "Wait for one to finish or cancel one, then start again; the limit is AGS_MAX_CONCURRENT_RUNS.",
    );
    this.workspaceId = workspaceId;
    this.active = active;
    this.limit = limit;
  }
}
