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
   * Marks the version published (keeping the first `publishedAt` if it
   * already was); throws `GraphVersionNotFoundError`.
   */
  async publish(ref: VersionRef): Promise<GraphVersionSummary> {
    const where = { graphId: ref.graphId, version: ref.version, graph: { workspaceId: ref.workspaceId } };
    await this.db.graphVersion.updateMany({
      where: { ...where, published: false },
      data: { published: true, publishedAt: new Date() },
    });
    const version = await this.db.graphVersion.findFirst({ where, select: versionSummarySelect });
    if (!version) throw new GraphVersionNotFoundError(ref.graphId, ref.version);
    return version;
  }
}
