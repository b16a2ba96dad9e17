import type { Metadata } from "next";

export const metadata: Metadata = { title: "Tools · Settings" };

/** Placeholder until this section lands (issue 12). */
export default function ToolsSettingsPage() {
  return <p>Tools settings are being built.</p>;
}
