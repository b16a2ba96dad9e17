/**
 * HTTP tools as a catalog source: their catalog entries, and for a run a
 * `ToolRunner` that calls them with the workspace's secrets and allowed
 * hosts as they were when the run started.
 */
import type { ModelToolSpec } from "@/core/models/model-port";
import type { ToolRunner } from "@/core/runtime/ports";

import { workspaceAllowedHosts } from "../allowed-hosts";
import { openWorkspaceSecrets } from "../secrets/workspace-secrets";
import type { CatalogTool, ToolSource } from "../tool-sources";
import { callHttpTool, toolResultText } from "./call-http-tool";
import { HTTP_TOOL_SELECT, type HttpToolRecord, toHttpToolRecord } from "./http-tool-records";

/** What the model reads about a tool: its description, or what it calls when it has none. */
export function modelDescription(tool: Pick<HttpToolRecord, "description" | "method" | "urlTemplate">): string {
  return tool.description.trim() || `Calls ${tool.method} ${tool.urlTemplate}.`;
}

/** The host a URL template calls ("api.example.com"), for people. */
export function templateHost(urlTemplate: string): string {
  try {
    return new URL(urlTemplate.replace(/\{\{[^{}]*\}\}/g, "x")).host;
  } catch {
    return urlTemplate;
  }
}

export const httpToolSource: ToolSource = {
  kind: "http",

  async catalog(db, workspaceId): Promise<CatalogTool[]> {
    const rows = await db.httpTool.findMany({
      where: { workspaceId },
      select: HTTP_TOOL_SELECT,
      orderBy: { name: "asc" },
    });
    return rows.map(toHttpToolRecord).map((tool) => ({
      name: tool.name,
      kind: "http",
      description: modelDescription(tool),
      parameters: tool.parameters,
      source: `HTTP tool (${tool.method} ${templateHost(tool.urlTemplate)})`,
    }));
  },

  async runner(db, workspaceId) {
    const rows = await db.httpTool.findMany({ where: { workspaceId }, select: HTTP_TOOL_SELECT });
    if (rows.length === 0) return null;
    const tools = new Map(rows.map(toHttpToolRecord).map((tool) => [tool.name, tool]));
    const [secrets, allowedHosts] = await Promise.all([
      openWorkspaceSecrets(db, workspaceId),
      workspaceAllowedHosts(db, workspaceId),
    ]);
    const runner: ToolRunner = {
      spec(name): ModelToolSpec | null {
        const tool = tools.get(name);
        return tool ? { name, description: modelDescription(tool), parameters: tool.parameters } : null;
      },
      async run(invocation, context) {
        const tool = tools.get(invocation.name);
        if (!tool) throw new Error(`${invocation.name} is not an HTTP tool of this workspace.`);
        const result = await callHttpTool(tool, invocation.args, { secrets, allowedHosts, signal: context.signal });
        return toolResultText(tool, result);
      },
    };
    return {
      runner,
      secrets: [...secrets.values()].filter((value) => value.length > 0),
      close: async () => {},
    };
  },
};
