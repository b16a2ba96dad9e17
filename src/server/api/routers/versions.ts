import { z } from "zod";

import { graphIdSchema, revisionSchema, versionNumberSchema } from "@/server/api/routers/inputs";
import { createTRPCRouter, workspaceProcedure, type Database } from "@/server/api/trpc";
import { VersionService } from "@/server/services/versions";

const byGraph = z.strictObject({ graphId: graphIdSchema });
const byVersion = z.strictObject({ graphId: graphIdSchema, version: versionNumberSchema });

function service(ctx: { getDb: () => Database; workspace: { id: string } }) {
  return new VersionService(ctx.getDb(), ctx.workspace.id);
}

/**
 * Versions of a graph: immutable compiled snapshots of the draft. Thin: the
 * rules are in `VersionService`.
 */
export const versionsRouter = createTRPCRouter({
  /**
   * Compiles the stored draft into the next version; `created: false` when
   * it equals the latest version. Any error diagnostic refuses with
   * UNPROCESSABLE_CONTENT and `data.diagnostics`.
   */
  create: workspaceProcedure("editor")
    .input(byGraph)
    .mutation(({ ctx, input }) => service(ctx).create(input.graphId)),

  /** The graph's versions, newest first. */
  list: workspaceProcedure("viewer")
    .input(byGraph)
    .query(({ ctx, input }) => service(ctx).list(input.graphId)),

  /** One version with its document and runtime definition. */
  get: workspaceProcedure("viewer")
    .input(byVersion)
    .query(({ ctx, input }) => service(ctx).get(input.graphId, input.version)),

  /** What changed per agent, edge, setting and graph field from one version to another (or to the draft). */
  diff: workspaceProcedure("viewer")
    .input(
      z.strictObject({
        graphId: graphIdSchema,
        from: versionNumberSchema,
        to: z.union([versionNumberSchema, z.literal("draft")], {
          error: 'must be a version number or "draft"',
        }),
      }),
    )
    .query(({ ctx, input }) => service(ctx).diff(input.graphId, input.from, input.to)),

  /** Makes this the graph's one published version (any other is unpublished). */
  publish: workspaceProcedure("editor")
    .input(byVersion)
    .mutation(({ ctx, input }) => service(ctx).publish(input.graphId, input.version)),

  /** Makes the version's document the draft, as a new revision of the one the caller holds. */
  restore: workspaceProcedure("editor")
    .input(z.strictObject({ graphId: graphIdSchema, version: versionNumberSchema, revision: revisionSchema }))
    .mutation(({ ctx, input }) => service(ctx).restore(input.graphId, input.version, input.revision)),
});
