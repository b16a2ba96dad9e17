/**
 * Where an invitation stands, from its timestamps. Used once by the owner's
 * list ("pending") and once by the invite page ("valid"), with the same
 * precedence: a used link stays used, a revoked one revoked, even after it
 * would have expired.
 */

/** An invitation's state as owners see it. */
export type InvitationState = "pending" | "accepted" | "expired" | "revoked";

/** An invitation's state as the person holding the link sees it. */
export type InviteLinkState = "valid" | "used" | "expired" | "revoked";

/** The timestamps that decide the state. */
export interface InvitationTimes {
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

/** accepted, then revoked, then expired (at `now`), else pending. */
export function invitationState(invitation: InvitationTimes, now: Date): InvitationState {
  if (invitation.acceptedAt) return "accepted";
  if (invitation.revokedAt) return "revoked";
  if (invitation.expiresAt.getTime() <= now.getTime()) return "expired";
  return "pending";
}

/** The same state in the words of the invite page. */
export function inviteLinkState(invitation: InvitationTimes, now: Date): InviteLinkState {
  const state = invitationState(invitation, now);
  return state === "pending" ? "valid" : state === "accepted" ? "used" : state;
}
