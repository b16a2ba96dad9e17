import type { ElkNode } from "elkjs/lib/elk-api";

import type { XY } from "../store/document-ops";

export interface LayoutInput {
  nodes: { id: string; width: number; height: number }[];
  edges: { id: string; source: string; target: string }[];
}

/** ELK's layered algorithm, top-down: the root on top, each level of children below. */
const LAYOUT_OPTIONS: Record<string, string> = {
  "elk.algorithm": "layered",
  "elk.direction": "DOWN",
  "elk.layered.spacing.nodeNodeBetweenLayers": "130",
  "elk.spacing.nodeNode": "56",
  "elk.spacing.componentComponent": "80",
  "elk.layered.nodePlacement.strategy": "BRANDES_KOEPF",
  "elk.layered.considerModelOrder.strategy": "NODES_AND_EDGES",
  "elk.edgeRouting": "SPLINES",
};

/**
 * Top-down tree positions for the agents (ELK, in the browser; the library is
 * loaded on first use). Self-delegation edges are left out: they would only
 * bend the layout.
 */
export async function layoutTopDown(input: LayoutInput): Promise<Map<string, XY>> {
  const { default: ELK } = await import("elkjs/lib/elk.bundled.js");
  const elk = new ELK();
  const graph: ElkNode = {
    id: "root",
    layoutOptions: LAYOUT_OPTIONS,
    children: input.nodes.map((node) => ({ id: node.id, width: node.width, height: node.height })),
    edges: input.edges
      .filter((edge) => edge.source !== edge.target)
      .map((edge) => ({ id: edge.id, sources: [edge.source], targets: [edge.target] })),
  };
  const result = await elk.layout(graph);
  const positions = new Map<string, XY>();
  for (const child of result.children ?? []) positions.set(child.id, { x: child.x ?? 0, y: child.y ?? 0 });
  return positions;
}
