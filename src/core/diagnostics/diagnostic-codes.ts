import type { DiagnosticSeverity } from "./diagnostic-schema";

/**
 * Every diagnostic code the parser and the compiler can emit, with its
 * severity and a one-line meaning. Codes are stable: the editor, the CLI and
 * tests match on them, so never rename one (add a new code instead).
 * `docs/graph-format.md` documents each of them; a test keeps the two in step.
 */
export const DIAGNOSTIC_CODES = {
  // Reading the document (src/core/graph/parse.ts)
  document_too_large: { severity: "error", summary: "The document is larger than the size limit (5 MB by default)." },
  invalid_json: { severity: "error", summary: "The text is not valid JSON (line and column given when known)." },
  invalid_document: { severity: "error", summary: "The input is not a JSON object (or not plain JSON data)." },
  document_too_deep: { severity: "error", summary: "Values are nested deeper than any valid document can be." },
  invalid_unicode: {
    severity: "error",
    summary: "A string holds a lone UTF-16 surrogate, which cannot be stored or sent as UTF-8.",
  },
  invalid_utf8: {
    severity: "error",
    summary: "A string holds U+FFFD, the mark a decoder leaves for invalid UTF-8 bytes.",
  },
  missing_schema_version: { severity: "error", summary: "The document has no `schemaVersion`." },
  invalid_schema_version: { severity: "error", summary: "`schemaVersion` is not a positive integer." },
  unsupported_schema_version: {
    severity: "error",
    summary: "No migration path from this `schemaVersion` to the current one (e.g. a newer build wrote it).",
  },
  migration_failed: { severity: "error", summary: "A version migration threw on this document." },
  document_migrated: {
    severity: "info",
    summary: "The document was written in an older format and was migrated on load.",
  },
  schema_invalid: {
    severity: "error",
    summary: "A field has the wrong type or value, a required field is missing, or a field is unknown.",
  },
  // The agent graph (src/core/compiler/rules)
  missing_root: { severity: "error", summary: "The graph has no agents, so there is no main agent." },
  root_not_found: { severity: "error", summary: "`rootAgentId` names no agent of the graph." },
  root_is_subagent: {
    severity: "error",
    summary: "The root agent has mode `subagent`, which may only be delegated to.",
  },
  duplicate_agent_id: { severity: "error", summary: "Two agents share an id." },
  duplicate_edge_id: { severity: "error", summary: "Two handoff edges share an id." },
  edge_unknown_agent: {
    severity: "error",
    summary: "A handoff edge starts or ends at an agent id that does not exist.",
  },
  edge_to_primary: {
    severity: "error",
    summary: "A handoff edge points at an agent with mode `primary`, which cannot be delegated to.",
  },
  self_handoff: { severity: "error", summary: "A self-handoff (from = to) without `generalPurpose: true`." },
  general_purpose_not_self: {
    severity: "warning",
    summary: "`generalPurpose` is set on an edge between two different agents, where it means nothing.",
  },
  cycle: { severity: "error", summary: "Handoff edges form a cycle (the message names it, e.g. `a → b → a`)." },
  edge_exceeds_max_depth: {
    severity: "warning",
    summary: "The edge would put its child deeper than the effective max depth; it is not compiled.",
  },
  unreachable_agent: {
    severity: "warning",
    summary: "No compiled handoff path leads from the root to this agent; it is left out of the definition.",
  },
  empty_child_description: {
    severity: "error",
    summary:
      "A delegated-to agent has no description (and the edge gives none), so the parent model cannot know when to use it.",
  },
  duplicate_subagent_tool_name: {
    severity: "error",
    summary: "Two handoff edges of one parent get the same tool name.",
  },
  handoff_tool_name_collision: {
    severity: "error",
    summary: "A handoff tool name equals a built-in tool, a task tool, or a regular tool of the parent.",
  },
  tool_name_too_long: {
    severity: "error",
    summary: "A handoff tool name is longer than the 64 characters model providers accept.",
  },
  policy_blocks_handoff: {
    severity: "warning",
    summary: "The parent's handoff policy (allowedTools/deniedTools) will always deny this handoff tool.",
  },
  unknown_tool: {
    severity: "error",
    summary:
      "An allow-list names a tool that is not built in, not in the document's tools, and not in the workspace catalog.",
  },
  duplicate_tool_ref: { severity: "error", summary: "Two entries of the document's `tools` share a name." },
  tool_ref_shadows_builtin: {
    severity: "error",
    summary: "An entry of the document's `tools` uses the name of a built-in or task tool.",
  },
  tool_not_in_catalog: {
    severity: "warning",
    summary: "A tool the document declares is not in the workspace catalog given to the compiler.",
  },
  unknown_model: {
    severity: "error",
    summary:
      "A model chain names a provider/model the workspace does not know (checked only when known models are given).",
  },
  uses_environment_default_model: {
    severity: "warning",
    summary: "Agents with no model anywhere in the priority chain: they will use the environment default model.",
  },
  invalid_regex: {
    severity: "error",
    summary:
      "A redact pattern or scripted-model rule is not a valid RE2 regular expression (e.g. a lookaround or backreference); the path points at it.",
  },
  children_exceed_active_limit: {
    severity: "info",
    summary: "A parent has more handoff edges than `maxChildrenPerAgent`; the runtime bounds how many run at once.",
  },
  // Static analysis beyond the compiler (src/core/analysis; the editor shows them with the compiler's)
  no_model_fallback: {
    severity: "info",
    summary:
      "An agent runs with a one-model chain (its own, an inherited default, or an edge override): when that model keeps failing, the agent fails.",
  },
  handoff_denied_at_depth: {
    severity: "warning",
    summary:
      "A handoff tool is offered to its parent when it runs at a deeper depth (a longer path), where the parent's policy always refuses it (e.g. `handoff depth 3 exceeds maxDepth 2`).",
  },
  handoff_policy_disabled: {
    severity: "info",
    summary:
      "A delegating agent's handoff policy is disabled, so the fields it still sets (allowedTools, inputFilter, maxRetries…) are ignored.",
  },
  depth_limit_hides_agents: {
    severity: "info",
    summary:
      "An edge beyond the depth limit keeps its child (and the agents behind it) out of every run; the message says which limit to raise to what.",
  },
  reused_session_shared: {
    severity: "warning",
    summary:
      "A REUSE_SESSION child's memory is keyed by its parent's path, and that parent runs as several sessions (NEW_SESSION): they all share the child's memory.",
  },
  reused_session_per_parent: {
    severity: "info",
    summary:
      "A child is reused (REUSE_SESSION) by several parents: each caller keeps its own memory of it, never shared between them.",
  },
  cost_budget_unpriced: {
    severity: "warning",
    summary:
      "`settings.budgets.maxCostUsd` is set but some models the graph may call have no price in the price table: their calls cost $0 to the budget, so it does not bound them.",
  },
  cost_budget_below_one_call: {
    severity: "warning",
    summary:
      "`settings.budgets.maxCostUsd` is less than one model call of an agent as estimated (priced from the price table): the budget can stop the run at that call.",
  },
  // Reading input outside the compiler (Markdown import in src/core/graph/markdown, the CLI)
  markdown_spec_invalid: {
    severity: "error",
    summary:
      "A Markdown agent spec cannot be imported (bad YAML, unknown field, wrong type, missing description…); the message names the file and field.",
  },
  markdown_field_ignored: {
    severity: "warning",
    summary: "A Markdown spec has a field other tools use that means nothing here (e.g. `color`); it was dropped.",
  },
  unreadable_input: {
    severity: "error",
    summary: "The CLI could not read the given file or folder (missing, unreadable, or a folder without `*.md` specs).",
  },
} as const satisfies Record<string, { severity: DiagnosticSeverity; summary: string }>;

/** A stable diagnostic code. */
export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;
