import type { Edge, Node } from "@xyflow/react";

import type { AgentRunStats, EdgeRunStats } from "./run-graph-stats";

/**
 * The parts of a graph document the run canvas draws. A parsed
 * `GraphDocument` (versions.get, graphs.get's draft) fits as it is.
 */
export interface RunCanvasDocument {
  rootAgentId: string;
  agents: readonly { id: string; name: string }[];
  handoffs: readonly {
    id: string;
    from: string;
    to: string;
    toolName?: string;
    execution?: { mode: "sync" | "background" };
  }[];
}

export interface RunAgentData extends Record<string, unknown> {
  name: string;
  stats: AgentRunStats;
  isRoot: boolean;
  /** The agent whose own model calls cost the most in the run. */
  isTop: boolean;
  isSelected: boolean;
  onSelect?: (agentId: string) => void;
}

export interface RunEdgeData extends Record<string, unknown> {
  label: string;
  background: boolean;
  stats: EdgeRunStats;
  onSelect?: (handoffId: string) => void;
}

export type RunAgentFlowNode = Node<RunAgentData, "runAgent">;
export type RunHandoffFlowEdge = Edge<RunEdgeData, "runHandoff">;
