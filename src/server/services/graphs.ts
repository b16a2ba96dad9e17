/**
 * What the editor and the graphs list do to graphs: read, create (blank or
 * from a template), save drafts with optimistic concurrency, rename,
 * duplicate, delete, and move them in and out as JSON or a Markdown zip.
 *
 * Every draft written here parses with the graph document schema (defaults
 * filled); compile errors are allowed in a draft. The graph's `name` and
 * `description` columns always follow the draft's. Refusals throw domain
 * errors before anything is written.
 */
import type { Diagnostic } from "@/core/diagnostics/diagnostic-schema";
import {
  exportMarkdownAgents,
  importMarkdownAgents,
  MarkdownExportError,
  MarkdownSpecError,
} from "@/core/graph/markdown";
import { parseGraphDocument } from "@/core/graph/parse";
import type { GraphDocument } from "@/core/graph/schema";
import { InvalidInputError } from "@/server/errors/invalid-input-error";
import { GraphRepository, type GraphRecord, type GraphRef } from "@/server/repositories/graph-repository";
import { GraphVersionRepository } from "@/server/repositories/graph-version-repository";
import type { PrismaClient } from "@/generated/prisma/client";
import { blankDocument, templateDocument } from "./graph-templates";
import { unzipMarkdownFiles, zipMarkdownFiles } from "./markdown-zip";

/** A graph as the editor opens it. Dates are ISO strings (no data transformer on the wire). */
export interface GraphDetail {
  id: string;
  name: string;
  description: string;
  revision: number;
  lastVersion: number;
  publishedVersion: number | null;
  draft: GraphDocument;
  createdAt: string;
  updatedAt: string;
}

/** Most problems listed in one error message; the rest are in `diagnostics`. */
const MAX_LISTED = 5;

/** "a; b; c …and 2 more" from diagnostics' messages (errors only). */
export function summarizeDiagnostics(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === "error");
  const listed = errors.slice(0, MAX_LISTED).map((d) => d.message);
  const more = errors.length - listed.length;
  return `${listed.join("; ")}${more > 0 ? ` …and ${more} more` : ""}`;
}

/**
 * Parses a document the caller sent (object or JSON text) or throws
 * `InvalidInputError` naming each problem with its path or line/column.
 */
export function requireDocument(input: unknown, what: string): GraphDocument {
  const parsed = parseGraphDocument(input);
  if (!parsed.ok)
    throw new InvalidInputError(
      `${what} is not a valid graph document: ${summarizeDiagnostics(parsed.diagnostics)}.`,
      parsed.diagnostics,
    );
  return parsed.document;
}

/** A stored draft as a document; drafts written before the editor existed are parsed the same way. */
function storedDocument(graph: GraphRecord): GraphDocument {
  const parsed = parseGraphDocument(graph.draft);
  if (!parsed.ok)
    throw new InvalidInputError(
      `The stored draft of graph ${graph.id} is not a valid graph document (${summarizeDiagnostics(parsed.diagnostics)}). Import a corrected JSON file into it.`,
      parsed.diagnostics,
    );
  return parsed.document;
}

/** A file name from a graph name: `Research team` → `research-team`. */
export function fileSlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return slug || "graph";
}

/** The graph service of one workspace. */
export class GraphService {
  private readonly graphs: GraphRepository;
  private readonly versions: GraphVersionRepository;

  constructor(
    db: PrismaClient,
    private readonly workspaceId: string,
  ) {
    this.graphs = new GraphRepository(db);
    this.versions = new GraphVersionRepository(db);
  }

  private ref(graphId: string): GraphRef {
    return { workspaceId: this.workspaceId, graphId };
  }

  /** The graph with its draft (defaults filled) and version numbers. */
  async get(graphId: string): Promise<GraphDetail> {
    const graph = await this.graphs.get(this.ref(graphId));
    const draft = storedDocument(graph);
    const publishedVersion = await this.versions.publishedVersion(this.ref(graphId));
    return {
      id: graph.id,
      name: graph.name,
      description: graph.description,
      revision: graph.revision,
      lastVersion: graph.lastVersion,
      publishedVersion,
      draft,
      createdAt: graph.createdAt.toISOString(),
      updatedAt: graph.updatedAt.toISOString(),
    };
  }

  /** The draft of a graph as a document (for versions and exports). */
  async document(graphId: string): Promise<{ graph: GraphRecord; document: GraphDocument }> {
    const graph = await this.graphs.get(this.ref(graphId));
    return { graph, document: storedDocument(graph) };
  }

  /** A new graph: blank, or a copy of a template; `name` overrides the template's. */
  async create(input: { name?: string; templateId?: string }): Promise<{ id: string; revision: number }> {
    let document: GraphDocument;
    if (input.templateId !== undefined) {
      const template = templateDocument(input.templateId);
      if (!template)
        throw new InvalidInputError(
          `There is no template "${input.templateId}". Pick one of the templates the "New graph" dialog lists (graphs.templates).`,
        );
      document = input.name !== undefined ? { ...template, name: input.name } : template;
    } else {
      document = blankDocument(input.name ?? "Untitled graph");
    }
    return this.createFrom(document);
  }

  private async createFrom(document: GraphDocument): Promise<{ id: string; revision: number }> {
    const graph = await this.graphs.create({
      workspaceId: this.workspaceId,
      name: document.name,
      description: document.description,
      draft: document,
    });
    return { id: graph.id, revision: graph.revision };
  }

  /**
   * Saves a draft based on `revision`. A stale revision throws
   * `GraphRevisionConflictError` (current revision in it); an invalid draft
   * `InvalidInputError`. Either way nothing is written.
   */
  async updateDraft(input: {
    graphId: string;
    revision: number;
    draft: unknown;
  }): Promise<{ revision: number; updatedAt: string }> {
    const document = requireDocument(input.draft, "The draft");
    return this.replaceDraft(input.graphId, input.revision, document);
  }

  private async replaceDraft(
    graphId: string,
    revision: number,
    document: GraphDocument,
  ): Promise<{ revision: number; updatedAt: string }> {
    const saved = await this.graphs.updateDraft({
      ...this.ref(graphId),
      expectedRevision: revision,
      draft: document,
      name: document.name,
      description: document.description,
    });
    return { revision: saved.revision, updatedAt: saved.updatedAt.toISOString() };
  }

  /** Renames the graph (its draft's name too), as a new revision of whatever is stored now. */
  async rename(graphId: string, name: string): Promise<{ revision: number }> {
    const { graph, document } = await this.document(graphId);
    const saved = await this.replaceDraft(graphId, graph.revision, { ...document, name });
    return { revision: saved.revision };
  }

  /** A copy of the draft as a new graph named "<name> (copy)" (no versions). */
  async duplicate(graphId: string): Promise<{ id: string }> {
    const { document } = await this.document(graphId);
    const { id } = await this.createFrom({ ...document, name: copyName(document.name) });
    return { id };
  }

  /** Deletes the graph and its versions. */
  async delete(graphId: string): Promise<{ id: string }> {
    await this.graphs.delete(this.ref(graphId));
    return { id: graphId };
  }

  /** The draft as pretty JSON text and a file name for it. */
  async exportJson(graphId: string): Promise<{ fileName: string; text: string }> {
    const { document } = await this.document(graphId);
    return { fileName: `${fileSlug(document.name)}.json`, text: `${JSON.stringify(document, null, 2)}\n` };
  }

  /**
   * Reads JSON text as a graph document: into a new graph, or (with
   * `graphId` and `revision`) as a new revision of that graph's draft.
   */
  async importJson(input: {
    text: string;
    graphId?: string;
    revision?: number;
  }): Promise<{ id: string; revision: number }> {
    const document = requireDocument(input.text, "The JSON file");
    return this.importDocument(document, input);
  }

  /** The draft as a zip of Markdown specs (base64), or `InvalidInputError` when the graph has no Markdown form. */
  async exportMarkdown(graphId: string): Promise<{ fileName: string; zipBase64: string }> {
    const { document } = await this.document(graphId);
    let files;
    try {
      files = exportMarkdownAgents(document);
    } catch (error) {
      if (!(error instanceof MarkdownExportError)) throw error;
      throw new InvalidInputError(`Graph "${document.name}" cannot be exported as Markdown: ${error.message}.`);
    }
    return {
      fileName: `${fileSlug(document.name)}-agents.zip`,
      zipBase64: Buffer.from(zipMarkdownFiles(files)).toString("base64"),
    };
  }

  /**
   * Reads a zip of Markdown specs (as the CLI's import-md reads a folder):
   * into a new graph, or as a new revision of `graphId`'s draft. Fields the
   * importer drops come back as `warnings`.
   */
  async importMarkdown(input: {
    zipBase64: string;
    graphId?: string;
    revision?: number;
  }): Promise<{ id: string; revision: number; warnings: string[] }> {
    const files = unzipMarkdownFiles(new Uint8Array(Buffer.from(input.zipBase64, "base64")));
    // Into an existing graph, specs that name no graph keep its name.
    const graphName = input.graphId !== undefined ? (await this.graphs.get(this.ref(input.graphId))).name : undefined;
    const warnings: string[] = [];
    let imported: GraphDocument;
    try {
      imported = importMarkdownAgents(files, {
        ...(graphName !== undefined && { graphName }),
        onWarning: (w) => warnings.push(`${w.fileName}${w.field ? `, field "${w.field}"` : ""}: ${w.message}`),
      });
    } catch (error) {
      if (!(error instanceof MarkdownSpecError)) throw error;
      throw new InvalidInputError(`The Markdown specs cannot be imported: ${error.message}.`);
    }
    // The importer builds a document; parsing it again applies the size and schema limits every draft meets.
    const document = requireDocument(imported, "The imported graph");
    return { ...(await this.importDocument(document, input)), warnings };
  }

  private async importDocument(
    document: GraphDocument,
    target: { graphId?: string; revision?: number },
  ): Promise<{ id: string; revision: number }> {
    if (target.graphId === undefined) return this.createFrom(document);
    if (target.revision === undefined)
      throw new InvalidInputError("Importing into an existing graph needs the revision you hold (input.revision).");
    const saved = await this.replaceDraft(target.graphId, target.revision, document);
    return { id: target.graphId, revision: saved.revision };
  }
}

function copyName(name: string): string {
  const copy = `${name} (copy)`;
  return copy.length <= 200 ? copy : `${name.slice(0, 193)} (copy)`;
}
