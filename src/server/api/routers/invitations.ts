/**
 * Invite links: owners create, list and revoke them; anyone holding a link
 * may inspect it (public: only the workspace's name, the role, the inviter's
 * name and the link's state); a signed-in user accepts it. Thin: the rules
 * are in services/invitations.ts.
 */
import {
  createInvitationInputSchema,
  inviteTokenInputSchema,
  revokeInvitationInputSchema,
} from "@/core/workspaces/workspace-inputs";
import { createTRPCRouter, publicProcedure, userProcedure, workspaceProcedure, type Database } from "@/server/api/trpc";
import { acceptInvite, inspectInvite, InvitationService } from "@/server/services/invitations";

function service(ctx: { getDb: () => Database; workspace: { id: string } }) {
  return new InvitationService(ctx.getDb(), ctx.workspace.id);
}

export const invitationsRouter = createTRPCRouter({
  /** A new invite link (role, optional email, 1–30 days, default 7). The link (with its token) is returned only here. */
  create: workspaceProcedure("owner")
    .input(createInvitationInputSchema)
    .mutation(({ ctx, input }) => service(ctx).create({ ...input, createdById: ctx.user.id })),

  /** The workspace's invitations, newest first: pending, accepted, expired or revoked, with who and when. */
  list: workspaceProcedure("owner").query(({ ctx }) => service(ctx).list()),

  /** Revokes a pending invitation; its link stops working. */
  revoke: workspaceProcedure("owner")
    .input(revokeInvitationInputSchema)
    .mutation(({ ctx, input }) => service(ctx).revoke(input.invitationId)),

  /** What an invite link offers: workspace name, role, inviter's name and state (valid, expired, revoked, used). */
  inspect: publicProcedure
    .input(inviteTokenInputSchema)
    .query(({ ctx, input }) => inspectInvite(ctx.getDb(), input.token)),

  /** Joins the invite's workspace with its role (a member keeps a higher role); the link is then used up. */
  accept: userProcedure
    .input(inviteTokenInputSchema)
    .mutation(({ ctx, input }) => acceptInvite(ctx.getDb(), { token: input.token, userId: ctx.user.id })),
});
