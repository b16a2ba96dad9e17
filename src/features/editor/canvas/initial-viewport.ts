import { getViewportForBounds, type Viewport } from "@xyflow/react";

import type { GraphDocument } from "@/core/graph/schema";

import { ESTIMATED_NODE } from "../store/estimated-node";

/** Above this many agents the first view shows the root and its children, not the whole graph. */
export const LARGE_GRAPH_AGENTS = 150;

/**
 * The first view: the document's saved viewport, else the whole graph fitted
 * in a canvas of `width` × `height` — for a large graph, the root and its
 * children (a whole 500-agent graph is unreadable at the zoom that fits it,
 * and drawing every node is most of the time to open it; fit view shows it
 * all). Worked out from the document before the first render, so a big graph
 * is drawn once at the right zoom (not at 100 % and then fitted).
 */
export function initialViewport(
  document: GraphDocument,
  width: number,
  height: number,
  limits: { minZoom: number; maxZoom: number; padding: number },
): Viewport {
  if (document.ui?.viewport) return document.ui.viewport;
  if (document.agents.length === 0) return { x: width / 2, y: height / 2, zoom: 1 };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const { position } of framedAgents(document)) {
    minX = Math.min(minX, position.x);
    minY = Math.min(minY, position.y);
    maxX = Math.max(maxX, position.x + ESTIMATED_NODE.width);
    maxY = Math.max(maxY, position.y + ESTIMATED_NODE.height);
  }
  return getViewportForBounds(
    { x: minX, y: minY, width: maxX - minX, height: maxY - minY },
    width,
    height,
    limits.minZoom,
    limits.maxZoom,
    limits.padding,
  );
}

/** The agents the first view frames: all of them, or the root and its children in a large graph. */
function framedAgents(document: GraphDocument): GraphDocument["agents"] {
  if (document.agents.length <= LARGE_GRAPH_AGENTS) return document.agents;
  const ids = new Set([document.rootAgentId]);
  for (const handoff of document.handoffs) if (handoff.from === document.rootAgentId) ids.add(handoff.to);
  const framed = document.agents.filter((agent) => ids.has(agent.id));
  return framed.length > 0 ? framed : document.agents;
}
