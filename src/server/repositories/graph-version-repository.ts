/**
 * Queries for graph versions: immutable snapshots numbered 1, 2, 3, … per
 * graph, each with its compiled definition and content hash.
 */
import type { PrismaClient } from "@/generated/prisma/client";
import { Prisma } from "@/generated/prisma/client";
import { GraphNotFoundError } from "@/server/errors/graph-not-found-error";
import { GraphVersionNotFoundError } from "@/server/errors/graph-version-not-found-error";
import {
  versionRecordSelect,
  versionSummarySelect,
  type GraphVersionRecord,
  type GraphVersionSummary,
} from "./graph-records";
import type { GraphRef } from "./graph-repository";
import { toJsonInput } from "./json";

export type { GraphVersionRecord, GraphVersionSummary } from "./graph-records";

/** A new snapshot of a graph. */
export interface CreateVersionInput extends GraphRef {
  /** The graph document as of this version. */
  document: unknown;
  /** The compiler's output for `document`. */
  definition: unknown;
  contentHash: string;
  createdById?: string | null;
}

/** Which version of which graph. */
export interface VersionRef extends GraphRef {
  version: number;
}

/** Prisma's "record to update not found" code. */
const RECORD_NOT_FOUND = "P2025";

/** Stores and reads graph versions. */
export class GraphVersionRepository {
  constructor(private readonly db: PrismaClient) {}

  /**
   * Creates the next version. The number comes from incrementing the
   * graph's `lastVersion` in the same transaction: the row lock orders
   * concurrent creators, so they get distinct, gapless numbers.
   */
  async create(input: CreateVersionInput): Promise<GraphVersionRecord> {
    const data = {
      document: toJsonInput(input.document, "document"),
      definition: toJsonInput(input.definition, "definition"),
      contentHash: input.contentHash,
      createdById: input.createdById ?? null,
    };
    try {
      return await this.db.$transaction(async (tx) => {
        const { lastVersion } = await tx.graph.update({
          where: { id: input.graphId, workspaceId: input.workspaceId },
          data: { lastVersion: { increment: 1 } },
          select: { lastVersion: true },
        });
        return tx.graphVersion.create({
          data: { ...data, graphId: input.graphId, version: lastVersion },
          select: versionRecordSelect,
        });
      });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === RECORD_NOT_FOUND) {
        throw new GraphNotFoundError(input.graphId, input.workspaceId);
      }
      throw error;
    }
  }

  /** The graph's versions, newest first; throws `GraphNotFoundError`. */
  async list(ref: GraphRef): Promise<GraphVersionSummary[]> {
    const graph = await this.db.graph.findFirst({
      where: { id: ref.graphId, workspaceId: ref.workspaceId },
      select: { versions: { select: versionSummarySelect, orderBy: { version: "desc" } } },
    });
    if (!graph) throw new GraphNotFoundError(ref.graphId, ref.workspaceId);
    return graph.versions;
  }

  /** One version with document and definition; throws `GraphVersionNotFoundError`. */
  async get(ref: VersionRef): Promise<GraphVersionRecord> {
    const version = await this.db.graphVersion.findFirst({
      where: { graphId: ref.graphId, version: ref.version, graph: { workspaceId: ref.workspaceId } },
      select: versionRecordSelect,
    });
    if (!version) throw new GraphVersionNotFoundError(ref.graphId, ref.version);
    return version;
  }

  /**
   * Creates the next version unless the latest one has the same content
   * hash, in which case that one is returned with `created: false`. The
   * graph row is locked for the check, so two identical concurrent requests
   * create one version.
   */
  async createIfChanged(input: CreateVersionInput): Promise<{ created: boolean; version: GraphVersionSummary }> {
    return this.db.$transaction(async (tx) => {
      if (!(await lockGraph(tx, input))) throw new GraphNotFoundError(input.graphId, input.workspaceId);
      const latest = await tx.graphVersion.findFirst({
        where: { graphId: input.graphId },
        orderBy: { version: "desc" },
        select: versionSummarySelect,
      });
      if (latest && latest.contentHash === input.contentHash) return { created: false, version: latest };
      const { lastVersion } = await tx.graph.update({
        where: { id: input.graphId, workspaceId: input.workspaceId },
        data: { lastVersion: { increment: 1 } },
        select: { lastVersion: true },
      });
      const version = await tx.graphVersion.create({
        data: {
          graphId: input.graphId,
          version: lastVersion,
          document: toJsonInput(input.document, "document"),
          definition: toJsonInput(input.definition, "definition"),
          contentHash: input.contentHash,
          createdById: input.createdById ?? null,
        },
        select: versionSummarySelect,
      });
      return { created: true, version };
    });
  }

  /** Agents in each version's document, by version number (the list shows it without loading documents). */
  async agentCounts(ref: GraphRef): Promise<Map<number, number>> {
    const rows = await this.db.$queryRaw<{ version: number; agents: number | null }[]>`
      SELECT v.version, jsonb_array_length(CASE jsonb_typeof(v.document->'agents') WHEN 'array' THEN v.document->'agents' ELSE '[]'::jsonb END)::int AS agents
      FROM graph_versions v JOIN graphs g ON g.id = v.graph_id
      WHERE v.graph_id = ${ref.graphId}::uuid AND g.workspace_id = ${ref.workspaceId}::uuid`;
    return new Map(rows.map((row) => [row.version, row.agents ?? 0]));
  }

  /** The number of the graph's published version, or null when none is. */
  async publishedVersion(ref: GraphRef): Promise<number | null> {
    const version = await this.db.graphVersion.findFirst({
      where: { graphId: ref.graphId, published: true, graph: { workspaceId: ref.workspaceId } },
      orderBy: { version: "desc" },
      select: { version: true },
    });
    return version?.version ?? null;
  }

  /**
   * Makes this the graph's one published version: any other is unpublished
   * in the same transaction (the graph row is locked, so concurrent
   * publishes of two versions leave exactly one published). Publishing the
   * published version again keeps its first `publishedAt`. Throws
   * `GraphVersionNotFoundError` (and changes nothing).
   */
  async publish(ref: VersionRef): Promise<GraphVersionSummary> {
    return this.db.$transaction(async (tx) => {
      const locked = await lockGraph(tx, ref);
      if (!locked) throw new GraphVersionNotFoundError(ref.graphId, ref.version);
      const where = { graphId: ref.graphId, version: ref.version };
      const target = await tx.graphVersion.findFirst({ where, select: { id: true } });
      if (!target) throw new GraphVersionNotFoundError(ref.graphId, ref.version);
      await tx.graphVersion.updateMany({
        where: { graphId: ref.graphId, published: true, version: { not: ref.version } },
        data: { published: false, publishedAt: null },
      });
      await tx.graphVersion.updateMany({
        where: { ...where, published: false },
        data: { published: true, publishedAt: new Date() },
      });
      return tx.graphVersion.findFirstOrThrow({ where, select: versionSummarySelect });
    });
  }
}

/**
 * Locks the graph's row for the rest of the transaction (orders concurrent
 * version writers); false when the graph is not in the workspace.
 */
async function lockGraph(tx: Prisma.TransactionClient, ref: GraphRef): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM graphs WHERE id = ${ref.graphId}::uuid AND workspace_id = ${ref.workspaceId}::uuid FOR UPDATE`;
  return rows.length > 0;
}
