/**
 * Static analysis of a graph beyond the compiler's rules: the worst-case cost
 * of one run, agents without a fallback model, handoffs a policy refuses at
 * some depth, agents the depth limits hide, and reused sessions shared across
 * callers. Pure (runs in the editor on every change), built on the compiler's
 * `GraphAnalysis`; findings use the compiler's diagnostic shape and codes.
 */
export { checkDocument, type DocumentCheck } from "./check-document";
export { analyzeDocument, analyzeStatically, type StaticAnalysis } from "./analyze-document";
export {
  estimateWorstCaseCost,
  DEFAULT_INPUT_TOKENS_PER_CALL,
  DEFAULT_OUTPUT_TOKENS,
  type AgentCostEstimate,
  type CostEstimate,
  type CostEstimateOptions,
} from "./cost-estimate";
export {
  checkDeniedHandoffs,
  checkDisabledPolicies,
  checkHiddenByDepth,
  checkModelFallbacks,
  checkReusedSessions,
} from "./findings";
export { runStates, pathOf, type RunState, type RunStates, type DeniedHandoff } from "./run-states";
