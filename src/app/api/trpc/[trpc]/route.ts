import { fetchRequestHandler } from "@trpc/server/adapters/fetch";

import { appRouter } from "@/server/api/root";
import { createTRPCContext } from "@/server/api/trpc";
import { limitRequestBody } from "@/server/http/body-limit";

/** Every tRPC call is per-request (database, live streams): never cache. */
export const dynamic = "force-dynamic";

/** Answers every tRPC call (queries by GET, mutations by POST). */
function handler(req: Request): Promise<Response> {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    // Refused before parsing when too large (413): a body is never read in full past the limit.
    req: limitRequestBody(req),
    router: appRouter,
    createContext: () => createTRPCContext({ headers: req.headers }),
    onError({ path, error }) {
      // Expected client errors (bad input, not found) are the caller's
      // business; log only what points at a server fault.
      if (error.code === "INTERNAL_SERVER_ERROR") {
        console.error(`tRPC failed on ${path ?? "<no-path>"}:`, error);
      }
    },
  });
}

export { handler as GET, handler as POST };
