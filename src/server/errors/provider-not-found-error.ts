import { DomainError } from "./domain-error";

/** No model provider with this id in this workspace (it may exist in another one, or was deleted). */
export class ProviderNotFoundError extends DomainError {
  override readonly name = "ProviderNotFoundError";
  readonly kind = "not_found";
  readonly providerId: string;
  readonly workspaceId: string;

  constructor(providerId: string, workspaceId: string) {
    super(`Model provider ${providerId} does not exist in workspace ${workspaceId}.`);
    this.providerId = providerId;
    this.workspaceId = workspaceId;
  }
}
