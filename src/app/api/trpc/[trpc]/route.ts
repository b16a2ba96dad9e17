import { createTRPCContext } from "@/server/api/trpc";
import { createTrpcHandler } from "@/server/http/trpc-handler";

/** Every tRPC call is per-request (database, live streams): never cache. */
export const dynamic = "force-dynamic";

/** Answers every tRPC call (queries by GET, mutations by POST). */
const handler = createTrpcHandler((req) => createTRPCContext({ headers: req.headers }));

export { handler as GET, handler as POST };
