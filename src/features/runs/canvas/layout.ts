import type { ElkNode } from "elkjs/lib/elk-api";

/** A run canvas node's size (the CSS width; its usual height). */
export const RUN_NODE_SIZE = { width: 240, height: 132 };

/** ELK's layered algorithm, top-down (as the editor lays graphs out): the root on top, each level of children below. */
const LAYOUT_OPTIONS: Record<string, string> = {
  "elk.algorithm": "layered",
  "elk.direction": "DOWN",
  "elk.layered.spacing.nodeNodeBetweenLayers": "110",
  "elk.spacing.nodeNode": "48",
  "elk.spacing.componentComponent": "72",
  "elk.layered.nodePlacement.strategy": "BRANDES_KOEPF",
  "elk.layered.considerModelOrder.strategy": "NODES_AND_EDGES",
};

/**
 * Top-down positions for the agents of a run's graph (ELK, loaded on first
 * use). Self-delegation edges are left out: they would only bend the layout.
 */
export async function layoutRunGraph(
  agentIds: readonly string[],
  edges: readonly { id: string; from: string; to: string }[],
): Promise<Map<string, { x: number; y: number }>> {
  const { default: ELK } = await import("elkjs/lib/elk.bundled.js");
  const known = new Set(agentIds);
  const graph: ElkNode = {
    id: "root",
    layoutOptions: LAYOUT_OPTIONS,
    children: agentIds.map((id) => ({ id, ...RUN_NODE_SIZE })),
    edges: edges
      .filter((edge) => edge.from !== edge.to && known.has(edge.from) && known.has(edge.to))
      .map((edge) => ({ id: edge.id, sources: [edge.from], targets: [edge.to] })),
  };
  const result = await new ELK().layout(graph);
  const positions = new Map<string, { x: number; y: number }>();
  for (const child of result.children ?? []) positions.set(child.id, { x: child.x ?? 0, y: child.y ?? 0 });
  return positions;
}
