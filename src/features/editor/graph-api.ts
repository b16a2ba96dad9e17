"use client";

import { useQuery } from "@tanstack/react-query";

import type { GraphDocument } from "@/core/graph/schema";
import { useTRPCClient } from "@/trpc/react";

/**
 * The editor's calls to the `graphs` router (shared contract of issue 9).
 * INTERIM: typed by hand until the router is merged; then this file becomes
 * thin wrappers over `useTRPC().graphs.*` with inferred types.
 */
export interface GraphDraftRecord {
  id: string;
  name: string;
  description: string;
  revision: number;
  lastVersion: number | null;
  publishedVersion: number | null;
  draft: GraphDocument;
  createdAt: string;
  updatedAt: string;
}

interface ContractClient {
  graphs: {
    get: { query: (input: { graphId: string }) => Promise<GraphDraftRecord> };
    updateDraft: {
      mutate: (input: { graphId: string; revision: number; draft: GraphDocument }) => Promise<{
        revision: number;
        updatedAt: string;
      }>;
    };
  };
}

/** The tRPC client, seen through the contract's signatures. */
export function useGraphsClient(): ContractClient["graphs"] {
  return (useTRPCClient() as unknown as ContractClient).graphs;
}

export const graphQueryKey = (graphId: string) => ["editor", "graphs.get", graphId] as const;

/** The graph with its draft, as the editor opens it. */
export function useGraphDraft(graphId: string) {
  const graphs = useGraphsClient();
  return useQuery({
    queryKey: graphQueryKey(graphId),
    queryFn: () => graphs.get.query({ graphId }),
    // The editor owns the draft once open: never refetch it behind the user's back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}
