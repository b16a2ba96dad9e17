/** The workspace's whole tool catalog, for the editor's tool checklist. */
import { createTRPCRouter, workspaceProcedure } from "@/server/api/trpc";
import { workspaceCatalog } from "@/server/tools/tool-catalog";

export const toolsRouter = createTRPCRouter({
  /** Built-in tools, then every source's tools (HTTP, MCP), each with where it comes from. */
  catalog: workspaceProcedure("viewer").query(({ ctx }) => workspaceCatalog(ctx.getDb(), ctx.workspace.id)),
});
