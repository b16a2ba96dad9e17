import { getViewportForBounds, type Viewport } from "@xyflow/react";

import type { GraphDocument } from "@/core/graph/schema";

/** A node's size before React Flow measured it (for the first view). */
export const ESTIMATED_NODE = { width: 248, height: 130 };

/**
 * The first view: the document's saved viewport, else the whole graph fitted
 * in a canvas of `width` × `height`. Worked out from the document before the
 * first render, so a big graph is drawn once at the right zoom (not at 100 %
 * and then fitted).
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
  for (const { position } of document.agents) {
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
