import type { Edge, Node } from "@xyflow/react";

import type { AgentNode, HandoffEdge } from "@/core/graph/schema";

/** An agent on the canvas: the document's agent is its data. */
export type AgentFlowNode = Node<{ agent: AgentNode }, "agent">;

/** A handoff on the canvas: the document's edge is its data. */
export type HandoffFlowEdge = Edge<{ handoff: HandoffEdge }, "handoff">;
