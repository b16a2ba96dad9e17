/**
 * The tRPC context of a test call (no vitest import: the API test server
 * runs it in a plain Node process too).
 */
import type { PrismaClient } from "@/generated/prisma/client";
import { WORKSPACE_HEADER, type SessionUser } from "@/server/api/access";
import type { TRPCContext } from "@/server/api/trpc";
import { LOCAL_USER } from "@/server/db/defaults";

/** Who a test caller is: a user and, optionally, the workspace their requests select. */
export interface CallerIdentity {
  userId: string;
  workspaceId?: string;
}

/** The context of a test call: as `identity`, or as the local owner of the default workspace. */
export function testContext(
  prisma: PrismaClient,
  identity?: CallerIdentity | null,
  headers = new Headers(),
): TRPCContext {
  if (identity?.workspaceId) headers.set(WORKSPACE_HEADER, identity.workspaceId);
  const getUser = async (): Promise<SessionUser | null> => {
    if (identity === null) return null;
    const user = identity
      ? await prisma.user.findUnique({ where: { id: identity.userId } })
      : await prisma.user.findUnique({ where: { email: LOCAL_USER.email } });
    return user ? { id: user.id, email: user.email, name: user.name } : null;
  };
  return { headers, getDb: () => prisma, getUser };
}
