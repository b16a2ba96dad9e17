"use client";

import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { Fragment, useSyncExternalStore } from "react";

import styles from "../editor.module.css";
import { modKeyLabel, SHORTCUT_GROUPS } from "./shortcuts";

const noSubscribe = () => () => {};

/** The "?" dialog: every shortcut of the editor. */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const mod = useSyncExternalStore(noSubscribe, modKeyLabel, () => "Ctrl");
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={`${styles.dialog} ${styles.dialogWide}`}>
          <div className={styles.dialogHeader}>
            <Dialog.Title className={styles.dialogTitle}>Keyboard shortcuts</Dialog.Title>
            <Dialog.Close className={styles.iconButton} aria-label="Close">
              <X size={16} aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className={styles.dialogDescription}>
            Single-key shortcuts work while the canvas has focus; {mod} shortcuts work everywhere except inside text
            fields.
          </Dialog.Description>
          <div className={styles.shortcutGroups}>
            {SHORTCUT_GROUPS.map((group) => (
              <section key={group.title} className={styles.shortcutGroup}>
                <h3 className={styles.shortcutGroupTitle}>{group.title}</h3>
                <dl className={styles.shortcutList}>
                  {group.shortcuts.map((shortcut) => (
                    <div key={shortcut.description} className={styles.shortcutRow}>
                      <dt>
                        {shortcut.keys.map((combo, index) => (
                          <Fragment key={combo.join("+")}>
                            {index > 0 && <span className={styles.shortcutOr}>or</span>}
                            {combo.map((key) => (
                              <kbd key={key} className={styles.kbd}>
                                {key === "Mod" ? mod : key}
                              </kbd>
                            ))}
                          </Fragment>
                        ))}
                      </dt>
                      <dd>{shortcut.description}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
