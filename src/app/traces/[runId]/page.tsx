import type { Metadata } from "next";

import { TraceView } from "@/features/runs/traces/trace-view";
import { PageHeader } from "@/features/shell/page-header";

export const metadata: Metadata = { title: "Trace" };

/** One run's trace; the client reads it (and streams it live while the run goes on). */
export default async function TraceRoute({ params }: { params: Promise<{ runId: string }> }) {
  const { runId } = await params;
  return (
    <>
      <PageHeader title="Trace" description="What each agent did, in order, and why." />
      <TraceView runId={runId} />
    </>
  );
}
