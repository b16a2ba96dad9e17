"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Check, Copy, UserPlus } from "lucide-react";
import { Dialog } from "radix-ui";
import { useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";

import { ROLE_SUMMARIES, WORKSPACE_ROLE_VALUES, withArticle } from "@/core/workspaces/roles";
import { createInvitationInputSchema, DEFAULT_INVITE_DAYS, MAX_INVITE_DAYS } from "@/core/workspaces/workspace-inputs";
import { useTRPC, type RouterOutputs } from "@/trpc/react";

import { formatDateTime } from "./format-date";
import styles from "./members.module.css";

type Created = RouterOutputs["invitations"]["create"];
type FormInput = z.input<typeof createInvitationInputSchema>;
type FormOutput = z.output<typeof createInvitationInputSchema>;

const EXPIRY_CHOICES = [1, 3, DEFAULT_INVITE_DAYS, 14, MAX_INVITE_DAYS];

/** "Invite people": a dialog that creates an invite link and shows it (once) with a Copy button. */
export function InviteButton({ workspaceName }: { workspaceName: string }) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setCreated(null);
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className={styles.primaryButton}>
          <UserPlus size={16} aria-hidden="true" />
          Invite people
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          {!open ? null : created ? (
            <InviteLink created={created} workspaceName={workspaceName} onAnother={() => setCreated(null)} />
          ) : (
            <InviteForm workspaceName={workspaceName} onCreated={setCreated} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function InviteForm({ workspaceName, onCreated }: { workspaceName: string; onCreated: (created: Created) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createInvitationInputSchema),
    defaultValues: { role: "editor", email: undefined, expiresInDays: DEFAULT_INVITE_DAYS },
  });
  const create = useMutation(
    trpc.invitations.create.mutationOptions({
      onSuccess: async (created) => {
        await queryClient.invalidateQueries({ queryKey: trpc.invitations.list.queryKey() });
        onCreated(created);
      },
    }),
  );
  const role = useWatch({ control: form.control, name: "role" });
  const emailError = form.formState.errors.email?.message;
  const submit = form.handleSubmit((values) => create.mutate(values));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={styles.form}>
      <Dialog.Title className={styles.dialogTitle}>Invite people to {workspaceName}</Dialog.Title>
      <Dialog.Description className={styles.dialogDescription}>
        You get a link to send yourself. Whoever opens it and signs in joins with the role you pick; each link works
        once.
      </Dialog.Description>

      <div className={styles.fieldRow}>
        <div className={styles.field}>
          <label htmlFor="invite-role" className={styles.label}>
            Role
          </label>
          <select
            id="invite-role"
            className={styles.select}
            aria-describedby="invite-role-hint"
            {...form.register("role")}
          >
            {[...WORKSPACE_ROLE_VALUES].reverse().map((value) => (
              <option key={value} value={value}>
                {value.charAt(0).toUpperCase() + value.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="invite-expiry" className={styles.label}>
            Link expires after
          </label>
          <select
            id="invite-expiry"
            className={styles.select}
            {...form.register("expiresInDays", { setValueAs: (value: string) => Number(value) })}
          >
            {EXPIRY_CHOICES.map((days) => (
              <option key={days} value={days}>
                {days === 1 ? "1 day" : `${days} days`}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id="invite-role-hint" className={styles.hint}>
        {role ? `${role.charAt(0).toUpperCase() + role.slice(1)}: ${ROLE_SUMMARIES[role]}` : null}
      </p>

      <div className={styles.field}>
        <label htmlFor="invite-email" className={styles.label}>
          Email <span className={styles.muted}>(optional)</span>
        </label>
        <input
          id="invite-email"
          type="email"
          className={styles.input}
          placeholder="ada@example.com"
          autoComplete="off"
          aria-invalid={emailError ? true : undefined}
          aria-describedby="invite-email-hint"
          {...form.register("email", {
            setValueAs: (value: string | undefined) => (value?.trim() ? value.trim() : undefined),
          })}
        />
        {emailError ? (
          <span id="invite-email-hint" className={styles.fieldError}>
            {emailError}
          </span>
        ) : (
          <span id="invite-email-hint" className={styles.hint}>
            A note for owners: who the link is for. Nothing is emailed; anyone with the link can accept it.
          </span>
        )}
      </div>

      {create.isError ? (
        <p className={styles.fieldError} role="alert">
          Couldn’t create the invitation: {create.error.message}
        </p>
      ) : null}

      <div className={styles.dialogActions}>
        <Dialog.Close asChild>
          <button type="button" className={styles.secondaryButton}>
            Cancel
          </button>
        </Dialog.Close>
        <button type="submit" className={styles.primaryButton} disabled={create.isPending}>
          {create.isPending ? "Creating link…" : "Create invite link"}
        </button>
      </div>
    </form>
  );
}

function InviteLink(props: { created: Created; workspaceName: string; onAnother: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const url = `${window.location.origin}${props.created.link}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success("Invite link copied");
    } catch {
      input.current?.select();
      toast.info("Couldn’t reach the clipboard: the link is selected, press Ctrl+C (⌘C) to copy it.");
    }
  }

  return (
    <div className={styles.form}>
      <Dialog.Title className={styles.dialogTitle}>Invite link ready</Dialog.Title>
      <Dialog.Description className={styles.dialogDescription}>
        Send this link{props.created.email ? ` to ${props.created.email}` : ""}: it makes one person{" "}
        {withArticle(props.created.role)} of {props.workspaceName}. It works once, until{" "}
        {formatDateTime(props.created.expiresAt)}.
      </Dialog.Description>
      <div className={styles.field}>
        <label htmlFor="invite-link" className={styles.label}>
          Invite link
        </label>
        <div className={styles.linkBox}>
          <input
            ref={input}
            id="invite-link"
            className={`${styles.input} ${styles.linkInput}`}
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
          <button type="button" className={styles.secondaryButton} onClick={() => void copy()}>
            {copied ? <Check size={15} aria-hidden="true" /> : <Copy size={15} aria-hidden="true" />}
            {copied ? "Copied" : "Copy"}
          </button>
        </div>
      </div>
      <p className={styles.notice}>
        This is the only time the link is shown: it is not stored, only a fingerprint of it. Lost it? Revoke it and
        create a new one.
      </p>
      <div className={styles.dialogActions}>
        <button type="button" className={styles.secondaryButton} onClick={props.onAnother}>
          Invite someone else
        </button>
        <Dialog.Close asChild>
          <button type="button" className={styles.primaryButton}>
            Done
          </button>
        </Dialog.Close>
      </div>
    </div>
  );
}
