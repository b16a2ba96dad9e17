import type { AgentNode, GraphSettings, HandoffEdge } from "../graph/schema";
import type { ModelChain } from "../models/model-ref";

/** The first chain that has at least one model; an empty chain means "inherit". */
function firstNonEmpty(...chains: (ModelChain | undefined)[]): ModelChain {
  return chains.find((chain) => chain !== undefined && chain.length > 0) ?? [];
}

/**
 * An agent's own effective chain (SPEC §5.7). The root: its own chain, else
 * the graph default. Any other agent: its own, else the default sub-agent
 * chain, else the graph default. Empty = the environment default model.
 */
export function agentModelChain(agent: AgentNode, isRoot: boolean, settings: GraphSettings): ModelChain {
  return isRoot
    ? firstNonEmpty(agent.modelChain, settings.defaultModelChain)
    : firstNonEmpty(agent.modelChain, settings.defaultSubagentModelChain, settings.defaultModelChain);
}

/**
 * The child's chain when called through `edge`: the edge's override, else
 * the child's own, else the default sub-agent chain, else the graph default
 * (the child is a sub-agent here even when it is a general-purpose clone of the root).
 */
export function edgeModelChain(edge: HandoffEdge, child: AgentNode, settings: GraphSettings): ModelChain {
  return firstNonEmpty(
    edge.modelChain,
    child.modelChain,
    settings.defaultSubagentModelChain,
    settings.defaultModelChain,
  );
}
