/**
 * Input rules for workspaces, members and invitations, written once: the
 * Settings → Members forms, the workspace switcher's "Create workspace"
 * dialog and the tRPC procedures all validate with these schemas, so a
 * form and the server never disagree about what is allowed.
 */
import { z } from "zod";

import { WORKSPACE_ROLE_VALUES } from "./roles";

/** A role as a procedure or form receives it. */
export const workspaceRoleSchema = z.enum(WORKSPACE_ROLE_VALUES, {
  error: "must be one of viewer, editor or owner",
});

/** A workspace name: 1–80 characters after trimming. */
export const workspaceNameSchema = z
  .string({ error: "must be text" })
  .trim()
  .min(1, "a workspace needs a name")
  .max(80, "a workspace name is at most 80 characters");

/** Input of `workspaces.create` and `workspaces.rename` (and their forms). */
export const workspaceNameInputSchema = z.strictObject({ name: workspaceNameSchema });

/** A user's id (members are named by their user id inside the current workspace). */
export const memberIdSchema = z.uuid({ error: "must be a member's user id (members.list returns them)" });

/** Input of `members.setRole`. */
export const setMemberRoleInputSchema = z.strictObject({ userId: memberIdSchema, role: workspaceRoleSchema });

/** Input of `members.remove`. */
export const removeMemberInputSchema = z.strictObject({ userId: memberIdSchema });

/** Invitations last a week unless the owner picks otherwise. */
export const DEFAULT_INVITE_DAYS = 7;

/** The longest an invitation may stay valid. */
export const MAX_INVITE_DAYS = 30;

/** Input of `invitations.create` and the "Invite people" form. */
export const createInvitationInputSchema = z.strictObject({
  role: workspaceRoleSchema,
  /** Who the link is meant for (shown to owners only); any signed-in person holding the link may accept it. */
  email: z
    .string({ error: "must be text" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "must be an email address like ada@example.com" }).max(254, "is too long for an email"))
    .optional(),
  expiresInDays: z
    .number({ error: "must be a number of days" })
    .int("must be a whole number of days")
    .min(1, "an invitation lasts at least 1 day")
    .max(MAX_INVITE_DAYS, `an invitation lasts at most ${MAX_INVITE_DAYS} days`)
    .default(DEFAULT_INVITE_DAYS),
});

/** What the "Invite people" form holds before defaults apply. */
export type CreateInvitationInput = z.input<typeof createInvitationInputSchema>;

/** An invitation's id. */
export const invitationIdSchema = z.uuid({ error: "must be an invitation id (invitations.list returns them)" });

/** Input of `invitations.revoke`. */
export const revokeInvitationInputSchema = z.strictObject({ invitationId: invitationIdSchema });

/** The token of an invite link: 32 random bytes, base64url (43 characters). */
export const inviteTokenSchema = z
  .string({ error: "must be the token of an invite link" })
  .regex(/^[A-Za-z0-9_-]{43}$/, "is not an invite token: copy the whole link the owner sent you");

/** Input of `invitations.inspect` and `invitations.accept`. */
export const inviteTokenInputSchema = z.strictObject({ token: inviteTokenSchema });

/** Where an invite link leads: the app's path (the browser adds its origin). */
export function invitePath(token: string): string {
  return `/invite/${token}`;
}
