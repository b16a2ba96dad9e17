import type { GraphDocument } from "../graph/schema";
import type { CompiledEdge, GraphAnalysis } from "./analysis";
import type { Diagnostic } from "../diagnostics/diagnostic-schema";
import type { AgentRole } from "./definition";
import { depthLimitOf } from "./depth-limit";
import { indexGraph } from "./graph-index";
import { walkFromRoot } from "./graph-walk";
import type { CompileOptions } from "./options";
import { checkChildrenCount } from "./rules/children-count";
import { checkCycles } from "./rules/cycles";
import { checkDepth } from "./rules/depth";
import { checkDescriptions } from "./rules/descriptions";
import { checkDuplicateIds } from "./rules/duplicate-ids";
import { checkEdgeEndpoints } from "./rules/edge-endpoints";
import { checkHandoffToolNames } from "./rules/handoff-tool-names";
import { checkEmptyModelChains, checkKnownModels } from "./rules/models";
import { checkPatterns } from "./rules/patterns";
import { checkPolicyAdmission } from "./rules/policy";
import { checkReachability } from "./rules/reachability";
import { checkRoot } from "./rules/root";
import { checkTools } from "./rules/tools";
import { defaultHandoffToolName } from "./tool-names";

/**
 * The shape of a parsed graph — root, depths, roles, which edges compile and
 * under which tool names — without running the rules. Cheap (linear in the
 * graph), for callers that only need the shape, such as the static analysis.
 */
export function analyzeShape(document: GraphDocument): GraphAnalysis {
  return shapeOf(document).analysis;
}

function shapeOf(document: GraphDocument): { analysis: GraphAnalysis; rootDiagnostics: Diagnostic[] } {
  const index = indexGraph(document);
  const root = checkRoot(index);
  const walk =
    root.rootId === null
      ? { depth: new Map<string, number>(), compiled: [], exceeded: [] }
      : walkFromRoot(index, root.rootId);
  const roles = new Map<string, AgentRole>();
  for (const [id, depth] of walk.depth) {
    const limit = depthLimitOf(index.agents.get(id)!, document.settings);
    roles.set(id, id === root.rootId ? "main" : depth < limit.maxDepth ? "orchestrator" : "leaf");
  }
  const compiled: CompiledEdge[] = walk.compiled.map((edge) => {
    const child = index.agents.get(edge.to)!;
    return {
      edge,
      parent: index.agents.get(edge.from)!,
      child,
      toolName: edge.toolName ?? defaultHandoffToolName(child.name, child.id),
    };
  });
  const analysis: GraphAnalysis = {
    index,
    rootId: root.rootId,
    depth: walk.depth,
    roles,
    compiled,
    exceeded: walk.exceeded,
  };
  return { analysis, rootDiagnostics: root.diagnostics };
}

/**
 * Works out the shape of a parsed graph — root, depths, roles, which edges
 * compile and under which tool names — and runs every rule on it. Never
 * throws; problems are diagnostics, in rule order then document order.
 */
export function analyzeGraph(
  document: GraphDocument,
  options: CompileOptions = {},
): { analysis: GraphAnalysis; diagnostics: Diagnostic[] } {
  const { analysis, rootDiagnostics } = shapeOf(document);
  const index = analysis.index;
  const diagnostics = [
    ...rootDiagnostics,
    ...checkDuplicateIds(index),
    ...checkEdgeEndpoints(index),
    ...checkCycles(index),
    ...checkDepth(analysis),
    ...checkReachability(analysis),
    ...checkDescriptions(analysis),
    ...checkHandoffToolNames(analysis),
    ...checkPolicyAdmission(analysis),
    ...checkTools(index, options),
    ...checkKnownModels(analysis, options),
    ...checkEmptyModelChains(analysis),
    ...checkChildrenCount(analysis),
    ...checkPatterns(index),
  ];
  return { analysis, diagnostics };
}
