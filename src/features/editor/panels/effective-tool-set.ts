import type { AgentDefinition, AgentRole, CompileResult, RuntimeDefinition } from "@/core/compiler";
import { analyzeGraph } from "@/core/compiler/analyze";
import { buildDefinition } from "@/core/compiler/build-definition";
import { denyMatcher } from "@/core/compiler/effective-tools";
import { defaultHandoffToolName } from "@/core/compiler/tool-names";
import type { GraphDocument } from "@/core/graph/schema";
import { TASK_TOOL_NAMES } from "@/core/tools/builtin-tools";

/** The tools an agent really gets at run time, as the compiler computes them. */
export interface EffectiveToolSet {
  role: AgentRole;
  depth: number;
  /** Regular tools: the allow-list minus every deny rule in force. */
  regular: string[];
  /** Allow-list entries a deny rule removes, with the first rule that does. */
  denied: { tool: string; rule: string }[];
  /** Deny rules in force: own plus inherited. */
  denyRules: string[];
  /** Handoff tools the compiler adds, one per compiled edge (none for leaves). */
  handoffs: { toolName: string; childId: string; edgeId: string }[];
  /** Task tools (main and orchestrators only). */
  task: string[];
  /** "compiled": from the definition; "draft": the draft has errors, so from the compiler's analysis of it. */
  basis: "compiled" | "draft";
}

/**
 * The definition of the draft: the compile result's when it compiled, else the
 * compiler's own builder run on its analysis (the graph shape is known even
 * while, say, a description is missing). Null when not even that works.
 */
export function draftDefinition(
  document: GraphDocument,
  compiled: CompileResult | null,
): { definition: RuntimeDefinition; basis: "compiled" | "draft" } | null {
  if (compiled?.definition) return { definition: compiled.definition, basis: "compiled" };
  try {
    const { analysis } = analyzeGraph(document);
    if (analysis.rootId === null) return null;
    return { definition: buildDefinition(analysis), basis: "draft" };
  } catch {
    return null;
  }
}

/** Agent `agentId`'s effective tools; null when it is not reachable from the root (it runs nowhere). */
export function effectiveToolSet(
  document: GraphDocument,
  compiled: CompileResult | null,
  agentId: string,
): EffectiveToolSet | null {
  const draft = draftDefinition(document, compiled);
  const agent: AgentDefinition | undefined = draft?.definition.agents[agentId];
  const node = document.agents.find((a) => a.id === agentId);
  if (!draft || !agent || !node) return null;
  const denied: EffectiveToolSet["denied"] = [];
  for (const tool of new Set(node.tools)) {
    if (agent.tools.includes(tool)) continue;
    const rule = agent.denyRules.find((r) => denyMatcher([r])(tool));
    if (rule !== undefined) denied.push({ tool, rule });
  }
  return {
    role: agent.role,
    depth: agent.depth,
    regular: agent.tools,
    denied,
    denyRules: agent.denyRules,
    handoffs: agent.handoffs.map((h) => ({ toolName: h.toolName, childId: h.childId, edgeId: h.edgeId })),
    task: agent.role === "leaf" ? [] : [...TASK_TOOL_NAMES],
    basis: draft.basis,
  };
}

/** A handoff tool of a parent: one per outgoing edge, named as the compiler names it. */
export interface HandoffToolOption {
  toolName: string;
  edgeId: string;
  childId: string;
  childName: string;
}

/**
 * The handoff tool names of `agentId`'s outgoing edges (the edge's `toolName`,
 * else the compiler's `subagent_<normalized child name>`), in document order:
 * what the handoff policy's allowed/denied lists can name.
 */
export function handoffToolOptions(document: GraphDocument, agentId: string): HandoffToolOption[] {
  const agents = new Map(document.agents.map((a) => [a.id, a]));
  return document.handoffs
    .filter((edge) => edge.from === agentId && agents.has(edge.to))
    .map((edge) => {
      const child = agents.get(edge.to)!;
      return {
        toolName: edge.toolName ?? defaultHandoffToolName(child.name, child.id),
        edgeId: edge.id,
        childId: child.id,
        childName: child.name,
      };
    });
}
