import { DomainError } from "./domain-error";

/**
 * No invitation for this token (a mistyped or made-up link), or — for an
 * owner's `invitationId` — none with this id in the workspace.
 */
export class InvitationNotFoundError extends DomainError {
  override readonly name = "InvitationNotFoundError";
  readonly kind = "not_found";
  readonly invitationId: string | null;

  constructor(invitationId: string | null, workspaceId?: string) {
    super(
      invitationId === null
        ? "This invite link is not valid: check that you copied all of it, or ask the owner for a new one."
        : `Invitation ${invitationId} does not exist in this workspace (${workspaceId}). Reload the invitations list.`,
    );
    this.invitationId = invitationId;
  }
}
