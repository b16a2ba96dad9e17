import { DomainError } from "@/server/errors/domain-error";

/** A run being streamed was deleted (its graph was deleted) before its stream ended. */
export class RunGoneError extends DomainError {
  override readonly name = "RunGoneError";
  readonly kind = "not_found";
  readonly runId: string;

  constructor(runId: string) {
    super(`Run ${runId} no longer exists (its graph was deleted?); its event stream has ended.`);
    this.runId = runId;
  }
}
