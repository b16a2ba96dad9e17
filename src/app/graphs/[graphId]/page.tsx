import type { Metadata } from "next";

import { EditorPage } from "@/features/editor/editor-page";
import { getQueryClient, HydrateClient, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Editor" };

/**
 * The visual editor of one graph. The draft is read in-process while the page
 * renders and arrives with the HTML, so the editor does not wait for its
 * scripts to start before asking for it (an unknown id is left to the client,
 * which shows the not-found state).
 */
export default async function GraphEditorRoute({ params }: { params: Promise<{ graphId: string }> }) {
  const { graphId } = await params;
  await getQueryClient().prefetchQuery(trpc.graphs.get.queryOptions({ graphId }));
  return (
    <HydrateClient>
      <EditorPage graphId={graphId} />
    </HydrateClient>
  );
}
