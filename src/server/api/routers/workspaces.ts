/**
 * The caller's workspaces: the one this request acts on and every one they
 * belong to (the header's switcher).
 */
import { WorkspaceRepository } from "@/server/repositories/workspace-repository";
import { createTRPCRouter, userProcedure, workspaceProcedure } from "@/server/api/trpc";

export const workspacesRouter = createTRPCRouter({
  /** The workspace this request acts on, the caller's role in it, and the caller. */
  current: workspaceProcedure("viewer").query(({ ctx }) => ({
    workspace: { id: ctx.workspace.id, slug: ctx.workspace.slug, name: ctx.workspace.name },
    role: ctx.role,
    user: { id: ctx.user.id, email: ctx.user.email, name: ctx.user.name },
  })),

  /** Every workspace the caller belongs to, by name, with their role. */
  mine: userProcedure.query(async ({ ctx }) => {
    const workspaces = await new WorkspaceRepository(ctx.getDb()).listForUser(ctx.user.id);
    return workspaces.map(({ id, slug, name, role }) => ({ id, slug, name, role }));
  }),
});
