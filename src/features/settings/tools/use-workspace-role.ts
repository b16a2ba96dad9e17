"use client";

import { useQuery } from "@tanstack/react-query";

import { useTRPC } from "@/trpc/react";

/** The caller's role in the current workspace (null while loading): sections hide what the role cannot do. */
export function useWorkspaceRole(): "owner" | "editor" | "viewer" | null {
  const trpc = useTRPC();
  const current = useQuery(trpc.workspaces.current.queryOptions());
  return current.data?.role ?? null;
}

/** True when `role` is at least `needed` (viewer < editor < owner). */
export function hasAtLeast(role: "owner" | "editor" | "viewer" | null, needed: "editor" | "owner"): boolean {
  if (role === null) return false;
  return needed === "editor" ? role !== "viewer" : role === "owner";
}
