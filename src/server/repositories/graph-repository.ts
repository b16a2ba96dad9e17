/**
 * Queries for graphs (the editable drafts), always scoped to a workspace so
 * a caller that checked membership cannot reach another workspace's graph.
 * No business rules here: services decide what to save, this stores it.
 */
import type { DbClient } from "./db-client";
import { GraphNotFoundError } from "@/server/errors/graph-not-found-error";
import { GraphRevisionConflictError } from "@/server/errors/graph-revision-conflict-error";
import { graphRecordSelect, graphSummarySelect, type GraphRecord, type GraphSummary } from "./graph-records";
import { toJsonInput } from "./json";

export type { GraphRecord, GraphSummary } from "./graph-records";

/** Which graph: ids are only meaningful inside their workspace. */
export interface GraphRef {
  workspaceId: string;
  graphId: string;
}

/** Fields of a new graph. */
export interface CreateGraphInput {
  workspaceId: string;
  name: string;
  description?: string;
  /** The graph document (JSON). */
  draft: unknown;
  createdById?: string | null;
}

/** A draft save, based on the revision the writer last read. */
export interface UpdateDraftInput extends GraphRef {
  expectedRevision: number;
  draft: unknown;
  name?: string;
  description?: string;
}

/** Stores and reads graphs. */
export class GraphRepository {
  constructor(private readonly db: DbClient) {}

  /** Creates a graph at revision 1 with no versions. */
  async create(input: CreateGraphInput): Promise<GraphRecord> {
    return this.db.graph.create({
      data: {
        workspaceId: input.workspaceId,
        name: input.name,
        description: input.description ?? "",
        draft: toJsonInput(input.draft, "draft"),
        createdById: input.createdById ?? null,
      },
      select: graphRecordSelect,
    });
  }

  /** The workspace's graphs, most recently changed first, without drafts. */
  async list(workspaceId: string): Promise<GraphSummary[]> {
    return this.db.graph.findMany({
      where: { workspaceId },
      orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
      select: graphSummarySelect,
    });
  }

  /** One graph with its draft; throws `GraphNotFoundError`. */
  async get(ref: GraphRef): Promise<GraphRecord> {
    const graph = await this.db.graph.findFirst({
      where: { id: ref.graphId, workspaceId: ref.workspaceId },
      select: graphRecordSelect,
    });
    if (!graph) throw new GraphNotFoundError(ref.graphId, ref.workspaceId);
    return graph;
  }

  /**
   * Saves the draft if the graph is still at `expectedRevision`, bumping the
   * revision — one conditional UPDATE, so two writers can never both win.
   * Throws `GraphRevisionConflictError` (with the actual revision) or
   * `GraphNotFoundError`.
   */
  async updateDraft(input: UpdateDraftInput): Promise<GraphRecord> {
    const [updated] = await this.db.graph.updateManyAndReturn({
      where: { id: input.graphId, workspaceId: input.workspaceId, revision: input.expectedRevision },
      data: {
        draft: toJsonInput(input.draft, "draft"),
        revision: { increment: 1 },
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description }),
      },
      select: graphRecordSelect,
    });
    if (updated) return updated;
    const current = await this.db.graph.findFirst({
      where: { id: input.graphId, workspaceId: input.workspaceId },
      select: { revision: true },
    });
    if (!current) throw new GraphNotFoundError(input.graphId, input.workspaceId);
    throw new GraphRevisionConflictError(input.graphId, input.expectedRevision, current.revision);
  }

  /** Deletes the graph and its versions; throws `GraphNotFoundError`. */
  async delete(ref: GraphRef): Promise<void> {
    const { count } = await this.db.graph.deleteMany({ where: { id: ref.graphId, workspaceId: ref.workspaceId } });
    if (count === 0) throw new GraphNotFoundError(ref.graphId, ref.workspaceId);
  }

  /**
   * Copies the draft into a new graph (revision 1, no versions) named
   * `name` or "<name> (copy)". The document is copied as is.
   */
  async duplicate(ref: GraphRef & { name?: string; createdById?: string | null }): Promise<GraphRecord> {
    const source = await this.get(ref);
    return this.create({
      workspaceId: source.workspaceId,
      name: ref.name ?? `${source.name} (copy)`,
      description: source.description,
      draft: source.draft,
      createdById: ref.createdById ?? null,
    });
  }
}
