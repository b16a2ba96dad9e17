/**
 * Members of the current workspace: who is in it (any member), changing a
 * role and removing someone (owners), leaving (any member). Thin: the rules
 * (one owner at least, ids inside this workspace) are in `MemberService`.
 */
import { removeMemberInputSchema, setMemberRoleInputSchema } from "@/core/workspaces/workspace-inputs";
import { createTRPCRouter, workspaceProcedure, type Database } from "@/server/api/trpc";
import { MemberService } from "@/server/services/members";

function service(ctx: { getDb: () => Database; workspace: { id: string }; user: { id: string } }) {
  return new MemberService(ctx.getDb(), ctx.workspace.id, ctx.user.id);
}

export const membersRouter = createTRPCRouter({
  /** Every member of the workspace (name, email, role, joined date), earliest first; `you` marks the caller. */
  list: workspaceProcedure("viewer").query(({ ctx }) => service(ctx).list()),

  /** Gives a member another role. CONFLICT when it would leave the workspace without an owner. */
  setRole: workspaceProcedure("owner")
    .input(setMemberRoleInputSchema)
    .mutation(({ ctx, input }) => service(ctx).setRole(input.userId, input.role)),

  /** Removes a member. CONFLICT for the only owner. */
  remove: workspaceProcedure("owner")
    .input(removeMemberInputSchema)
    .mutation(({ ctx, input }) => service(ctx).remove(input.userId)),

  /** The caller leaves the current workspace. CONFLICT when they are its only owner. */
  leave: workspaceProcedure("viewer").mutation(({ ctx }) => service(ctx).leave()),
});
