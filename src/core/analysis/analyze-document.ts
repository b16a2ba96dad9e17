import type { GraphAnalysis } from "../compiler/analysis";
import { analyzeShape } from "../compiler/analyze";
import type { Diagnostic } from "../diagnostics/diagnostic-schema";
import { capDiagnostics } from "../compiler/cap-diagnostics";
import { sortDiagnostics } from "../diagnostics/diagnostics";
import type { GraphDocument } from "../graph/schema";
import { checkCostBudget } from "./budget-findings";
import { estimateWorstCaseCost, type CostEstimate, type CostEstimateOptions } from "./cost-estimate";
import {
  checkDeniedHandoffs,
  checkDisabledPolicies,
  checkHiddenByDepth,
  checkModelFallbacks,
  checkReusedSessions,
} from "./findings";
import { runStates } from "./run-states";

/** What the static analysis finds: diagnostics in the compiler's shape, and the worst-case cost. */
export interface StaticAnalysis {
  /** Findings the compiler does not report (codes of DIAGNOSTIC_CODES), warnings first, capped at 50 per code. */
  findings: Diagnostic[];
  cost: CostEstimate;
}

/**
 * The static analysis of an analysed graph (the compiler's `GraphAnalysis`,
 * reused as is): findings no compiler rule makes, and the worst-case cost of
 * one run. The cost and the budget findings are priced from
 * `options.priceTable` (the editor passes the workspace's). Pure and total;
 * never throws on a draft with errors.
 */
export function analyzeStatically(analysis: GraphAnalysis, options: CostEstimateOptions = {}): StaticAnalysis {
  const states = runStates(analysis);
  // Priced from options.priceTable: the budget findings and the figure always agree.
  const cost = estimateWorstCaseCost(analysis, options, states);
  // Capped like the compiler's: at most 50 of one code, then one count of the rest.
  const findings = capDiagnostics(
    sortDiagnostics([
      ...checkModelFallbacks(analysis),
      ...checkDeniedHandoffs(analysis, states),
      ...checkDisabledPolicies(analysis, states),
      ...checkHiddenByDepth(analysis),
      ...checkReusedSessions(analysis),
      ...checkCostBudget(analysis, cost),
    ]),
  );
  return { findings, cost };
}

/**
 * `analyzeStatically` for a schema-valid document (what the editor holds):
 * runs the compiler's shape analysis once (no rules), then the static analysis.
 */
export function analyzeDocument(document: GraphDocument, options: CostEstimateOptions = {}): StaticAnalysis {
  return analyzeStatically(analyzeShape(document), options);
}
