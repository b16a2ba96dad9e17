import { DomainError } from "./domain-error";

/** No price row with this id in this workspace. */
export class PriceNotFoundError extends DomainError {
  override readonly name = "PriceNotFoundError";
  readonly kind = "not_found";
  readonly priceId: string;
  readonly workspaceId: string;

  constructor(priceId: string, workspaceId: string) {
    super(`Price ${priceId} does not exist in workspace ${workspaceId}.`);
    this.priceId = priceId;
    this.workspaceId = workspaceId;
  }
}
