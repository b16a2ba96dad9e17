"use client";

import { useMutation } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { toast } from "sonner";

import { useSwitchWorkspace } from "@/lib/use-switch-workspace";
import { useTRPC } from "@/trpc/react";

import styles from "./members.module.css";

/** "Leave workspace", confirmed; the only owner is told to make someone else owner first. */
export function LeaveWorkspace({ workspaceName, soleOwner }: { workspaceName: string; soleOwner: boolean }) {
  const trpc = useTRPC();
  const switchWorkspace = useSwitchWorkspace();
  const [open, setOpen] = useState(false);
  const leave = useMutation(
    trpc.members.leave.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        toast.success(`You left “${workspaceName}”`);
        await switchWorkspace(null);
      },
    }),
  );
  return (
    <section className={styles.leaveCard} aria-labelledby="leave-heading">
      <div>
        <h2 id="leave-heading" className={styles.sectionTitle}>
          Leave {workspaceName}
        </h2>
        <p className={styles.sectionDescription}>
          {soleOwner
            ? "You are its only owner: make someone else owner first, so the workspace is not left without one."
            : "You lose access to its graphs, runs and settings until an owner invites you again."}
        </p>
      </div>
      <AlertDialog.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) leave.reset();
        }}
      >
        <AlertDialog.Trigger asChild>
          <button type="button" className={styles.secondaryButton}>
            <LogOut size={15} aria-hidden="true" />
            Leave workspace
          </button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={styles.overlay} />
          <AlertDialog.Content className={styles.dialog}>
            <AlertDialog.Title className={styles.dialogTitle}>Leave “{workspaceName}”?</AlertDialog.Title>
            <AlertDialog.Description className={styles.dialogDescription}>
              You lose access to its graphs, runs and settings at once. To come back, an owner must invite you again.
            </AlertDialog.Description>
            {leave.isError ? (
              <p className={styles.fieldError} role="alert">
                {leave.error.message}
              </p>
            ) : null}
            <div className={styles.dialogActions}>
              <AlertDialog.Cancel asChild>
                <button type="button" className={styles.secondaryButton}>
                  Stay
                </button>
              </AlertDialog.Cancel>
              <button
                type="button"
                className={styles.dangerButton}
                disabled={leave.isPending}
                onClick={() => leave.mutate()}
              >
                {leave.isPending ? "Leaving…" : "Leave workspace"}
              </button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </section>
  );
}
