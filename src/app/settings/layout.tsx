import type { ReactNode } from "react";

import { SettingsTabs } from "@/features/settings/settings-tabs";
import { PageHeader } from "@/features/shell/page-header";

/** Every Settings section: one header, the section tabs, then the section. */
export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <PageHeader
        title="Settings"
        description="Model providers and keys, the price table, the tool catalog and the members of this workspace."
      />
      <SettingsTabs />
      {children}
    </>
  );
}
