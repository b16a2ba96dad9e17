import type { Metadata } from "next";

import { GraphList } from "@/features/graphs/graph-list";
import { ImportGraphButton } from "@/features/graphs/import-graph-button";
import { NewGraphButton } from "@/features/graphs/new-graph-dialog";
import { PageHeader } from "@/features/shell/page-header";
import { getQueryClient, HydrateClient, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Graphs" };

export default async function GraphsPage() {
  // Fetched in-process while rendering, so the list arrives with the HTML;
  // the client component takes over from the hydrated cache.
  await getQueryClient().prefetchQuery(trpc.graphs.list.queryOptions());

  return (
    <>
      <PageHeader
        title="Graphs"
        description="Multi-agent systems in this workspace: agents, and the handoffs between them."
        actions={
          <>
            <ImportGraphButton />
            <NewGraphButton />
          </>
        }
      />
      <HydrateClient>
        <GraphList />
      </HydrateClient>
    </>
  );
}
