import { redirect } from "next/navigation";

import { SETTINGS_TABS } from "@/features/settings/settings-sections";

/** /settings opens its first section. */
export default function SettingsPage() {
  redirect(SETTINGS_TABS[0].href);
}
