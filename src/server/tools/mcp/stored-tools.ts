/**
 * The tools an MCP server row stores (`tools`: what its last refresh
 * listed), read back as the schema promises, each with whether its input
 * schema compiles under the argument checker (`tool-arguments.ts`).
 */
import { mcpListedToolSchema, type McpListedTool } from "@/core/tools/mcp-server-schema";

import { jsonSchemaProblem } from "../tool-arguments";

/** A stored tool; `schemaProblem` is null when its input schema compiles. */
export type StoredMcpTool = McpListedTool & { schemaProblem: string | null };

/** The JSON schema a tool's arguments are checked against and models are given (always `type: "object"`). */
export function mcpToolParameters(tool: McpListedTool): Record<string, unknown> {
  return { type: "object", ...tool.inputSchema };
}

/** `tools` as a refresh stores them: each with the problem of its input schema, or null. */
export function checkedTools(tools: readonly McpListedTool[]): StoredMcpTool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    schemaProblem: jsonSchemaProblem(mcpToolParameters(tool)),
  }));
}

/**
 * The tools a row stores, tolerant of anything malformed (shown as
 * nothing). A tool stored before refreshes checked schemas is checked now.
 */
export function storedTools(tools: unknown): StoredMcpTool[] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool) => {
    const parsed = mcpListedToolSchema.safeParse(tool);
    if (!parsed.success) return [];
    const { schemaProblem, ...listed } = parsed.data;
    return [
      schemaProblem === undefined ? checkedTools([listed])[0]! : { ...listed, schemaProblem: schemaProblem ?? null },
    ];
  });
}
