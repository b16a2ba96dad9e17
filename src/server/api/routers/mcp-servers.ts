/**
 * The workspace's MCP servers (Settings → Tools). Reading is open to every
 * member (names of environment variables and headers, never their values);
 * adding, changing and deleting a server is for owners (a stdio server runs
 * a command on the server machine); listing a server's tools and choosing
 * which agents may use is for editors. Thin: the rules are in
 * `McpServerService`.
 */
import { z } from "zod";

import {
  mcpEnabledToolsSchema,
  mcpServerIdSchema,
  mcpServerSettingsSchema,
  mcpServerUpdateSchema,
} from "@/core/tools/mcp-server-schema";
import { createTRPCRouter, workspaceProcedure, type Database } from "@/server/api/trpc";
import { McpServerService } from "@/server/services/mcp-servers";

const byId = z.strictObject({ id: mcpServerIdSchema });

function service(ctx: { getDb: () => Database; workspace: { id: string } }) {
  return new McpServerService(ctx.getDb(), ctx.workspace.id);
}

export const mcpServersRouter = createTRPCRouter({
  /** Every server with its listed tools, which are enabled, and its last error. */
  list: workspaceProcedure("viewer").query(({ ctx }) => service(ctx).list()),

  /** Adds a server; list its tools with `refresh`. */
  create: workspaceProcedure("owner")
    .input(mcpServerSettingsSchema)
    .mutation(({ ctx, input }) => service(ctx).create(input)),

  /** Changes a server; environment and header rows without a value keep the stored value. */
  update: workspaceProcedure("owner")
    .input(mcpServerUpdateSchema)
    .mutation(({ ctx, input }) => service(ctx).update(input.id, input.settings)),

  /** Deletes a server; its tools leave the catalog. */
  delete: workspaceProcedure("owner")
    .input(byId)
    .mutation(({ ctx, input }) => service(ctx).delete(input.id)),

  /** Connects to the server and stores the tools it lists, or the error in words. */
  refresh: workspaceProcedure("editor")
    .input(byId)
    .mutation(({ ctx, input }) => service(ctx).refresh(input.id)),

  /** Which of the listed tools agents may use (names the server did not list are refused). */
  setEnabledTools: workspaceProcedure("editor")
    .input(mcpEnabledToolsSchema)
    .mutation(({ ctx, input }) => service(ctx).setEnabledTools(input.id, input.tools)),
});
