/**
 * Versions of a graph: immutable snapshots of the draft with the compiled
 * runtime definition and its content hash. Create (compile on the server;
 * refused on any error diagnostic; an unchanged draft makes no new version),
 * list, read, diff, publish (one per graph) and restore into the draft.
 */
import { compile } from "@/core/compiler";
import { diffDocuments, type DocumentDiff } from "@/core/graph/diff-documents";
import { parseGraphDocument } from "@/core/graph/parse";
import type { GraphDocument } from "@/core/graph/schema";
import type { PrismaClient } from "@/generated/prisma/client";
import { GraphCompileError } from "@/server/errors/graph-compile-error";
import { workspaceCompileOptions } from "@/server/services/workspace-compile-options";
import { InvalidInputError } from "@/server/errors/invalid-input-error";
import { GraphRepository, type GraphRef } from "@/server/repositories/graph-repository";
import { GraphVersionRepository, type GraphVersionSummary } from "@/server/repositories/graph-version-repository";
import { countAgents } from "./graph-summaries";
import { GraphService, summarizeDiagnostics } from "./graphs";

/** A version as listed. Dates are ISO strings. */
export interface VersionListItem {
  version: number;
  contentHash: string;
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
  agentCount: number;
}

/** A version with its document and compiled definition. */
export interface VersionDetail extends VersionListItem {
  document: GraphDocument;
  definition: unknown;
}

function listItem(version: GraphVersionSummary, agentCount: number): VersionListItem {
  return {
    version: version.version,
    contentHash: version.contentHash,
    published: version.published,
    publishedAt: version.publishedAt?.toISOString() ?? null,
    createdAt: version.createdAt.toISOString(),
    agentCount,
  };
}

/** The versions service of one workspace. */
export class VersionService {
  private readonly versions: GraphVersionRepository;
  private readonly graphs: GraphService;
  /** For "does the graph exist" checks, so an unknown graph is named as such rather than as a missing version. */
  private readonly graphRepository: GraphRepository;

  constructor(
    private readonly db: PrismaClient,
    private readonly workspaceId: string,
  ) {
    this.versions = new GraphVersionRepository(db);
    this.graphs = new GraphService(db, workspaceId);
    this.graphRepository = new GraphRepository(db);
  }

  private ref(graphId: string): GraphRef {
    return { workspaceId: this.workspaceId, graphId };
  }

  /**
   * Compiles the stored draft and stores it as the next version, unless the
   * latest version has the same content hash (`created: false`, its number).
   * Any error diagnostic refuses with `GraphCompileError`.
   */
  async create(graphId: string): Promise<{ version: number; created: boolean; contentHash: string }> {
    const { document } = await this.graphs.document(graphId);
    const result = compile(document, await workspaceCompileOptions(this.db, this.workspaceId));
    if (result.definition === null || result.hash === null) throw new GraphCompileError(graphId, result.diagnostics);
    const { created, version } = await this.versions.createIfChanged({
      ...this.ref(graphId),
      document,
      definition: result.definition,
      contentHash: result.hash,
    });
    return { version: version.version, created, contentHash: version.contentHash };
  }

  /** The graph's versions, newest first. */
  async list(graphId: string): Promise<VersionListItem[]> {
    const versions = await this.versions.list(this.ref(graphId));
    const counts = await this.versions.agentCounts(this.ref(graphId));
    return versions.map((version) => listItem(version, counts.get(version.version) ?? 0));
  }

  /** One version with its document and definition. */
  async get(graphId: string, version: number): Promise<VersionDetail> {
    await this.graphRepository.get(this.ref(graphId));
    const record = await this.versions.get({ ...this.ref(graphId), version });
    const document = versionDocument(graphId, version, record.document);
    return { ...listItem(record, countAgents(record.document)), document, definition: record.definition };
  }

  /** What changed from version `from` to version `to` (or to the current draft). */
  async diff(graphId: string, from: number, to: number | "draft"): Promise<DocumentDiff> {
    const before = (await this.get(graphId, from)).document;
    const after =
      to === "draft" ? (await this.graphs.document(graphId)).document : (await this.get(graphId, to)).document;
    return diffDocuments(before, after);
  }

  /** Makes `version` the graph's one published version. */
  async publish(graphId: string, version: number): Promise<VersionListItem> {
    await this.graphRepository.get(this.ref(graphId));
    const published = await this.versions.publish({ ...this.ref(graphId), version });
    const counts = await this.versions.agentCounts(this.ref(graphId));
    return listItem(published, counts.get(version) ?? 0);
  }

  /**
   * Makes the version's document the draft, as a new revision; `revision`
   * is the one the caller holds (a stale one is a conflict, nothing written).
   */
  async restore(graphId: string, version: number, revision: number): Promise<{ revision: number }> {
    const { document } = await this.get(graphId, version);
    const saved = await this.graphs.updateDraft({ graphId, revision, draft: document });
    return { revision: saved.revision };
  }
}

function versionDocument(graphId: string, version: number, stored: unknown): GraphDocument {
  const parsed = parseGraphDocument(stored);
  if (!parsed.ok)
    throw new InvalidInputError(
      `Version ${version} of graph ${graphId} holds a document that no longer parses (${summarizeDiagnostics(parsed.diagnostics)}).`,
      parsed.diagnostics,
    );
  return parsed.document;
}
