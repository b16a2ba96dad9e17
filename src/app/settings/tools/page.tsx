import type { Metadata } from "next";

import { McpServersSection } from "@/features/settings/tools/mcp-servers-section";

export const metadata: Metadata = { title: "Tools · Settings" };

/** Settings → Tools: the workspace tool catalog's sources. */
export default function ToolsSettingsPage() {
  return <McpServersSection />;
}
