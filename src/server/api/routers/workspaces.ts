/**
 * The caller's workspaces: the one this request acts on, every one they
 * belong to (the header's switcher), creating one and renaming the current
 * one.
 */
import { workspaceNameInputSchema } from "@/core/workspaces/workspace-inputs";
import { pickMembership } from "@/server/api/access";
import { WorkspaceRepository } from "@/server/repositories/workspace-repository";
import { createTRPCRouter, userProcedure, workspaceProcedure } from "@/server/api/trpc";
import { createWorkspace, renameWorkspace } from "@/server/services/workspaces";

export const workspacesRouter = createTRPCRouter({
  /** The workspace this request acts on, the caller's role in it, and the caller. */
  current: workspaceProcedure("viewer").query(({ ctx }) => ({
    workspace: { id: ctx.workspace.id, slug: ctx.workspace.slug, name: ctx.workspace.name },
    role: ctx.role,
    user: { id: ctx.user.id, email: ctx.user.email, name: ctx.user.name },
  })),

  /**
   * Every workspace the caller belongs to, by name, with their role;
   * `current` marks the one this request acts on (none when they belong to
   * none, or the request names one they are not in).
   */
  mine: userProcedure.query(async ({ ctx }) => {
    const workspaces = await new WorkspaceRepository(ctx.getDb()).listForUser(ctx.user.id);
    const { membership } = pickMembership(workspaces, ctx.headers);
    return workspaces.map(({ id, slug, name, role }) => ({ id, slug, name, role, current: id === membership?.id }));
  }),

  /** A new workspace with the caller as its owner, a unique slug and the default price table. */
  create: userProcedure
    .input(workspaceNameInputSchema)
    .mutation(({ ctx, input }) => createWorkspace(ctx.getDb(), { name: input.name, ownerId: ctx.user.id })),

  /** Renames the current workspace (owners). */
  rename: workspaceProcedure("owner")
    .input(workspaceNameInputSchema)
    .mutation(({ ctx, input }) => renameWorkspace(ctx.getDb(), { workspaceId: ctx.workspace.id, name: input.name })),
});
