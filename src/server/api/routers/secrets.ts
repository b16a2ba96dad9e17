/**
 * Workspace secrets for tool headers. Viewers see names and last four
 * characters; owners set and delete. Values never leave the server.
 */
import { z } from "zod";

import { secretNameSchema, secretSetSchema } from "@/core/tools/http-tool-schema";
import { createTRPCRouter, workspaceProcedure, type Database } from "@/server/api/trpc";
import { WorkspaceSecretService } from "@/server/tools/secrets/workspace-secrets";

function service(ctx: { getDb: () => Database; workspace: { id: string } }) {
  return new WorkspaceSecretService(ctx.getDb(), ctx.workspace.id);
}

export const secretsRouter = createTRPCRouter({
  /** Names and last four characters, by name. */
  list: workspaceProcedure("viewer").query(({ ctx }) => service(ctx).list()),

  /** Creates a secret or replaces its value. */
  set: workspaceProcedure("owner")
    .input(secretSetSchema)
    .mutation(({ ctx, input }) => service(ctx).set(input.name, input.value)),

  /** Deletes a secret no HTTP tool header references. */
  delete: workspaceProcedure("owner")
    .input(z.strictObject({ name: secretNameSchema }))
    .mutation(({ ctx, input }) => service(ctx).delete(input.name)),
});
