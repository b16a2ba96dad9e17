/**
 * The workspace's price table: everyone may read it (costs are shown to
 * viewers); only owners change it.
 */
import { z } from "zod";

import { priceIdSchema, priceSetSchema } from "@/core/providers/price-input";
import { createTRPCRouter, workspaceProcedure, type Database } from "@/server/api/trpc";
import { PriceService } from "@/server/services/prices";

function service(ctx: { getDb: () => Database; workspace: { id: string } }) {
  return new PriceService(ctx.getDb(), ctx.workspace.id);
}

export const pricesRouter = createTRPCRouter({
  /** Every row, by provider then model (USD per 1M tokens). */
  list: workspaceProcedure("viewer").query(({ ctx }) => service(ctx).list()),

  /** Adds or changes a row (with `id`: that row; without: the row of the same provider and model, or a new one). */
  set: workspaceProcedure("owner")
    .input(priceSetSchema)
    .mutation(({ ctx, input }) => service(ctx).set(input)),

  /** Removes a row: that model's calls are then priced "unknown". */
  delete: workspaceProcedure("owner")
    .input(z.strictObject({ id: priceIdSchema }))
    .mutation(({ ctx, input }) => service(ctx).delete(input.id)),

  /** Replaces the table with the built-in defaults. */
  resetToDefaults: workspaceProcedure("owner").mutation(({ ctx }) => service(ctx).resetToDefaults()),
});
