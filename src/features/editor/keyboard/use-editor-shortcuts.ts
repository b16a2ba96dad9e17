"use client";

import { useEffect, useRef } from "react";
import { toast } from "sonner";

import { useEditorStoreApi } from "../store/editor-context";
import type { EditorCommands } from "../use-editor-actions";
import { isTypingTarget } from "./shortcuts";

export interface ShortcutHandlers {
  actions: EditorCommands;
  openShortcuts: () => void;
  openCommandPalette: () => void;
  flush: () => Promise<void>;
}

function inDialog(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]') !== null;
}

/** Single keys act only on the canvas and around it, not while a side panel has focus. */
function inPanel(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest("[data-editor-panel]") !== null;
}

function hasTextSelection(): boolean {
  const selection = window.getSelection();
  return selection !== null && !selection.isCollapsed && selection.toString().length > 0;
}

/** The editor's keyboard shortcuts (listed in keyboard/shortcuts.ts and the help dialog). */
export function useEditorShortcuts(handlers: ShortcutHandlers): void {
  const store = useEditorStoreApi();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const { actions, openShortcuts, openCommandPalette, flush } = latest.current;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      const typing = isTypingTarget(event.target);
      const run = (action: () => void) => {
        event.preventDefault();
        action();
      };

      // Anywhere, even while typing.
      if (mod && !event.altKey && key === "k") return run(openCommandPalette);
      if (mod && !event.altKey && key === "s") {
        return run(() =>
          flush().then(
            () => toast.success("Saved"),
            (error: unknown) => toast.error(error instanceof Error ? error.message : "Could not save"),
          ),
        );
      }
      if (typing || inDialog(event.target)) return;

      if (mod && !event.altKey) {
        if (key === "z" && !event.shiftKey) return run(actions.undo);
        if ((key === "z" && event.shiftKey) || key === "y") return run(actions.redo);
        if (key === "d") return run(actions.duplicate);
        if (inPanel(event.target)) return;
        if (key === "a") return run(actions.selectAll);
        if (key === "c" && !hasTextSelection()) {
          if (store.getState().selectedNodeIds.size > 0) run(() => void actions.copy());
          return;
        }
        if (key === "x" && !hasTextSelection()) return run(actions.cut);
        if (key === "v") return run(actions.paste);
        return;
      }
      if (event.altKey || event.ctrlKey || event.metaKey || inPanel(event.target)) return;

      if (event.key === "?") return run(openShortcuts);
      if (event.key === "Escape") {
        const state = store.getState();
        if (state.selectedNodeIds.size > 0 || state.selectedEdgeIds.size > 0) run(() => state.selectIds([], []));
        return;
      }
      if (key === "a" && event.shiftKey) {
        const selected = store.getState().selectedNodeIds;
        if (selected.size === 1) return run(() => void actions.addChild([...selected][0]!));
        return;
      }
      if (key === "a") return run(() => void actions.addAgent());
      if (key === "l" && event.shiftKey) return run(() => void actions.autoLayout());
      if (event.code === "Digit1" && event.shiftKey) return run(actions.fitView);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [store]);
}
