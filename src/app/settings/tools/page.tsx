import type { Metadata } from "next";

import { ToolsSettings } from "@/features/settings/tools/tools-settings";

export const metadata: Metadata = { title: "Tools · Settings" };

/**
 * Settings → Tools: HTTP tools, MCP servers, secrets and allowed hosts.
 * The MCP servers section goes in the `mcpServers` slot:
 * `<ToolsSettings mcpServers={<McpServersSection />} />`.
 */
export default function ToolsSettingsPage() {
  return <ToolsSettings />;
}
