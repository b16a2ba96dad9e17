"use client";

import { useStore, type ReactFlowState } from "@xyflow/react";

/** Below this zoom, nodes show their name only and edge labels are left out (nothing there is readable anyway). */
export const DETAIL_ZOOM = 0.45;

const isDetailed = (state: ReactFlowState) => state.transform[2] >= DETAIL_ZOOM;

/**
 * True while the canvas is zoomed in enough to read a node's details. A
 * boolean selector: the 500 nodes of a big graph re-render only when the zoom
 * crosses the threshold, not on every zoom step.
 */
export function useDetailedZoom(): boolean {
  return useStore(isDetailed);
}
