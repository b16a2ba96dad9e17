import type { Metadata } from "next";

export const metadata: Metadata = { title: "Members · Settings" };

/** Placeholder until this section lands (issue 12). */
export default function MembersSettingsPage() {
  return <p>Members settings are being built.</p>;
}
