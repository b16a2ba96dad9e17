import { connection } from "next/server";

import { getQueryClient, HydrateClient, trpc } from "@/trpc/server";

import { WorkspaceSwitcherMenu } from "./workspace-switcher-menu";

/**
 * The header's workspace switcher. Asks the server in-process whether
 * someone is signed in (their workspaces); for a signed-out visitor it shows
 * nothing, so no page sends a request that would be refused.
 */
export async function WorkspaceSwitcher() {
  // The answer depends on the request's session: never prerender it.
  await connection();
  try {
    await getQueryClient().fetchQuery(trpc.workspaces.mine.queryOptions());
  } catch {
    // Signed out (or the database is down: the header's status light says so).
    return null;
  }
  return (
    <HydrateClient>
      <WorkspaceSwitcherMenu />
    </HydrateClient>
  );
}
