import type { Metadata } from "next";

import { MembersSettings } from "@/features/settings/members/members-settings";
import { getQueryClient, HydrateClient, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Members · Settings" };

/** Settings → Members: the workspace's members and roles, invitations, leaving. */
export default async function MembersSettingsPage() {
  // Fetched in-process while rendering; the client component takes over from the hydrated cache.
  const queryClient = getQueryClient();
  await Promise.all([
    queryClient.prefetchQuery(trpc.workspaces.current.queryOptions()),
    queryClient.prefetchQuery(trpc.members.list.queryOptions()),
    // Owners only: for anyone else it is refused here, quietly, and never asked from the browser.
    queryClient.prefetchQuery(trpc.invitations.list.queryOptions()),
  ]);
  return (
    <HydrateClient>
      <MembersSettings />
    </HydrateClient>
  );
}
