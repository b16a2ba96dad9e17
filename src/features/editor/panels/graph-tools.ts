import type { Diagnostic } from "@/core/compiler";
import { toolRefSchema, type AgentNode, type GraphDocument, type ToolRef } from "@/core/graph/schema";
import { BUILTIN_TOOL_NAMES, TASK_TOOL_NAMES } from "@/core/tools/builtin-tools";

/** Names of built-in and task tools: an allow-list entry with one of them means the built-in, never a graph tool. */
const RESERVED = new Set<string>([...BUILTIN_TOOL_NAMES, ...TASK_TOOL_NAMES]);

/**
 * The graph's own tool references (`document.tools`): pure edits for the
 * "Graph tools" section of the graph settings. Renaming or removing a tool
 * carries over to the agents' allow-lists in the same change (one undo step).
 */

/** A fresh HTTP tool with a name no tool of the graph (nor a built-in) has. */
export function newToolRef(document: GraphDocument): ToolRef {
  const taken = new Set([...RESERVED, ...document.tools.map((tool) => tool.name)]);
  let name = "http_tool";
  for (let n = 2; taken.has(name); n++) name = `http_tool_${n}`;
  return toolRefSchema.parse({ name, kind: "http" });
}

/** The document with `tool` appended to its tools. */
export function addToolRef(document: GraphDocument, tool: ToolRef): GraphDocument {
  return { ...document, tools: [...document.tools, tool] };
}

/** The agents whose allow-list names the graph tool `name` (none for a built-in's name: they mean the built-in). */
export function toolUsers(document: GraphDocument, name: string): AgentNode[] {
  if (RESERVED.has(name)) return [];
  return document.agents.filter((agent) => agent.tools.includes(name));
}

/** Allow-lists with `from` renamed to `to` (or removed when `to` is null); agents without it stay the same objects. */
function mapAllowLists(agents: readonly AgentNode[], from: string, to: string | null): AgentNode[] {
  return agents.map((agent) => {
    if (!agent.tools.includes(from)) return agent;
    const tools =
      to === null || agent.tools.includes(to)
        ? agent.tools.filter((tool) => tool !== from)
        : agent.tools.map((tool) => (tool === from ? to : tool));
    return { ...agent, tools };
  });
}

/**
 * The document with tool `index` replaced by `next`. A rename also renames it
 * in every allow-list that named it (unless another tool of the graph still
 * has the old name).
 */
export function updateToolRef(document: GraphDocument, index: number, next: ToolRef): GraphDocument {
  const previous = document.tools[index];
  if (!previous) return document;
  const tools = document.tools.map((tool, i) => (i === index ? next : tool));
  const renamed =
    previous.name !== next.name && !RESERVED.has(previous.name) && !tools.some((tool) => tool.name === previous.name);
  return {
    ...document,
    tools,
    agents: renamed ? mapAllowLists(document.agents, previous.name, next.name) : document.agents,
  };
}

/**
 * The document without tool `index`; its name leaves every allow-list too
 * (unless another tool of the graph has the same name).
 */
export function removeToolRef(document: GraphDocument, index: number): GraphDocument {
  const removed = document.tools[index];
  if (!removed) return document;
  const tools = document.tools.filter((_, i) => i !== index);
  const stillDeclared = RESERVED.has(removed.name) || tools.some((tool) => tool.name === removed.name);
  return {
    ...document,
    tools,
    agents: stillDeclared ? document.agents : mapAllowLists(document.agents, removed.name, null),
  };
}

/**
 * The compiler's diagnostics about tool `index` named `name`: those located at
 * `tools.<index>` (duplicate, shadows a built-in, not in the catalog) and the
 * handoff-tool-name collisions with that name.
 */
export function toolRefDiagnostics(
  compiled: { diagnostics: readonly Diagnostic[] } | null,
  index: number,
  name: string,
): Diagnostic[] {
  if (!compiled) return [];
  const prefix = `tools.${index}.`;
  return compiled.diagnostics.filter(
    (d) =>
      d.path?.startsWith(prefix) ||
      d.path === `tools.${index}` ||
      (d.code === "handoff_tool_name_collision" && d.message.startsWith(`handoff tool name ${name} `)),
  );
}
