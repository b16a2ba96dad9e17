import type { Metadata } from "next";

import { CostsView } from "@/features/runs/costs/costs-view";
import { RunCostView } from "@/features/runs/costs/run-cost-view";
import { PageHeader } from "@/features/shell/page-header";

export const metadata: Metadata = { title: "Costs" };

/** `/costs`: cost per graph per day; `/costs?run=<id>`: one run's breakdown. */
export default async function CostsPage({ searchParams }: { searchParams: Promise<{ run?: string | string[] }> }) {
  const { run } = await searchParams;
  const runId = typeof run === "string" && run.length > 0 ? run : null;
  return (
    <>
      <PageHeader
        title={runId ? "Run cost" : "Costs"}
        description={
          runId
            ? "What this run cost, agent by agent, model by model and handoff by handoff — retries and fallbacks included."
            : "What your graphs cost, per graph and per day, with every retry and fallback counted."
        }
      />
      {runId ? <RunCostView runId={runId} /> : <CostsView />}
    </>
  );
}
