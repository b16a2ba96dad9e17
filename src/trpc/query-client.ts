import { defaultShouldDehydrateQuery, QueryClient } from "@tanstack/react-query";

/**
 * One QueryClient factory for the browser and for server components, so
 * data prefetched on the server hydrates under the same rules.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Data rendered on the server is fresh for a while: without this the
        // browser would refetch everything right after hydration.
        staleTime: 30_000,
        // Retrying cannot fix a request the server refused (4xx); a server or
        // network failure gets one more try before the UI shows the error.
        retry: (failureCount, error) => {
          const status = (error as { data?: { httpStatus?: number } | null }).data?.httpStatus;
          if (status !== undefined && status < 500) return false;
          return failureCount < 1;
        },
      },
      dehydrate: {
        // Also send queries still in flight, so a server component can start
        // a fetch without awaiting it and the client picks up the promise.
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === "pending",
      },
    },
  });
}
