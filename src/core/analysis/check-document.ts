import type { GraphAnalysis } from "../compiler/analysis";
import { analyzeGraph } from "../compiler/analyze";
import { capDiagnostics } from "../compiler/cap-diagnostics";
import type { CompileOptions } from "../compiler/options";
import type { Diagnostic } from "../diagnostics/diagnostic-schema";
import { sortDiagnostics } from "../diagnostics/diagnostics";
import type { GraphDocument } from "../graph/schema";
import { checkJsonValue } from "../graph/value-guards";
import { analyzeStatically, type StaticAnalysis } from "./analyze-document";
import type { CostEstimateOptions } from "./cost-estimate";

/** Everything the editor shows about a draft, from one analysis of it. */
export interface DocumentCheck extends StaticAnalysis {
  /** The diagnostics `compile` gives for this document (sorted and capped the same way). */
  diagnostics: Diagnostic[];
  /** The compiler's analysis (roles, depths, tool names), also useful while there are errors. */
  analysis: GraphAnalysis;
}

/**
 * The editor's per-keystroke check of a schema-valid draft: the compiler's
 * diagnostics without building and hashing the definition (which only a
 * version needs) and without re-parsing what the editor already holds parsed,
 * plus the static analysis on the same `GraphAnalysis`. Same diagnostics as
 * `compile(document)` for a document that parses (the tests keep them equal).
 */
export function checkDocument(
  document: GraphDocument,
  options: CompileOptions & CostEstimateOptions = {},
): DocumentCheck {
  const guards = textGuards(document);
  const { analysis, diagnostics } = analyzeGraph(document, options);
  return {
    // Like compile: text that cannot be stored stops there, before the graph rules.
    diagnostics: capDiagnostics(sortDiagnostics(guards.length > 0 ? guards : diagnostics)),
    analysis,
    ...analyzeStatically(analysis, options),
  };
}

/** Parts of a document (agents, edges) already found clean, by object: the editor replaces what changed and never mutates a part in place. */
const cleanParts = new WeakSet<object>();

function partIsClean(part: object, depth: number): boolean {
  if (cleanParts.has(part)) return true;
  if (checkJsonValue(part, depth).length > 0) return false;
  cleanParts.add(part);
  return true;
}

/**
 * `checkJsonValue(document)`, incrementally: each agent and edge object is
 * checked once (at its real depth) and remembered while it lives, so a
 * keystroke re-checks one agent rather than the whole graph. When any part
 * has a problem, the whole document is checked for the exact diagnostics.
 */
function textGuards(document: GraphDocument): Diagnostic[] {
  const rest = { ...document, agents: [], handoffs: [] };
  const clean =
    checkJsonValue(rest).length === 0 &&
    document.agents.every((agent) => partIsClean(agent, 2)) &&
    document.handoffs.every((edge) => partIsClean(edge, 2));
  return clean ? [] : checkJsonValue(document);
}
