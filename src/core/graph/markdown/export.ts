import { stringify } from "yaml";
import { canonicalJson } from "../../shared/canonical-json";
import {
  agentNodeSchema,
  graphSettingsSchema,
  handoffEdgeSchema,
  handoffPolicySchema,
  type AgentNode,
  type GraphDocument,
  type HandoffEdge,
} from "../schema";
import type { MarkdownFile } from "./import";
import { MarkdownExportError } from "./markdown-spec-error";
import { formatModelChain } from "./model-spec";

const AGENT_DEFAULTS = agentNodeSchema.parse({ id: "x", name: "x" });
const EDGE_DEFAULTS = handoffEdgeSchema.parse({ id: "x", from: "x", to: "y" });
const POLICY_DEFAULTS = canonicalJson(handoffPolicySchema.parse({}));
const SETTINGS_DEFAULTS = graphSettingsSchema.parse({});

/**
 * Writes a graph as Markdown specs, one `<agent id>.md` per agent, that
 * import back to an equivalent document (same agents, settings and handoffs;
 * edge ids and canvas positions are regenerated). Only fields that differ
 * from their defaults are written. Throws MarkdownExportError for graphs
 * the format cannot express (see that class).
 */
export function exportMarkdownAgents(document: GraphDocument): MarkdownFile[] {
  const root = document.agents.find((a) => a.id === document.rootAgentId);
  if (!root) throw new MarkdownExportError(`the root agent "${document.rootAgentId}" is not in the graph`);
  const edgeTo = rootEdges(document);
  return [root, ...document.agents.filter((a) => a !== root)].map((agent) => {
    const fields =
      agent === root
        ? { ...agentFields(agent), ...rootFields(document) }
        : { ...agentFields(agent), ...handoffFields(edgeTo.get(agent.id)!) };
    if (agent === root && agent.id !== "main") fields.root = true;
    const frontMatter = Object.keys(fields).length > 0 ? stringify(fields, { lineWidth: 0 }) : "";
    return { fileName: `${agent.id}.md`, content: `---\n${frontMatter}---\n\n${agent.instructions.trim()}\n` };
  });
}

/** The root's edge to each agent, after checking the graph has the flat shape Markdown can hold. */
function rootEdges(document: GraphDocument): Map<string, HandoffEdge> {
  const root = document.rootAgentId;
  const byChild = new Map<string, HandoffEdge>();
  for (const edge of document.handoffs) {
    if (edge.from !== root)
      throw new MarkdownExportError(
        `handoff edge "${edge.id}" (${edge.from} → ${edge.to}) does not start at the main agent`,
        { edgeIds: [edge.id] },
      );
    if (edge.to === root)
      throw new MarkdownExportError(`handoff edge "${edge.id}" is a self-handoff of the main agent`, {
        edgeIds: [edge.id],
      });
    const other = byChild.get(edge.to);
    if (other)
      throw new MarkdownExportError(
        `"${edge.to}" has two handoff edges from the main agent ("${other.id}" and "${edge.id}")`,
        { edgeIds: [other.id, edge.id] },
      );
    byChild.set(edge.to, edge);
  }
  const orphans = document.agents.filter((a) => a.id !== root && !byChild.has(a.id)).map((a) => a.id);
  if (orphans.length > 0)
    throw new MarkdownExportError(`no handoff from the main agent to ${orphans.map((id) => `"${id}"`).join(", ")}`, {
      nodeIds: orphans,
    });
  return byChild;
}

type Fields = Record<string, unknown>;

function agentFields(agent: AgentNode): Fields {
  const f: Fields = {};
  if (agent.name !== agent.id) f.name = agent.name;
  if (agent.description !== "") f.description = agent.description;
  if (agent.modelChain.length > 0) f.model = formatModelChain(agent.modelChain);
  if (agent.tools.length > 0) f.tools = agent.tools;
  if (agent.denyTools.length > 0) f.deny = agent.denyTools;
  if (agent.maxSteps !== AGENT_DEFAULTS.maxSteps) f.steps = agent.maxSteps;
  if (agent.params.temperature !== undefined) f.temperature = agent.params.temperature;
  if (agent.params.topP !== undefined) f.top_p = agent.params.topP;
  if (agent.params.maxTokens !== undefined) f.max_tokens = agent.params.maxTokens;
  if (agent.hidden !== AGENT_DEFAULTS.hidden) f.hidden = agent.hidden;
  if (agent.mode !== AGENT_DEFAULTS.mode) f.mode = agent.mode;
  if (agent.inheritParentPermissions !== AGENT_DEFAULTS.inheritParentPermissions)
    f.inherit_parent_permissions = agent.inheritParentPermissions;
  if (canonicalJson(agent.handoffPolicy) !== POLICY_DEFAULTS) f.handoff_policy = agent.handoffPolicy;
  return f;
}

function handoffFields(edge: HandoffEdge): Fields {
  const f: Fields = {};
  if (edge.toolName !== undefined) f.tool_name = edge.toolName;
  if (edge.description !== undefined) f.handoff_description = edge.description;
  if (edge.modelChain !== undefined) f.handoff_model = formatModelChain(edge.modelChain);
  if (edge.label !== undefined) f.label = edge.label;
  if (edge.sessionMode !== EDGE_DEFAULTS.sessionMode) f.session = edge.sessionMode;
  if (edge.contextMode !== EDGE_DEFAULTS.contextMode) f.context = edge.contextMode;
  if (edge.forkMaxTokens !== EDGE_DEFAULTS.forkMaxTokens) f.fork_max_tokens = edge.forkMaxTokens;
  if (edge.workspaceMode !== EDGE_DEFAULTS.workspaceMode) f.workspace = { mode: edge.workspaceMode };
  const execution = edge.execution;
  if (execution.mode !== EDGE_DEFAULTS.execution.mode) f.execution = execution.mode;
  if (execution.timeoutSeconds !== EDGE_DEFAULTS.execution.timeoutSeconds) f.timeout_seconds = execution.timeoutSeconds;
  if (execution.onTimeout !== EDGE_DEFAULTS.execution.onTimeout) f.on_timeout = execution.onTimeout;
  if (execution.modelChoosesMode !== EDGE_DEFAULTS.execution.modelChoosesMode)
    f.model_chooses_mode = execution.modelChoosesMode;
  return f;
}

function rootFields(document: GraphDocument): Fields {
  const graph: Fields = { name: document.name };
  if (document.description !== "") graph.description = document.description;
  const settings = Object.fromEntries(
    Object.entries(document.settings).filter(
      ([key, value]) =>
        canonicalJson(value) !== canonicalJson(SETTINGS_DEFAULTS[key as keyof typeof SETTINGS_DEFAULTS]),
    ),
  );
  if (Object.keys(settings).length > 0) graph.settings = settings;
  if (document.tools.length > 0) graph.tools = document.tools;
  return { graph };
}
