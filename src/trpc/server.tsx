import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { headers } from "next/headers";
import { cache, type ReactNode } from "react";

import { appRouter } from "@/server/api/root";
import { createTRPCContext } from "@/server/api/trpc";
import { makeQueryClient } from "@/trpc/query-client";

/** One QueryClient per server request (React `cache` is request-scoped). */
export const getQueryClient = cache(makeQueryClient);

const createContext = cache(async () => createTRPCContext({ headers: new Headers(await headers()) }));

/**
 * tRPC for server components: calls procedures in-process (no HTTP) and
 * fills the request's QueryClient.
 *
 * @example
 * await getQueryClient().prefetchQuery(trpc.graphs.list.queryOptions());
 * return <HydrateClient><GraphList /></HydrateClient>;
 */
export const trpc = createTRPCOptionsProxy({
  ctx: createContext,
  router: appRouter,
  queryClient: getQueryClient,
});

/** Hands the data prefetched by server components to client components. */
export function HydrateClient({ children }: { children: ReactNode }) {
  return <HydrationBoundary state={dehydrate(getQueryClient())}>{children}</HydrationBoundary>;
}
