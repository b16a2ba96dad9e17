import type { Metadata } from "next";

import { PricesSection } from "@/features/settings/prices/prices-section";

export const metadata: Metadata = { title: "Prices · Settings" };

/** Settings → Prices: the workspace's price table. */
export default function PricesSettingsPage() {
  return <PricesSection />;
}
