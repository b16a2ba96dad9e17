import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { connection } from "next/server";

import { getQueryClient, trpc } from "@/trpc/server";

import { WorkspaceSwitcherMenu } from "./workspace-switcher-menu";

/**
 * The header's workspace switcher. Asks the server in-process whether
 * someone is signed in (their workspaces); for a signed-out visitor it shows
 * nothing, so no page sends a request that would be refused.
 */
export async function WorkspaceSwitcher() {
  // The answer depends on the request's session: never prerender it.
  await connection();
  const queryClient = getQueryClient();
  try {
    await queryClient.fetchQuery(trpc.workspaces.mine.queryOptions());
  } catch {
    // Signed out (or the database is down: the header's status light says so).
    return null;
  }
  // Only this query: the page's own prefetches (maybe still running, maybe refused) are its business.
  const key = JSON.stringify(trpc.workspaces.mine.queryKey());
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === "success" && JSON.stringify(query.queryKey) === key,
  });
  return (
    <HydrationBoundary state={state}>
      <WorkspaceSwitcherMenu />
    </HydrationBoundary>
  );
}
