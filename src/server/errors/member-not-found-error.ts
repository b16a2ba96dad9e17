import { DomainError } from "./domain-error";

/** No member with this user id in this workspace (the user may belong to another one). */
export class MemberNotFoundError extends DomainError {
  override readonly name = "MemberNotFoundError";
  readonly kind = "not_found";
  readonly userId: string;
  readonly workspaceId: string;

  constructor(userId: string, workspaceId: string) {
    super(`User ${userId} is not a member of this workspace (${workspaceId}). Reload the members list.`);
    this.userId = userId;
    this.workspaceId = workspaceId;
  }
}
