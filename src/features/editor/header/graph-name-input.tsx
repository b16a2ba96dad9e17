"use client";

import { useState, type KeyboardEvent } from "react";

import { graphDocumentSchema } from "@/core/graph/schema";

import styles from "../editor.module.css";
import { useEditor, useEditorStoreApi } from "../store/editor-context";

const nameSchema = graphDocumentSchema.shape.name;

/**
 * The graph's name, renamed in place: it is the draft's `name`, saved with
 * the draft (the graphs list follows it). An empty or too long name is refused.
 */
export function GraphNameInput() {
  const store = useEditorStoreApi();
  const name = useEditor((state) => state.document.name);
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? name;
  const parsed = nameSchema.safeParse(value.trim());
  const error = draft !== null && !parsed.success ? "A graph needs a name (at most 200 characters)." : null;

  const commit = () => {
    if (draft === null) return;
    const next = draft.trim();
    setDraft(null);
    if (!nameSchema.safeParse(next).success || next === name) return;
    const state = store.getState();
    state.commit({ ...state.document, name: next }, "Rename graph");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") event.currentTarget.blur();
    if (event.key === "Escape") {
      setDraft(null);
      event.currentTarget.blur();
    }
  };

  return (
    <span className={styles.nameField}>
      <input
        className={styles.nameInput}
        value={value}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
        aria-label="Graph name"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "graph-name-error" : undefined}
        size={Math.min(Math.max(value.length, 8), 40)}
        spellCheck={false}
      />
      {error && (
        <span id="graph-name-error" role="alert" className={styles.nameError}>
          {error}
        </span>
      )}
    </span>
  );
}
