"use client";

import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";

import styles from "./tools-settings.module.css";

/** A button that asks before doing something that cannot be undone (delete, remove). */
export function ConfirmButton(props: {
  label: ReactNode;
  /** The button's accessible name, e.g. "Delete get_weather". */
  ariaLabel: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button type="button" className={styles.ghostButton} aria-label={props.ariaLabel} disabled={props.disabled}>
          {props.label}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.dialog}>
          <AlertDialog.Title className={styles.dialogTitle}>{props.title}</AlertDialog.Title>
          <AlertDialog.Description className={styles.dialogDescription}>{props.description}</AlertDialog.Description>
          <div className={styles.dialogActions}>
            <AlertDialog.Cancel asChild>
              <button type="button" className={styles.secondaryButton}>
                Cancel
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className={styles.dangerButton} onClick={props.onConfirm}>
                {props.confirmLabel}
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
