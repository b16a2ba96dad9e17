"use client";

import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, loggerLink, splitLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { useState, type ReactNode } from "react";

import type { AppRouter } from "@/server/api/root";
import { makeQueryClient } from "@/trpc/query-client";

/**
 * `useTRPC()` gives typed query/mutation/subscription options for TanStack
 * Query: `useQuery(trpc.graphs.list.queryOptions())`.
 */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** Input type of any procedure, e.g. `RouterInputs["graphs"]["compile"]`. */
export type RouterInputs = inferRouterInputs<AppRouter>;
/** Output type of any procedure, e.g. `RouterOutputs["graphs"]["list"]`. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

let browserQueryClient: QueryClient | undefined;

/** The server renders each request with a fresh client; the browser keeps one. */
function getQueryClient(): QueryClient {
  if (typeof window === "undefined") return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}

function apiUrl(): string {
  // Relative in the browser; server-side rendering of client components
  // needs an absolute URL to reach this same process.
  if (typeof window !== "undefined") return "/api/trpc";
  return `http://127.0.0.1:${process.env.PORT ?? 3000}/api/trpc`;
}

/** Mounts TanStack Query and the tRPC client for the whole app. */
export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        loggerLink({
          enabled: (op) =>
            process.env.NODE_ENV === "development" || (op.direction === "down" && op.result instanceof Error),
        }),
        // Subscriptions (live run events) stream over Server-Sent Events;
        // everything else is batched into as few HTTP requests as possible.
        splitLink({
          condition: (op) => op.type === "subscription",
          true: httpSubscriptionLink({ url: apiUrl() }),
          false: httpBatchLink({ url: apiUrl() }),
        }),
      ],
    }),
  );

  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
