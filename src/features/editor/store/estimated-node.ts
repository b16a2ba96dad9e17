import { Position, type NodeHandle } from "@xyflow/react";

/** An agent node's size before React Flow measured it (the CSS width; a typical height). */
export const ESTIMATED_NODE = { width: 248, height: 130 };

/** The agent node's handles (11 px, centred on the top and bottom edges), for a node not measured yet. */
const HANDLE = 11;
export const ESTIMATED_HANDLES: NodeHandle[] = [
  {
    type: "target",
    position: Position.Top,
    x: (ESTIMATED_NODE.width - HANDLE) / 2,
    y: -HANDLE / 2,
    width: HANDLE,
    height: HANDLE,
  },
  {
    type: "source",
    position: Position.Bottom,
    x: (ESTIMATED_NODE.width - HANDLE) / 2,
    y: ESTIMATED_NODE.height - HANDLE / 2,
    width: HANDLE,
    height: HANDLE,
  },
];
