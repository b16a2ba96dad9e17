import { agentModelChain, edgeModelChain } from "@/core/compiler";
import type { GraphDocument } from "@/core/graph/schema";
import type { ModelChain } from "@/core/models/model-ref";

/** Where an effective model chain comes from, in the priority order of SPEC §5.7. */
export type ChainSource = "edge" | "own" | "subagent-default" | "graph-default" | "environment";

export interface ExplainedChain {
  /** The chain that applies (empty = the environment default model). */
  chain: ModelChain;
  source: ChainSource;
  /** One sentence saying where the chain comes from. */
  sentence: string;
}

/** Inherited chains seen through edges into an agent: one per incoming edge with an override. */
export interface EdgeOverride {
  edgeId: string;
  parentId: string;
  parentName: string;
  chain: ModelChain;
}

const SENTENCES: Record<ChainSource, string> = {
  edge: "This edge's own model override applies to the child when it is called through this edge.",
  own: "The agent's own chain applies.",
  "subagent-default":
    "Inherited from the graph's default sub-agent chain (Graph settings), because this chain is empty.",
  "graph-default": "Inherited from the graph's default chain (Graph settings), because this chain is empty.",
  environment:
    "No chain anywhere in the priority order names a model: the environment default model applies (the server's configured model, or --default-model on the CLI).",
};

/** Which chain `chain` is, given the candidates in priority order (the first non-empty one wins). */
function sourceOf(candidates: [ChainSource, ModelChain | undefined][]): ChainSource {
  return candidates.find(([, chain]) => chain !== undefined && chain.length > 0)?.[0] ?? "environment";
}

/**
 * The chain agent `agentId` runs with when it is the root or called without an
 * edge override, and where it comes from. The chain itself is the compiler's
 * (`agentModelChain`); this only names its source. Null for an unknown agent.
 */
export function explainAgentChain(document: GraphDocument, agentId: string): ExplainedChain | null {
  const agent = document.agents.find((a) => a.id === agentId);
  if (!agent) return null;
  const isRoot = agent.id === document.rootAgentId;
  const { settings } = document;
  const chain = agentModelChain(agent, isRoot, settings);
  const source = sourceOf(
    isRoot
      ? [
          ["own", agent.modelChain],
          ["graph-default", settings.defaultModelChain],
        ]
      : [
          ["own", agent.modelChain],
          ["subagent-default", settings.defaultSubagentModelChain],
          ["graph-default", settings.defaultModelChain],
        ],
  );
  return { chain, source, sentence: SENTENCES[source] };
}

/** The child's chain when called through edge `edgeId` (`edgeModelChain`) and its source. Null for an unknown edge or child. */
export function explainEdgeChain(document: GraphDocument, edgeId: string): ExplainedChain | null {
  const edge = document.handoffs.find((e) => e.id === edgeId);
  const child = edge && document.agents.find((a) => a.id === edge.to);
  if (!edge || !child) return null;
  const { settings } = document;
  const chain = edgeModelChain(edge, child, settings);
  const source = sourceOf([
    ["edge", edge.modelChain],
    ["own", child.modelChain],
    ["subagent-default", settings.defaultSubagentModelChain],
    ["graph-default", settings.defaultModelChain],
  ]);
  const sentence = source === "own" ? `The child's own chain applies (${child.name}).` : SENTENCES[source];
  return { chain, source, sentence };
}

/** Incoming edges of `agentId` that override its model: they win over its own chain on that edge. */
export function edgeOverridesInto(document: GraphDocument, agentId: string): EdgeOverride[] {
  const names = new Map(document.agents.map((a) => [a.id, a.name]));
  return document.handoffs
    .filter((edge) => edge.to === agentId && edge.modelChain !== undefined && edge.modelChain.length > 0)
    .map((edge) => ({
      edgeId: edge.id,
      parentId: edge.from,
      parentName: names.get(edge.from) ?? edge.from,
      chain: edge.modelChain!,
    }));
}
