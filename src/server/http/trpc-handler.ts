/**
 * The HTTP handler of the tRPC API (the `/api/trpc` route): body limit,
 * fetch adapter, server-fault logging. A factory so tests serve the same
 * handler on their own context.
 */
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";

import { appRouter } from "@/server/api/root";
import type { TRPCContext } from "@/server/api/trpc";
import { limitRequestBody } from "@/server/http/body-limit";

/** Answers every tRPC call (queries by GET, mutations by POST) with contexts from `createContext`. */
export function createTrpcHandler(createContext: (req: Request) => TRPCContext | Promise<TRPCContext>) {
  return function handler(req: Request): Promise<Response> {
    // Refused before parsing when too large (413): a body is never read in full past the limit.
    const limited = limitRequestBody(req);
    return fetchRequestHandler({
      endpoint: "/api/trpc",
      req: limited,
      router: appRouter,
      createContext: () => createContext(limited),
      onError({ path, error }) {
        // Expected client errors (bad input, not found) are the caller's
        // business; log only what points at a server fault.
        if (error.code === "INTERNAL_SERVER_ERROR") {
          console.error(`tRPC failed on ${path ?? "<no-path>"}:`, error);
        }
      },
    });
  };
}
