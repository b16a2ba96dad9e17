"use client";

import { useQuery } from "@tanstack/react-query";

import { useTRPC } from "@/trpc/react";

/** The caller's role in the current workspace (undefined while loading): owners manage providers, keys and prices. */
export function useWorkspaceRole() {
  const trpc = useTRPC();
  const current = useQuery(trpc.workspaces.current.queryOptions());
  return { role: current.data?.role, isOwner: current.data?.role === "owner", isPending: current.isPending };
}
