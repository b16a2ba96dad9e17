"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Dialog } from "radix-ui";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";

import { workspaceNameInputSchema } from "@/core/workspaces/workspace-inputs";
import { useSwitchWorkspace } from "@/lib/use-switch-workspace";
import { useTRPC } from "@/trpc/react";

import styles from "./workspace-switcher.module.css";

type FormInput = z.input<typeof workspaceNameInputSchema>;
type FormOutput = z.output<typeof workspaceNameInputSchema>;

/** "Create workspace": a name, then the new workspace (you its owner) opens on /graphs. */
export function CreateWorkspaceDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          {props.open ? <CreateWorkspaceForm onDone={() => props.onOpenChange(false)} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CreateWorkspaceForm({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const switchWorkspace = useSwitchWorkspace();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(workspaceNameInputSchema),
    defaultValues: { name: "" },
  });
  const create = useMutation(
    trpc.workspaces.create.mutationOptions({
      onSuccess: async (created) => {
        onDone();
        toast.success(`Created “${created.name}”: you are its owner`);
        await switchWorkspace(created.id);
      },
    }),
  );
  const error = form.formState.errors.name?.message;
  const submit = form.handleSubmit((values) => create.mutate(values));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={styles.form}>
      <Dialog.Title className={styles.dialogTitle}>Create workspace</Dialog.Title>
      <Dialog.Description className={styles.dialogDescription}>
        A new workspace starts empty, with the default price table; you are its owner and can invite people from
        Settings → Members.
      </Dialog.Description>
      <div className={styles.field}>
        <label htmlFor="create-workspace-name" className={styles.label}>
          Name
        </label>
        <input
          id="create-workspace-name"
          className={styles.input}
          placeholder="Research team"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "create-workspace-error" : undefined}
          {...form.register("name")}
        />
        {error ? (
          <span id="create-workspace-error" className={styles.fieldError}>
            {error}
          </span>
        ) : null}
      </div>
      {create.isError ? (
        <p className={styles.fieldError} role="alert">
          Couldn’t create the workspace: {create.error.message}
        </p>
      ) : null}
      <div className={styles.dialogActions}>
        <Dialog.Close asChild>
          <button type="button" className={styles.secondaryButton}>
            Cancel
          </button>
        </Dialog.Close>
        <button type="submit" className={styles.primaryButton} disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create and switch"}
        </button>
      </div>
    </form>
  );
}
