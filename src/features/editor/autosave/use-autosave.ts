"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";

import { useTRPC } from "@/trpc/react";

import { useGraphsClient } from "../graph-api";
import { useEditorStoreApi } from "../store/editor-context";
import { AutosaveController } from "./autosave-controller";
import { classifySaveError } from "./classify-save-error";

/**
 * Autosaves the editor's draft through `graphs.updateDraft` and warns before
 * leaving the page with unsaved changes. Returns the controller (flush, retry,
 * overwrite) for the header, the conflict dialog and the versions drawer.
 */
export function useAutosave(): AutosaveController {
  const store = useEditorStoreApi();
  const graphs = useGraphsClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [controller] = useState(
    () =>
      new AutosaveController(store, {
        save: async ({ revision, draft }) => {
          const saved = await graphs.updateDraft.mutate({ graphId: store.getState().graphId, revision, draft });
          // The graphs list shows names, agent counts and revisions: let it refetch when next shown.
          void queryClient.invalidateQueries({ queryKey: trpc.graphs.list.queryKey() });
          return saved;
        },
        classify: classifySaveError,
      }),
  );

  useEffect(() => {
    controller.start();
    return () => controller.stop();
  }, [controller]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!controller.hasUnsavedEdits) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [controller]);

  return controller;
}
