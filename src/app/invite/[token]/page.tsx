import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";

import { InviteCard, type InviteProblem } from "@/features/invites/invite-card";
import { getQueryClient, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Invitation" };

/**
 * An invite link: what it invites to (asked in-process, so a broken link
 * shows its explanation without a failed request in the browser) and
 * whether the visitor is signed in (to accept) or must sign in or up first.
 */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const queryClient = getQueryClient();
  const signedIn = await queryClient
    .fetchQuery(trpc.workspaces.mine.queryOptions())
    .then(() => true)
    .catch(() => false);
  let invite = null;
  let problem: InviteProblem | null = null;
  try {
    invite = await queryClient.fetchQuery({ ...trpc.invitations.inspect.queryOptions({ token }), staleTime: 0 });
  } catch (error) {
    const code = error instanceof TRPCError ? error.code : null;
    problem =
      code === "NOT_FOUND" || code === "BAD_REQUEST"
        ? { kind: "invalid" }
        : { kind: "error", message: error instanceof Error ? error.message : String(error) };
  }
  return <InviteCard token={token} signedIn={signedIn} invite={invite} problem={problem} />;
}
