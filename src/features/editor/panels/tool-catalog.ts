import type { KnownTool } from "@/core/compiler/options";
import type { GraphDocument } from "@/core/graph/schema";
import { BUILTIN_TOOL_NAMES, TASK_TOOL_NAMES } from "@/core/tools/builtin-tools";

/** A regular tool an agent may list in its allow-list. */
export interface ToolOption {
  name: string;
  kind: "builtin" | "http" | "mcp" | "unknown";
  description: string;
  /** Where it comes from, in words ("Built-in", "HTTP tool (GET api.example.com)", "Graph tools"). */
  source?: string;
}

/** A tool of the workspace catalog as `tools.catalog` returns it (names only reach the document, never URLs or secrets). */
export interface CatalogOption {
  name: string;
  kind: "builtin" | KnownTool["kind"];
  description: string;
  source: string;
}

const knownToolLists = new WeakMap<readonly CatalogOption[], KnownTool[]>();

/** The catalog's non-built-in tools as the compiler takes them; the same array for the same catalog (compile caches key on it). */
export function knownToolsOf(catalog: readonly CatalogOption[]): KnownTool[] {
  let known = knownToolLists.get(catalog);
  if (!known) {
    known = catalog.flatMap((tool) =>
      tool.kind === "builtin" ? [] : [{ name: tool.name, kind: tool.kind, description: tool.description }],
    );
    knownToolLists.set(catalog, known);
  }
  return known;
}

const BUILTIN_DESCRIPTIONS: Record<(typeof BUILTIN_TOOL_NAMES)[number], string> = {
  read_file: "Reads a file of the conversation's virtual workspace.",
  write_file: "Writes a file of the conversation's virtual workspace.",
  list_files: "Lists the files of the conversation's virtual workspace.",
  grep_files: "Searches the workspace files with a regular expression.",
  calculator: "Evaluates an arithmetic expression.",
  current_time: "Tells the current date and time.",
};

/** What each task tool does (given automatically to main and orchestrator agents). */
export const TASK_TOOL_DESCRIPTIONS: Record<(typeof TASK_TOOL_NAMES)[number], string> = {
  task_output: "Reads a background task's result (optionally waiting for it).",
  wait_async_results: "Waits for background tasks to finish.",
  task_cancel: "Cancels a background task and its descendants.",
  task_list: "Lists this session's background tasks.",
};

/**
 * The tools an allow-list can name: the built-ins, then the workspace
 * catalog's tools (HTTP, MCP; when loaded), then the graph's own `tools`,
 * then any name already on `allowList` that is none of these (the compiler
 * reports those as `unknown_tool`), so the checklist can always show and
 * untick what is listed.
 */
export function toolOptions(
  document: GraphDocument,
  allowList: readonly string[] = [],
  catalog: readonly CatalogOption[] | null = null,
): ToolOption[] {
  const options: ToolOption[] = BUILTIN_TOOL_NAMES.map((name) => ({
    name,
    kind: "builtin",
    description: BUILTIN_DESCRIPTIONS[name],
    source: "Built-in",
  }));
  const seen = new Set<string>(BUILTIN_TOOL_NAMES);
  for (const tool of catalog ?? []) {
    if (seen.has(tool.name) || tool.kind === "builtin") continue;
    seen.add(tool.name);
    options.push({ name: tool.name, kind: tool.kind, description: tool.description, source: tool.source });
  }
  for (const tool of document.tools) {
    if (seen.has(tool.name)) continue;
    seen.add(tool.name);
    options.push({ name: tool.name, kind: tool.kind, description: tool.description, source: "Graph tools" });
  }
  for (const name of allowList) {
    if (seen.has(name)) continue;
    seen.add(name);
    options.push({
      name,
      kind: "unknown",
      description: catalog
        ? "Not built in, not in the workspace catalog and not among the graph's tools."
        : "Not built in and not among the graph's tools.",
    });
  }
  return options;
}

/** Options whose name or description contains every word of `query` (case-insensitive). */
export function filterToolOptions(options: readonly ToolOption[], query: string): ToolOption[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return options.slice();
  return options.filter((option) => {
    const text = `${option.name} ${option.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The allow-list with `name` ticked or unticked, keeping the author's order (a new name goes last). */
export function toggleTool(allowList: readonly string[], name: string, on: boolean): string[] {
  if (on) return allowList.includes(name) ? allowList.slice() : [...allowList, name];
  return allowList.filter((tool) => tool !== name);
}
