import type { Metadata } from "next";

import { RunsList } from "@/features/runs/traces/runs-list";
import { PageHeader } from "@/features/shell/page-header";

export const metadata: Metadata = { title: "Traces" };

export default function TracesPage() {
  return (
    <>
      <PageHeader
        title="Traces"
        description="Every run of this workspace: open one to see what each agent did, which handoffs happened, and what it cost."
      />
      <RunsList />
    </>
  );
}
