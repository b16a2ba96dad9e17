/**
 * HTTP tools of the workspace catalog (Settings → Tools). Viewers list them;
 * editors create, update, delete and test them. Thin: the rules are in
 * `HttpToolService`.
 */
import { z } from "zod";

import {
  httpToolIdSchema,
  httpToolInputSchema,
  httpToolTestSchema,
  httpToolUpdateSchema,
} from "@/core/tools/http-tool-schema";
import { createTRPCRouter, workspaceProcedure, type Database } from "@/server/api/trpc";
import { HttpToolService } from "@/server/tools/http/http-tool-service";

function service(ctx: { getDb: () => Database; workspace: { id: string } }) {
  return new HttpToolService(ctx.getDb(), ctx.workspace.id);
}

export const httpToolsRouter = createTRPCRouter({
  /** The workspace's HTTP tools by name (headers show secret references, never values). */
  list: workspaceProcedure("viewer").query(({ ctx }) => service(ctx).list()),

  /** Adds a tool; its name must be free across the catalog and its header secrets must exist. */
  create: workspaceProcedure("editor")
    .input(httpToolInputSchema)
    .mutation(({ ctx, input }) => service(ctx).create(input)),

  /** Replaces a tool's definition. */
  update: workspaceProcedure("editor")
    .input(httpToolUpdateSchema)
    .mutation(({ ctx, input }) => service(ctx).update(input.id, input.tool)),

  /** Removes a tool (graphs naming it then fail to compile with unknown_tool). */
  delete: workspaceProcedure("editor")
    .input(z.strictObject({ id: httpToolIdSchema }))
    .mutation(({ ctx, input }) => service(ctx).delete(input.id)),

  /**
   * Calls a tool definition (saved or not) with sample arguments, through the
   * address guard: the status, time and (truncated) body, or why it failed.
   */
  test: workspaceProcedure("editor")
    .input(httpToolTestSchema)
    .mutation(({ ctx, input }) => service(ctx).test(input.tool, input.args)),
});
