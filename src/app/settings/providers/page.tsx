import type { Metadata } from "next";

import { ProvidersSection } from "@/features/settings/providers/providers-section";

export const metadata: Metadata = { title: "Providers · Settings" };

/** Settings → Providers: model providers and their keys. */
export default function ProvidersSettingsPage() {
  return <ProvidersSection />;
}
