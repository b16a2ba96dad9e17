/**
 * The tools an MCP server row stores (`tools`: what its last refresh
 * listed), read back as the schema promises.
 */
import { mcpListedToolSchema, type McpListedTool } from "@/core/tools/mcp-server-schema";

/** The tools a row stores, tolerant of anything malformed (shown as nothing). */
export function storedTools(tools: unknown): McpListedTool[] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool) => {
    const parsed = mcpListedToolSchema.safeParse(tool);
    return parsed.success ? [parsed.data] : [];
  });
}
