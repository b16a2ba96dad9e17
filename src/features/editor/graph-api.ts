"use client";

import { useQuery } from "@tanstack/react-query";

import { useTRPC, useTRPCClient, type RouterOutputs } from "@/trpc/react";

/** The graph with its draft, as `graphs.get` returns it. */
export type GraphDraftRecord = RouterOutputs["graphs"]["get"];

/** The `graphs` procedures, for calls outside React Query (autosave, reloads). */
export function useGraphsClient() {
  return useTRPCClient().graphs;
}

/** The graph with its draft, as the editor opens it. */
export function useGraphDraft(graphId: string) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.graphs.get.queryOptions({ graphId }),
    // The editor owns the draft once open: never refetch it behind the user's back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    gcTime: 0,
  });
}

/**
 * The workspace's tool catalog (built-ins, HTTP and MCP tools) for the tool
 * checklist and the live compile. Refetched when the window regains focus,
 * so a tool added in Settings → Tools in another tab shows up.
 */
export function useToolCatalog() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.tools.catalog.queryOptions(), staleTime: 30_000 });
}
