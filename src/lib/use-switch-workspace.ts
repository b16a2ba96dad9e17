"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useCallback } from "react";

import { clearWorkspaceInBrowser, selectWorkspaceInBrowser } from "./workspace-cookie";

/**
 * Switches this browser to another workspace: sets the workspace cookie,
 * drops every cached query (they belong to the old workspace; the ones on
 * screen refetch), lands on /graphs and re-renders the server components
 * with the new cookie. Used by the header's switcher, accepting an invite
 * and leaving a workspace.
 */
export function useSwitchWorkspace(): (workspaceId: string | null, path?: string) => Promise<void> {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(
    async (workspaceId, path = "/graphs") => {
      // null: forget the choice (the workspace was left); the server then picks the oldest membership.
      if (workspaceId) selectWorkspaceInBrowser(workspaceId);
      else clearWorkspaceInBrowser();
      router.push(path);
      router.refresh();
      await queryClient.resetQueries();
    },
    [queryClient, router],
  );
}
