"use client";

import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { toast } from "sonner";

import styles from "../editor.module.css";
import { useEditor } from "../store/editor-context";
import type { AutosaveController } from "./autosave-controller";

/**
 * Shown when a save found a newer draft on the server (another tab or person
 * saved): the person chooses which draft to keep. Nothing is overwritten
 * until they do.
 */
export function ConflictDialog({
  autosave,
  onReloadTheirs,
}: {
  autosave: AutosaveController;
  onReloadTheirs: () => Promise<void>;
}) {
  const save = useEditor((state) => state.save);
  const revision = useEditor((state) => state.revision);
  const [busy, setBusy] = useState(false);
  const open = save.status === "conflict";

  const run = async (action: () => Promise<void>, done: string) => {
    setBusy(true);
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "That did not work; try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <AlertDialog.Root open={open}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.dialog}>
          <AlertDialog.Title className={styles.dialogTitle}>This graph changed somewhere else</AlertDialog.Title>
          <AlertDialog.Description className={styles.dialogDescription}>
            Another tab or person saved this draft (now revision {save.conflictRevision ?? "?"}; you started from
            revision {revision}). Your latest changes are not saved yet. Choose which draft to keep.
          </AlertDialog.Description>
          <ul className={styles.choiceList}>
            <li>
              <strong>Reload theirs</strong> — discard your unsaved changes and open the saved draft.
            </li>
            <li>
              <strong>Overwrite with mine</strong> — save your draft over theirs (their changes are lost, unless they
              are in a version).
            </li>
          </ul>
          <div className={styles.dialogActions}>
            <AlertDialog.Cancel
              className={styles.secondaryButton}
              disabled={busy}
              onClick={(event) => {
                event.preventDefault();
                void run(onReloadTheirs, "Reloaded the saved draft");
              }}
            >
              Reload theirs
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={styles.dangerButton}
              disabled={busy}
              onClick={(event) => {
                event.preventDefault();
                void run(() => autosave.overwrite(), "Saved your draft over theirs");
              }}
            >
              Overwrite with mine
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
