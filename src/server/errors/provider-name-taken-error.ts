import { DomainError } from "./domain-error";

/** Another provider of the workspace already has this name. */
export class ProviderNameTakenError extends DomainError {
  override readonly name = "ProviderNameTakenError";
  readonly kind = "conflict";
  readonly providerName: string;
  readonly workspaceId: string;

  constructor(providerName: string, workspaceId: string) {
    super(`A provider named "${providerName}" already exists in this workspace: choose another name.`);
    this.providerName = providerName;
    this.workspaceId = workspaceId;
  }
}
