/**
 * Facts about the install the auth pages need before anyone is signed in.
 */
import type { DbClient } from "@/server/repositories/db-client";

/** True once anybody has an account (a password): before that, sign-in guides to creating the owner account. */
export async function hasAnyAccount(db: DbClient): Promise<boolean> {
  return (await db.account.findFirst({ select: { id: true } })) !== null;
}
