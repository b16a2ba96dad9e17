import { toNextJsHandler } from "better-auth/next-js";

import { getAuth } from "@/server/auth/auth";
import { limitAuthRequestBody } from "@/server/auth/auth-request-limit";

/** Sessions and sign-in answers are per request: never cache. */
export const dynamic = "force-dynamic";

/**
 * better-auth's endpoints (`/api/auth/sign-in/email`, `/sign-up/email`,
 * `/sign-out`, `/get-session`…). The instance is made on the first request,
 * not at build time; a body over the auth limit is refused before parsing.
 */
export const { GET, POST, PATCH, PUT, DELETE } = toNextJsHandler(async (request) => {
  const limited = await limitAuthRequestBody(request);
  return limited instanceof Response ? limited : getAuth().handler(limited);
});
