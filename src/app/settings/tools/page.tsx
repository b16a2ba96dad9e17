import type { Metadata } from "next";

import { McpServersSection } from "@/features/settings/tools/mcp-servers-section";
import { ToolsSettings } from "@/features/settings/tools/tools-settings";

export const metadata: Metadata = { title: "Tools · Settings" };

/** Settings → Tools: HTTP tools, MCP servers, secrets and allowed hosts (the workspace tool catalog's sources). */
export default function ToolsSettingsPage() {
  return <ToolsSettings mcpServers={<McpServersSection />} />;
}
