import type { Metadata } from "next";

import { ComingSoon } from "@/features/shell/coming-soon";
import { SettingsIcon } from "@/features/shell/icons";
import { PageHeader } from "@/features/shell/page-header";

export const metadata: Metadata = { title: "Settings" };

export default function SettingsPage() {
  return (
    <>
      <PageHeader
        title="Settings"
        description="Configure model providers, prices, tools and members of this workspace."
      />
      <ComingSoon
        icon={<SettingsIcon />}
        title="Workspace settings"
        features={[
          "Model providers and API keys, stored encrypted and never sent to the browser.",
          "Price table used for cost reports.",
          "Tool catalog: HTTP tools and MCP servers.",
          "Workspace members.",
        ]}
      />
    </>
  );
}
