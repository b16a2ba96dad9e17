import { DomainError } from "./domain-error";

/**
 * The change would leave a workspace without an owner (demoting, removing or
 * the leaving of its only owner). Nothing was changed.
 */
export class LastOwnerError extends DomainError {
  override readonly name = "LastOwnerError";
  readonly kind = "conflict";
  readonly workspaceId: string;
  readonly userId: string;

  constructor(workspaceId: string, userId: string) {
    super("A workspace needs at least one owner: make someone else owner first.");
    this.workspaceId = workspaceId;
    this.userId = userId;
  }
}
