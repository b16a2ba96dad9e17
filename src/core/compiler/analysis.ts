import type { AgentNode, HandoffEdge } from "../graph/schema";
import type { AgentRole } from "./definition";
import type { GraphIndex } from "./graph-index";
import type { ExceededEdge } from "./graph-walk";

/** A handoff edge that becomes a tool on its parent. */
export interface CompiledEdge {
  edge: HandoffEdge;
  parent: AgentNode;
  child: AgentNode;
  /** Explicit `toolName`, else `subagent_<normalized child name>`. */
  toolName: string;
}

/**
 * What the compiler learned about the graph's shape, shared by the rules and
 * by the definition builder. Also useful on its own (the editor shows roles
 * and tool names even while the graph still has errors).
 */
export interface GraphAnalysis {
  index: GraphIndex;
  /** Null when the root is missing or names no agent. */
  rootId: string | null;
  /** Shortest depth of every reachable agent. */
  depth: ReadonlyMap<string, number>;
  /** Role of every reachable agent. */
  roles: ReadonlyMap<string, AgentRole>;
  /** Edges compiled into the definition, in document order. */
  compiled: readonly CompiledEdge[];
  /** Edges from reachable parents that exceed the max depth. */
  exceeded: readonly ExceededEdge[];
}
