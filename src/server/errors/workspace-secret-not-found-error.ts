import { DomainError } from "./domain-error";

/** No secret with this name in this workspace. */
export class WorkspaceSecretNotFoundError extends DomainError {
  override readonly name = "WorkspaceSecretNotFoundError";
  readonly kind = "not_found";
  readonly secretName: string;

  constructor(secretName: string) {
    super(`This workspace has no secret named ${secretName}.`);
    this.secretName = secretName;
  }
}
