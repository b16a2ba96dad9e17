/**
 * The graph compiler: graph document → RuntimeDefinition + diagnostics.
 * Pure TypeScript (runs in the browser, the server, workers and the CLI).
 */
export { compile } from "./compile";
export { analyzeGraph, analyzeShape } from "./analyze";
export type { CompiledEdge, GraphAnalysis } from "./analysis";
export type { CompileOptions, KnownModel, KnownTool } from "./options";
export { DIAGNOSTIC_CODES, type DiagnosticCode } from "../diagnostics/diagnostic-codes";
export { hashDefinition } from "./hash";
export { canonicalJson } from "../shared/canonical-json";
export { parseRuntimeDefinition, SUPPORTED_DEFINITION_VERSIONS } from "./parse-runtime-definition";
export { RuntimeDefinitionError } from "./runtime-definition-error";
export { defaultHandoffToolName, normalizeToolName, MAX_TOOL_NAME_LENGTH } from "./tool-names";
export { agentModelChain, edgeModelChain } from "./model-chain";
export { denyMatcher, effectiveTools } from "./effective-tools";
export {
  DEFINITION_VERSION,
  runtimeDefinitionSchema,
  agentDefinitionSchema,
  handoffDefinitionSchema,
  type AgentDefinition,
  type AgentRole,
  type CompileResult,
  type HandoffDefinition,
  type RuntimeDefinition,
} from "./definition";
export {
  diagnosticSchema,
  diagnosticSeveritySchema,
  type Diagnostic,
  type DiagnosticSeverity,
} from "../diagnostics/diagnostic-schema";
