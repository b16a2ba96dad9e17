"use client";

import { createContext, useContext, type ReactNode } from "react";
import { useStore } from "zustand";

import type { EditorActions, EditorState, EditorStore } from "./editor-store";

const EditorStoreContext = createContext<EditorStore | null>(null);

/** Makes one editor's store available to the components below. */
export function EditorStoreProvider({ store, children }: { store: EditorStore; children: ReactNode }) {
  return <EditorStoreContext.Provider value={store}>{children}</EditorStoreContext.Provider>;
}

/** The store itself, for event handlers that read state without subscribing. */
export function useEditorStoreApi(): EditorStore {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error("useEditorStore must be used inside <EditorStoreProvider>");
  return store;
}

/** A slice of the editor state; the component re-renders when the slice changes (Object.is). */
export function useEditor<T>(selector: (state: EditorState & EditorActions) => T): T {
  return useStore(useEditorStoreApi(), selector);
}

/** Whether undo / redo have anything to do. */
export function useHistoryAvailability(): { canUndo: boolean; canRedo: boolean } {
  const store = useEditorStoreApi();
  const canUndo = useStore(store.temporal, (state) => state.pastStates.length > 0);
  const canRedo = useStore(store.temporal, (state) => state.futureStates.length > 0);
  return { canUndo, canRedo };
}
