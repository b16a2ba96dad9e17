import type { Metadata } from "next";

import { ComingSoon } from "@/features/shell/coming-soon";
import { TracesIcon } from "@/features/shell/icons";
import { PageHeader } from "@/features/shell/page-header";

export const metadata: Metadata = { title: "Traces" };

export default function TracesPage() {
  return (
    <>
      <PageHeader
        title="Traces"
        description="Review past runs: what each agent did, which handoffs happened, and what it cost."
      />
      <ComingSoon
        icon={<TracesIcon />}
        title="Every run, readable in seconds"
        features={[
          "Runs list with status, duration, tokens and cost, with filters.",
          "Span tree and timeline waterfall for each run.",
          "Handoff details, model fallbacks, and cost per agent and per model.",
        ]}
      />
    </>
  );
}
