"use client";

import { AlertCircle, Check, CloudUpload, Loader2, RotateCw } from "lucide-react";

import type { AutosaveController } from "../autosave/autosave-controller";
import styles from "../editor.module.css";
import { useEditor } from "../store/editor-context";

/** Saved / Saving… / Unsaved / Error (with retry) / Conflict, next to the graph's name. */
export function SaveIndicator({ autosave }: { autosave: AutosaveController }) {
  const save = useEditor((state) => state.save);
  const revision = useEditor((state) => state.revision);

  return (
    <span className={styles.saveState} data-status={save.status} role="status" aria-live="polite">
      {save.status === "saved" && (
        <>
          <Check size={14} aria-hidden="true" />
          <span title={`Revision ${revision}`}>Saved</span>
        </>
      )}
      {save.status === "saving" && (
        <>
          <Loader2 size={14} aria-hidden="true" className={styles.spin} />
          <span>Saving…</span>
        </>
      )}
      {save.status === "unsaved" && (
        <>
          <CloudUpload size={14} aria-hidden="true" />
          <span>Unsaved</span>
        </>
      )}
      {save.status === "conflict" && (
        <>
          <AlertCircle size={14} aria-hidden="true" />
          <span>Conflict</span>
        </>
      )}
      {save.status === "error" && (
        <>
          <AlertCircle size={14} aria-hidden="true" />
          <span title={save.error ?? undefined}>Not saved</span>
          <button
            type="button"
            className={styles.retryButton}
            onClick={() => void autosave.retry().catch(() => undefined)}
          >
            <RotateCw size={12} aria-hidden="true" />
            Retry
          </button>
        </>
      )}
    </span>
  );
}
