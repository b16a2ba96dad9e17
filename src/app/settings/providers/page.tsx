import type { Metadata } from "next";

export const metadata: Metadata = { title: "Providers · Settings" };

/** Placeholder until this section lands (issue 12). */
export default function ProvidersSettingsPage() {
  return <p>Providers settings are being built.</p>;
}
