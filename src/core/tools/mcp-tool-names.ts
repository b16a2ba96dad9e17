/**
 * How an MCP server's tools are named in the workspace tool catalog.
 *
 * Models accept tool names of `[A-Za-z0-9_-]{1,64}` (the graph document's
 * `toolNameSchema`), so the catalog name is `<server>__<tool>`: the server's
 * name (lower-case letters, digits and hyphens, never `_`) then two
 * underscores then the tool's own name with every other character (MCP
 * allows `.` and `/`) written as `_`. A server name never holds `_`, so the
 * first `__` always separates the two parts and two servers cannot produce
 * the same catalog name.
 */

/** Separator between the server's name and the tool's name. */
export const MCP_TOOL_SEPARATOR = "__";

/** Longest tool name a model accepts. */
export const MAX_TOOL_NAME_LENGTH = 64;

/** The catalog name of `tool` on server `server`, or null when it would be longer than 64 characters. */
export function mcpCatalogToolName(server: string, tool: string): string | null {
  const name = `${server}${MCP_TOOL_SEPARATOR}${tool.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  return name.length <= MAX_TOOL_NAME_LENGTH && tool.length > 0 ? name : null;
}

/** A listed tool and whether agents can be given it (null reason: yes). */
export interface McpToolNaming {
  tool: string;
  catalogName: string | null;
  /** Why agents cannot use the tool, in words; null when they can. */
  unusableReason: string | null;
}

/**
 * The catalog name of each of a server's tools, in order. A tool whose
 * name is too long, or whose catalog name another tool of the server
 * already has (`a.b` and `a/b` both become `a_b`), is unusable, with the
 * reason in words.
 */
export function mcpToolNamings(server: string, tools: readonly string[]): McpToolNaming[] {
  const taken = new Map<string, string>();
  return tools.map((tool) => {
    const catalogName = mcpCatalogToolName(server, tool);
    if (catalogName === null) {
      return {
        tool,
        catalogName: null,
        unusableReason: `its name would be longer than ${MAX_TOOL_NAME_LENGTH} characters as ${server}${MCP_TOOL_SEPARATOR}${tool}, more than models accept; give the server a shorter name`,
      };
    }
    const first = taken.get(catalogName);
    if (first !== undefined) {
      return {
        tool,
        catalogName: null,
        unusableReason: `its name becomes ${catalogName} for models, like the tool ${first} of the same server`,
      };
    }
    taken.set(catalogName, tool);
    return { tool, catalogName, unusableReason: null };
  });
}

/** A listed tool as far as usability goes: its name and why its input schema does not compile (null: it does). */
export interface McpToolUsabilityInput {
  name: string;
  schemaProblem: string | null;
}

/** Why a tool whose input schema does not compile cannot be given to agents, in words. */
export function invalidSchemaReason(schemaProblem: string): string {
  return `its input schema is not a valid JSON schema (${schemaProblem}), so no call of it could be checked; the server must fix the schema, then refresh the tools`;
}

/**
 * `mcpToolNamings`, and a tool whose listed input schema does not compile
 * (`schemaProblem`, found at refresh) is unusable too: no catalog name, the
 * problem in words. A naming problem is reported first.
 */
export function mcpToolUsability(server: string, tools: readonly McpToolUsabilityInput[]): McpToolNaming[] {
  const namings = mcpToolNamings(
    server,
    tools.map((tool) => tool.name),
  );
  return namings.map((naming, i) => {
    const problem = tools[i]!.schemaProblem;
    if (naming.unusableReason !== null || problem === null) return naming;
    return { tool: naming.tool, catalogName: null, unusableReason: invalidSchemaReason(problem) };
  });
}
