/**
 * What the graphs list shows about each graph of a workspace.
 */
import { GraphNotFoundError } from "@/server/errors/graph-not-found-error";
import type { DbClient } from "@/server/repositories/db-client";
import { GraphRepository, type GraphSummary } from "@/server/repositories/graph-repository";

/** A graph as listed: its summary plus figures read from the draft. */
export interface GraphListItem extends GraphSummary {
  /** Agents drawn in the draft (0 for a draft that is not a graph document). */
  agentCount: number;
}

/**
 * Number of agents in a graph document. Tolerant: drafts are stored as the
 * user left them, so a draft without a valid `agents` array counts 0 rather
 * than failing the whole list.
 */
export function countAgents(document: unknown): number {
  if (typeof document !== "object" || document === null) return 0;
  const agents = (document as { agents?: unknown }).agents;
  return Array.isArray(agents) ? agents.length : 0;
}

/**
 * The workspace's graphs, most recently changed first, with their agent
 * counts.
 *
 * The repository's list leaves drafts out (they can be large), so the counts
 * come from one draft read per graph. Fine for the tens of graphs a
 * workspace holds; a stored count on the graph row would make this a single
 * query.
 */
export async function listGraphSummaries(db: DbClient, workspaceId: string): Promise<GraphListItem[]> {
  const graphs = new GraphRepository(db);
  const summaries = await graphs.list(workspaceId);
  const items = await Promise.all(
    summaries.map(async (summary): Promise<GraphListItem | null> => {
      try {
        const { draft } = await graphs.get({ workspaceId, graphId: summary.id });
        return { ...summary, agentCount: countAgents(draft) };
      } catch (error) {
        // Deleted between the two reads: it is no longer in the workspace.
        if (error instanceof GraphNotFoundError) return null;
        throw error;
      }
    }),
  );
  return items.filter((item) => item !== null);
}
