import { z } from "zod";

import { compile } from "@/core/compiler";
import {
  checkImportTarget,
  documentTextSchema,
  graphIdSchema,
  graphNameSchema,
  importTargetShape,
  revisionSchema,
  zipBase64Schema,
} from "@/server/api/routers/inputs";
import { createTRPCRouter, workspaceProcedure, type Database } from "@/server/api/trpc";
import { workspaceCompileOptions } from "@/server/services/workspace-compile-options";
import { listGraphSummaries } from "@/server/services/graph-summaries";
import { listTemplates } from "@/server/services/graph-templates";
import { GraphService } from "@/server/services/graphs";

const byId = z.strictObject({ graphId: graphIdSchema });

/** The graph service of the caller's workspace. */
function service(ctx: { getDb: () => Database; workspace: { id: string } }) {
  return new GraphService(ctx.getDb(), ctx.workspace.id);
}

/**
 * Graphs: the list, the editor's draft (read, save with a revision), and
 * everything the graphs list does to one (create, rename, duplicate, delete,
 * import/export). Thin: the rules are in `GraphService`.
 */
export const graphsRouter = createTRPCRouter({
  /** The workspace's graphs, most recently updated first, without their documents. */
  list: workspaceProcedure("viewer").query(async ({ ctx }) => {
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
   * Reads the workspace tool catalog (so allow-lists are checked against it)
   * and writes nothing; a mutation only so large documents travel in
   * a POST body instead of the URL. Invalid documents are not an error here:
   * they come back as diagnostics.
   */
  compile: workspaceProcedure("viewer")
    .input(z.object({ document: z.unknown() }))
    .mutation(async ({ ctx, input }) =>
      compile(input.document, await workspaceCompileOptions(ctx.getDb(), ctx.workspace.id)),
    ),

  /** One graph with its draft (a schema-valid document, defaults filled), revision and version numbers. */
  get: workspaceProcedure("viewer")
    .input(byId)
    .query(({ ctx, input }) => service(ctx).get(input.graphId)),

  /** What a new graph can start from: each example graph. */
  templates: workspaceProcedure("viewer").query(() => listTemplates()),

  /** A new graph, blank (one main agent on the scripted model) or from a template. */
  create: workspaceProcedure("editor")
    .input(z.strictObject({ name: graphNameSchema.optional(), templateId: z.string().max(100).optional() }))
    .mutation(async ({ ctx, input }) => ({ id: (await service(ctx).create(input)).id })),

  /** Saves the draft if the graph is still at `revision`; CONFLICT (with `data.currentRevision`) otherwise. */
  updateDraft: workspaceProcedure("editor")
    .input(z.strictObject({ graphId: graphIdSchema, revision: revisionSchema, draft: z.unknown() }))
    .mutation(({ ctx, input }) => service(ctx).updateDraft(input)),

  /** Renames the graph (and its draft), as a new revision. */
  rename: workspaceProcedure("editor")
    .input(z.strictObject({ graphId: graphIdSchema, name: graphNameSchema }))
    .mutation(({ ctx, input }) => service(ctx).rename(input.graphId, input.name)),

  /** Copies the draft into a new graph "<name> (copy)". */
  duplicate: workspaceProcedure("editor")
    .input(byId)
    .mutation(({ ctx, input }) => service(ctx).duplicate(input.graphId)),

  /** Deletes the graph and all its versions. */
  delete: workspaceProcedure("editor")
    .input(byId)
    .mutation(({ ctx, input }) => service(ctx).delete(input.graphId)),

  /** The draft as JSON text, with a file name. */
  exportJson: workspaceProcedure("viewer")
    .input(byId)
    .query(({ ctx, input }) => service(ctx).exportJson(input.graphId)),

  /** JSON text as a new graph, or (graphId + revision) as a new revision of that draft. */
  importJson: workspaceProcedure("editor")
    .input(z.strictObject({ text: documentTextSchema, ...importTargetShape }).superRefine(checkImportTarget))
    .mutation(({ ctx, input }) => service(ctx).importJson(input)),

  /** The draft as a zip of Markdown agent specs (base64), with a file name. */
  exportMarkdown: workspaceProcedure("viewer")
    .input(byId)
    .query(({ ctx, input }) => service(ctx).exportMarkdown(input.graphId)),

  /** A zip of Markdown agent specs as a new graph, or (graphId + revision) as a new revision of that draft. */
  importMarkdown: workspaceProcedure("editor")
    .input(z.strictObject({ zipBase64: zipBase64Schema, ...importTargetShape }).superRefine(checkImportTarget))
    .mutation(({ ctx, input }) => service(ctx).importMarkdown(input)),
});
