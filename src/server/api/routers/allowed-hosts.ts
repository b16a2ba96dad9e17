/**
 * The owner's exceptions to the outbound address guard: hosts tools may call
 * although they resolve to loopback, private or link-local addresses.
 */
import { allowedHostInputSchema } from "@/core/tools/http-tool-schema";
import { createTRPCRouter, workspaceProcedure, type Database } from "@/server/api/trpc";
import { AllowedHostService } from "@/server/tools/allowed-hosts";

function service(ctx: { getDb: () => Database; workspace: { id: string } }) {
  return new AllowedHostService(ctx.getDb(), ctx.workspace.id);
}

export const allowedHostsRouter = createTRPCRouter({
  /** The allowed hosts, by host. */
  list: workspaceProcedure("viewer").query(({ ctx }) => service(ctx).list()),

  /** Allows a host ("localhost", "10.0.0.5:8080", "[::1]"), normalised; adding it twice changes nothing. */
  add: workspaceProcedure("owner")
    .input(allowedHostInputSchema)
    .mutation(({ ctx, input }) => service(ctx).add(input.host, ctx.user.id)),

  /** Removes an allowed host. */
  remove: workspaceProcedure("owner")
    .input(allowedHostInputSchema)
    .mutation(({ ctx, input }) => service(ctx).remove(input.host)),
});
