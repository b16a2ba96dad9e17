/**
 * Model providers of the workspace. Everyone in it may list them (to pick
 * models in the editor); only owners add, change, remove or test them —
 * they hold the keys. No procedure returns a key, sealed or plain.
 */
import { z } from "zod";

import {
  providerCreateSchema,
  providerIdSchema,
  providerModelsSchema,
  providerUpdateSchema,
} from "@/core/providers/provider-input";
import { createTRPCRouter, workspaceProcedure, type Database } from "@/server/api/trpc";
import { ProviderService } from "@/server/services/providers";

const byId = z.strictObject({ id: providerIdSchema });

function service(ctx: { getDb: () => Database; workspace: { id: string } }) {
  return new ProviderService(ctx.getDb(), ctx.workspace.id);
}

export const providersRouter = createTRPCRouter({
  /** The workspace's providers by name: kind, base URL, the key's last four characters, models, the last test. */
  list: workspaceProcedure("viewer").query(({ ctx }) => service(ctx).list()),

  /** Adds a provider; its key is sealed before it is stored. */
  create: workspaceProcedure("owner")
    .input(providerCreateSchema)
    .mutation(({ ctx, input }) => service(ctx).create(input)),

  /** Renames a provider, changes its base URL, replaces (or, for OpenAI-compatible, removes) its key. */
  update: workspaceProcedure("owner")
    .input(providerUpdateSchema)
    .mutation(({ ctx, input }) => service(ctx).update(input)),

  /** Removes a provider; chains naming it fail with a clear error until they pick another. */
  delete: workspaceProcedure("owner")
    .input(byId)
    .mutation(({ ctx, input }) => service(ctx).delete(input.id)),

  /** Calls the provider's models endpoint, stores the result and the model list, and says what happened. */
  test: workspaceProcedure("owner")
    .input(byId)
    .mutation(({ ctx, input }) => service(ctx).test(input.id)),

  /** Replaces the model list by hand (providers without a models endpoint). */
  setModels: workspaceProcedure("owner")
    .input(providerModelsSchema)
    .mutation(({ ctx, input }) => service(ctx).setModels(input.id, input.models)),
});
