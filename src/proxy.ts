/**
 * Runs before every request (Next.js 16 "proxy", formerly middleware):
 * answers only the host names the server is meant to be reached by, so a
 * web page cannot talk to a local server through DNS rebinding; and sends a
 * page request without a session cookie to the sign-in page. The cookie's
 * presence is only a hint for where to go: every API call and server page
 * still checks the session itself.
 */
import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";

import { ALLOWED_HOSTS_ENV, allowedHostNames, hostRefusalMessage, isAllowedHost } from "@/server/http/allowed-hosts";
import { signInRedirect } from "@/server/http/sign-in-redirect";

// Read once: the environment does not change while the server runs.
const allowed = allowedHostNames(process.env[ALLOWED_HOSTS_ENV]);

/**
 * 421 Misdirected Request, with a sentence naming the host and how to allow
 * it, for unknown hosts; a redirect to /sign-in?next=<path> for a signed-out
 * page request.
 */
export function proxy(request: NextRequest): NextResponse {
  const host = request.headers.get("host");
  if (!isAllowedHost(host, allowed)) {
    return new NextResponse(hostRefusalMessage(host), {
      status: 421,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
  const target = signInRedirect(request.nextUrl.pathname, request.nextUrl.search, getSessionCookie(request) !== null);
  if (target) return NextResponse.redirect(new URL(target, request.nextUrl));
  return NextResponse.next();
}
