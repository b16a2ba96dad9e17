import { isBuiltinTool } from "../tools/builtin-tools";
import type { CompiledEdge, GraphAnalysis } from "./analysis";
import { DEFINITION_VERSION, type AgentDefinition, type HandoffDefinition, type RuntimeDefinition } from "./definition";
import { denyRulesInForce, effectiveTools } from "./effective-tools";
import { agentModelChain, edgeModelChain } from "./model-chain";
import type { CompileOptions } from "./options";

/**
 * Builds the runtime definition from an analysis without errors. Agents are
 * keyed in id order and each agent's handoffs sorted by tool name, so the
 * output (and its hash) does not depend on the order things were drawn in;
 * regular tools keep the allow-list's order, which the author chose. The
 * result shares objects with the parsed document: `compile` returns a
 * canonical deep copy instead (see `finalizeDefinition`).
 */
export function buildDefinition(analysis: GraphAnalysis, options: CompileOptions = {}): RuntimeDefinition {
  const { index, roles, compiled } = analysis;
  const { document } = index;
  const settings = document.settings;
  const rootId = analysis.rootId!;
  const reachable = [...roles.keys()].map((id) => index.agents.get(id)!);
  const denyRules = denyRulesInForce(reachable, compiled);
  const handoffsOf = new Map<string, CompiledEdge[]>();
  for (const c of compiled) {
    const list = handoffsOf.get(c.parent.id);
    if (list) list.push(c);
    else handoffsOf.set(c.parent.id, [c]);
  }
  const agents: Record<string, AgentDefinition> = {};
  const usedTools = new Set<string>();
  for (const agent of [...reachable].sort((a, b) => compareStrings(a.id, b.id))) {
    const rules = denyRules.get(agent.id) ?? [];
    const tools = effectiveTools(agent.tools, rules);
    for (const tool of tools) usedTools.add(tool);
    const role = roles.get(agent.id)!;
    const handoffs =
      role === "leaf"
        ? []
        : (handoffsOf.get(agent.id) ?? [])
            .sort((a, b) => compareStrings(a.toolName, b.toolName))
            .map((c) => handoffDefinition(c, analysis));
    agents[agent.id] = {
      id: agent.id,
      name: agent.name,
      description: agent.description,
      instructions: agent.instructions,
      depth: analysis.depth.get(agent.id)!,
      role,
      modelChain: agentModelChain(agent, agent.id === rootId, settings),
      params: agent.params,
      maxSteps: agent.maxSteps,
      tools,
      denyRules: rules,
      inheritParentPermissions: agent.inheritParentPermissions,
      handoffPolicy: agent.handoffPolicy,
      handoffs,
    };
  }
  const definition: RuntimeDefinition = {
    definitionVersion: DEFINITION_VERSION,
    graphName: document.name,
    rootAgentId: rootId,
    settings: {
      maxSpawnDepth: settings.maxSpawnDepth,
      maxChildrenPerAgent: settings.maxChildrenPerAgent,
      budgets: settings.budgets,
      parallelToolCalls: settings.parallelToolCalls,
    },
    agents,
    tools: referencedTools(usedTools, analysis, options),
  };
  return definition;
}

function handoffDefinition({ edge, child, toolName }: CompiledEdge, analysis: GraphAnalysis): HandoffDefinition {
  return {
    edgeId: edge.id,
    toolName,
    childId: child.id,
    description: edge.description?.trim() ? edge.description : child.description,
    sessionMode: edge.sessionMode,
    contextMode: edge.contextMode,
    forkMaxTokens: edge.forkMaxTokens,
    workspaceMode: edge.workspaceMode,
    execution: edge.execution,
    label: edge.label ?? null,
    modelChain: edgeModelChain(edge, child, analysis.index.document.settings),
    generalPurpose: edge.generalPurpose && edge.from === edge.to,
  };
}

/** Non-built-in tools the compiled agents use, by name, described by the document first, else by the catalog. */
function referencedTools(
  used: Set<string>,
  analysis: GraphAnalysis,
  options: CompileOptions,
): RuntimeDefinition["tools"] {
  const catalog = new Map((options.knownTools ?? []).map((t) => [t.name, t]));
  return (
    [...used]
      // A name neither the document nor the catalog knows is an unknown_tool error; a draft's
      // definition (built despite errors, e.g. the editor's effective tool set) leaves it out.
      .filter((name) => !isBuiltinTool(name) && (analysis.index.toolRefs.has(name) || catalog.has(name)))
      .sort(compareStrings)
      .map((name) => {
        const ref = analysis.index.toolRefs.get(name);
        if (ref) return { name, kind: ref.kind, catalogId: ref.catalogId ?? null, description: ref.description };
        const known = catalog.get(name)!;
        return { name, kind: known.kind, catalogId: null, description: known.description ?? "" };
      })
  );
}

/** Code-unit order: the same on every machine, unlike localeCompare. */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
