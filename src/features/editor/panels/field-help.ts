import {
  agentNodeSchema,
  toolRefSchema,
  budgetsSchema,
  executionSchema,
  handoffEdgeSchema,
  inputFilterSchema,
  modelParamsSchema,
  redactRuleSchema,
} from "@/core/graph/schema";
import { modelRefSchema, scriptRuleSchema, scriptSchema } from "@/core/models/model-ref";

/**
 * One sentence per field, shown under it. The schema's own `.describe()` text
 * when it has one (so the format and the editor say the same thing), else the
 * semantics of docs/graph-format.md (the seed's).
 */
function described(schema: { description?: string }, fallback: string): string {
  return schema.description ?? fallback;
}

const agent = agentNodeSchema.shape;
const params = modelParamsSchema.shape;
const edge = handoffEdgeSchema.shape;
const execution = executionSchema.shape;
const filter = inputFilterSchema.shape;
const budgets = budgetsSchema.shape;
const model = modelRefSchema.options[0].shape;
const toolRef = toolRefSchema.shape;

export const HELP = {
  agent: {
    name: "Display name on the canvas; the default handoff tool name (subagent_…) is derived from it.",
    description: `${described(agent.description, "What a parent model reads to decide whether to delegate to this agent.")} Say what it does and when to use it.`,
    instructions: described(agent.instructions, "The system prompt.").replace(
      /\.$/,
      ": how this agent behaves and answers.",
    ),
    maxSteps: "Model calls this agent may make in one session before it must stop (1–1000).",
    temperature: described(params.temperature, "Sampling temperature.") + " Empty = the provider's default.",
    topP: described(params.topP, "Nucleus sampling.") + " Empty = the provider's default.",
    maxTokens: described(params.maxTokens, "Maximum output tokens.") + " Empty = the provider's default.",
    mode: "All: root or delegated to; primary: only the main agent (cannot be delegated to); sub-agent: only delegated to (cannot be the root).",
    hidden: described(agent.hidden, "Hidden from the visible agent list."),
    isRoot:
      "This is the main agent (the graph's rootAgentId): every run starts here, at depth 0. To change it, open another agent and make it the main agent.",
    makeRoot:
      "Every run starts at the main agent (rootAgentId, depth 0). Making this agent the main agent changes where runs start and the roles the compiler gives; a sub-agent-mode agent cannot be the root.",
  },
  models: {
    chain:
      "Tried in order: on a retryable error (429, 5xx, timeout, network) a model is retried, then the next one is called.",
    provider:
      "Who serves the model: a provider of this workspace (Settings → Providers, its key stays on the server), the server's environment keys, or the built-in offline scripted simulator (simulated answers, no key needed).",
    model: described(model.model, "Model id."),
    modelFromProvider: "Pick one of the provider's models, or type any model id it serves.",
    retries: described(model.retries, "Retries before falling to the next model."),
    timeoutMillis: `${described(model.timeoutMillis, "Per-attempt timeout.")} In milliseconds.`,
    credentialId: described(model.credentialId, "Provider credential."),
    baseURL: "Base URL of the OpenAI-compatible API, e.g. http://localhost:11434/v1 (Ollama).",
    price:
      "Price per 1M tokens from this workspace's price table (Settings → Prices); scripted models cost what the model they are named after costs, simulated.",
  },
  script: {
    turns: "The n-th model call of a session gets the n-th turn; rules are checked first.",
    rules:
      described(scriptRuleSchema.shape.match, "Pattern-triggered answers.") +
      " A matching rule answers before the turns.",
    whenExhausted: described(scriptSchema.shape.whenExhausted, "Turn used once the turns run out."),
    latencyMs: "Simulated latency of every turn in milliseconds (a turn's own latency overrides it).",
    once:
      described(scriptRuleSchema.shape.once, "Fire at most once per session.") +
      " Use it for rules that answer with tool calls.",
    flags: "Regular-expression flags: i (ignore case), m (multi-line), s (dot matches newline), u.",
  },
  tools: {
    allowList:
      described(agent.tools, "Allow-list of regular tools.") + " Handoff and task tools are added by the compiler.",
    denyTools: `${described(agent.denyTools, "Deny rules.")} Tool names or globs with * (write_*, *_files, *).`,
    inheritParentPermissions: "Also obey the deny rules in force for the agents that delegate to this one.",
    effective:
      "What this agent really gets at run time: its allow-list minus every deny rule in force, plus the handoff and task tools the compiler adds for its role.",
  },
  policy: {
    enabled:
      "Off skips admission, the input filter, retries and fallback (the timeout and events still apply). Default: on.",
    maxDepth:
      "Deepest depth a child of this agent may have; the stricter of this and the graph's max spawn depth wins. Default: 1.",
    maxRetries: "Extra attempts of a failed handoff (attempts = retries + 1). Default: 0.",
    timeoutMillis: "Per-attempt timeout in milliseconds, which really aborts the attempt; 0 = none. Default: 0.",
    allowedTools:
      "When set, only these handoff tools are admitted (“tool is not in allowedTools”). Default: not set (all).",
    deniedTools: "Handoff tools never admitted (“tool is in deniedTools”). Default: not set (none).",
    onDenied:
      "A refused handoff fails as the tool result, or goes to the regular tool executor (fallback to primary). Default: fail.",
    onError: "The same choice when the child fails. Default: fail.",
    inputFilter:
      "Rewrites the task before the child sees it: redactions, then truncation, then the prepended text. Default: none.",
    redact:
      described(redactRuleSchema.shape.pattern, "Regular expression.") +
      " RE2 syntax (no lookaround or backreferences).",
    redactFlags: "g replaces every match (else the first); i ignore case; m multi-line; s dot matches newline.",
    replacement: "Text put in place of each match; $& and $1 expand as in JavaScript.",
    truncateChars: described(filter.truncateChars, "Cut the input.") + " Empty = no limit.",
    prepend: described(filter.prepend, "Text put before the input.") + " Joined by a blank line.",
    preview: "The runtime's own filter applied to a sample task: edit the sample to try yours.",
  },
  edge: {
    toolName: "Name of the handoff tool the parent model sees; empty = derived from the child's name (shown greyed).",
    description: `${described(edge.description, "Edge description.")} Empty = the child's own description.`,
    sessionMode:
      "New: a fresh child session per call. Reuse: the child keeps its memory across calls in one conversation.",
    contextMode:
      "Isolated: the child sees only its task. Fork: the child starts with a copy of the parent's transcript.",
    forkMaxTokens: "Bound on the copied transcript under fork; the oldest messages are dropped first.",
    workspaceMode: "The child's virtual file workspace: its own (isolated) or the parent's (shared).",
    executionMode:
      "Sync: the parent waits. Background: the call returns a task id at once and the result is announced later.",
    timeoutSeconds: described(execution.timeoutSeconds, "Sync wait.") + " 1–600 seconds.",
    onTimeout: "Promote: the child keeps running as a background task. Fail: the child is aborted.",
    modelChoosesMode: described(execution.modelChoosesMode, "Model chooses the mode."),
    label:
      "Shown on the canvas; also part of the reused-session key, so two edges to one child keep separate memories.",
    modelChain: described(edge.modelChain, "Model override."),
    generalPurpose: described(edge.generalPurpose, "Self-delegation."),
  },
  graphTools: {
    section:
      "Tools this graph uses beyond the built-ins: each references the workspace tool catalog (HTTP tools and MCP servers, configured in Settings in a later release), and agents pick them in their Tools tab allow-list.",
    name: "The name the model sees and allow-lists use; letters, digits, _ and -, not a built-in or handoff tool name. Renaming updates the allow-lists.",
    kind: "HTTP: a tool that calls an HTTP endpoint. MCP: a tool served by an MCP server.",
    catalogId: described(
      toolRef.catalogId,
      "The id of the entry in the workspace tool catalog this tool resolves to; empty = looked up by name.",
    ),
    description: described(
      toolRef.description,
      "What the tool does, shown next to it in the allow-list (the catalog's own description is what the model reads).",
    ),
  },
  usage: {
    section:
      "Token counts this turn reports (they drive budgets and the cost estimate); empty = estimated from the text length.",
    inputTokens: "Input (prompt) tokens this turn reports.",
    outputTokens: "Output (completion) tokens this turn reports.",
    cachedInputTokens: "Of the input tokens, how many came from the provider's prompt cache.",
  },
  graph: {
    name: "Name of the graph, shown in the graph list.",
    description: "What the graph is for, shown in the graph list.",
    defaultModelChain: "Model for agents without their own chain.",
    defaultSubagentModelChain:
      "Model for delegated-to agents without their own chain (tried before the default chain).",
    maxSpawnDepth: "Deepest depth any agent may have (main = 0); 0 = the main agent cannot delegate.",
    maxChildrenPerAgent: "Children one session may have active at once; further handoffs are refused while busy.",
    budgetMaxSteps: described(budgets.maxSteps, "Model calls across the run.") + " Empty = no limit.",
    budgetMaxTokens: "Tokens across the whole run. Empty = no limit.",
    budgetMaxCostUsd: "Cost in USD across the whole run. Empty = no limit.",
    budgetMaxWallSeconds: "Wall-clock seconds the run may take (at most 86,400). Empty = no limit.",
    parallelToolCalls: "Whether the tool calls of one model turn (handoffs included) run in parallel.",
  },
} as const;
