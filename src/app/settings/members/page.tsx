import type { Metadata } from "next";

import { MembersSettings } from "@/features/settings/members/members-settings";
import { getQueryClient, HydrateClient, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Members · Settings" };

/** Settings → Members: the workspace's members and roles, invitations, leaving. */
export default async function MembersSettingsPage() {
  // Fetched in-process while rendering; the client component takes over from the hydrated cache.
  const queryClient = getQueryClient();
  const [current] = await Promise.all([
    queryClient.fetchQuery(trpc.workspaces.current.queryOptions()).catch(() => null),
    queryClient.prefetchQuery(trpc.members.list.queryOptions()),
  ]);
  // Invitations are for owners only: nobody else's page asks for them.
  if (current?.role === "owner") await queryClient.prefetchQuery(trpc.invitations.list.queryOptions());
  return (
    <HydrateClient>
      <MembersSettings />
    </HydrateClient>
  );
}
