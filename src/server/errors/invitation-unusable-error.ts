import { DomainError } from "./domain-error";

/** Why an invitation can no longer be accepted (or revoked). */
export type InvitationEndState = "expired" | "revoked" | "used";

const REASONS: Record<InvitationEndState, string> = {
  expired: "This invitation has expired",
  revoked: "This invitation was revoked by an owner",
  used: "This invitation was already used",
};

/**
 * The invitation exists but is expired, revoked or already accepted: it
 * cannot be accepted (or revoked) again. Nothing was changed.
 */
export class InvitationUnusableError extends DomainError {
  override readonly name = "InvitationUnusableError";
  readonly kind = "conflict";
  readonly invitationId: string;
  readonly state: InvitationEndState;

  constructor(invitationId: string, state: InvitationEndState, action: "accept" | "revoke" = "accept") {
    super(
      action === "accept"
        ? `${REASONS[state]}: ask an owner of the workspace for a new invite link.`
        : `${REASONS[state]}: there is nothing to revoke.`,
    );
    this.invitationId = invitationId;
    this.state = state;
  }
}
