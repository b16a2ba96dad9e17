import { z } from "zod";

import { compile } from "@/core/compiler";
import { createTRPCRouter, publicProcedure, workspaceProcedure } from "@/server/api/trpc";
import { listGraphSummaries } from "@/server/services/graph-summaries";

/** Graph documents: listing, compiling (more in later releases). */
export const graphRouter = createTRPCRouter({
  /** The workspace's graphs, most recently updated first, without their documents. */
  list: workspaceProcedure.query(async ({ ctx }) => {
    const graphs = await listGraphSummaries(ctx.getDb(), ctx.workspace.id);
    // Without a data transformer, dates cross the wire as strings: say so in
    // the type, and keep in-process callers (server components) identical.
    return graphs.map((graph) => ({
      id: graph.id,
      name: graph.name,
      description: graph.description,
      agentCount: graph.agentCount,
      revision: graph.revision,
      lastVersion: graph.lastVersion,
      createdAt: graph.createdAt.toISOString(),
      updatedAt: graph.updatedAt.toISOString(),
    }));
  }),

  /**
   * Compiles a graph document into a runtime definition plus diagnostics.
   * Pure and side-effect free; a mutation only so large documents travel in
   * a POST body instead of the URL. Invalid documents are not an error here:
   * they come back as diagnostics.
   */
  compile: publicProcedure.input(z.object({ document: z.unknown() })).mutation(({ input }) => compile(input.document)),
});
