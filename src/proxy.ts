/**
 * Runs before every request (Next.js 16 "proxy", formerly middleware):
 * answers only the host names the server is meant to be reached by, so a
 * web page cannot talk to a local server through DNS rebinding.
 */
import { NextResponse, type NextRequest } from "next/server";

import { ALLOWED_HOSTS_ENV, allowedHostNames, hostRefusalMessage, isAllowedHost } from "@/server/http/allowed-hosts";

// Read once: the environment does not change while the server runs.
const allowed = allowedHostNames(process.env[ALLOWED_HOSTS_ENV]);

/** 421 Misdirected Request, with a sentence naming the host and how to allow it, for unknown hosts. */
export function proxy(request: NextRequest): NextResponse {
  const host = request.headers.get("host");
  if (isAllowedHost(host, allowed)) return NextResponse.next();
  return new NextResponse(hostRefusalMessage(host), {
    status: 421,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}
