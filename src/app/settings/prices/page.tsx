import type { Metadata } from "next";

export const metadata: Metadata = { title: "Prices · Settings" };

/** Placeholder until this section lands (issue 12). */
export default function PricesSettingsPage() {
  return <p>Prices settings are being built.</p>;
}
