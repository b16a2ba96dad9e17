/**
 * The signed-in user of a request, from its better-auth session cookie
 * (checked against the sessions table: an expired, signed-out or forged
 * cookie is nobody).
 */
import type { SessionUser } from "@/server/api/access";
import type { Auth } from "./auth";

/** The user whose session the request's cookie holds, or null. */
export async function sessionUser(auth: Auth, headers: Headers): Promise<SessionUser | null> {
  if (!headers.get("cookie")) return null;
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  return { id: session.user.id, email: session.user.email, name: session.user.name };
}
