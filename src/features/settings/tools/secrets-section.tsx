"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Trash2 } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";

import { secretSetSchema } from "@/core/tools/http-tool-schema";
import { useTRPC } from "@/trpc/react";

import { ConfirmButton } from "./confirm-button";
import styles from "./tools-settings.module.css";
import { hasAtLeast, useWorkspaceRole } from "./use-workspace-role";

type SecretForm = z.input<typeof secretSetSchema>;

/** Workspace secrets: names and last four characters; owners set (write-only) and delete them. */
export function SecretsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const role = useWorkspaceRole();
  const isOwner = hasAtLeast(role, "owner");
  const secrets = useQuery(trpc.secrets.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.secrets.list.queryKey() });

  const form = useForm<SecretForm>({ resolver: zodResolver(secretSetSchema), defaultValues: { name: "", value: "" } });
  const set = useMutation(
    trpc.secrets.set.mutationOptions({
      onSuccess: async (saved) => {
        await refresh();
        toast.success(`Saved the secret ${saved.name}`);
        form.reset({ name: "", value: "" });
      },
      onError: (error) => toast.error(`Couldn’t save the secret: ${error.message}`),
    }),
  );
  const remove = useMutation(
    trpc.secrets.delete.mutationOptions({
      onSuccess: async ({ name }) => {
        await refresh();
        toast.success(`Deleted the secret ${name}`);
      },
      onError: (error) => toast.error(`Couldn’t delete the secret: ${error.message}`),
    }),
  );
  const submit = form.handleSubmit((values) => set.mutate(values));
  const { errors } = form.formState;

  return (
    <section className={styles.section} aria-labelledby="secrets-title">
      <div className={styles.sectionHeader}>
        <div>
          <h2 id="secrets-title" className={styles.sectionTitle}>
            Secrets
          </h2>
          <p className={styles.sectionText}>
            Values HTTP tool headers use as <code className={styles.mono}>{"{{secrets.NAME}}"}</code>. They are stored
            encrypted, filled in on the server when a tool is called, and masked in traces; only the last four
            characters are ever shown.
          </p>
        </div>
      </div>

      {secrets.isPending ? <p className={styles.state}>Loading secrets…</p> : null}
      {secrets.isError ? (
        <p className={styles.error} role="alert">
          Couldn’t load the secrets: {secrets.error.message}
        </p>
      ) : null}
      {secrets.data && secrets.data.length === 0 ? <p className={styles.empty}>No secrets yet.</p> : null}
      {secrets.data && secrets.data.length > 0 ? (
        <ul className={styles.list} aria-label="Secrets">
          {secrets.data.map((secret) => (
            <li key={secret.name} className={styles.row}>
              <KeyRound size={16} aria-hidden="true" />
              <div className={styles.rowMain}>
                <span className={styles.rowName}>{secret.name}</span>
                <span className={styles.rowDetail}>
                  <span className={styles.mono}>••••{secret.last4}</span> · updated{" "}
                  {new Date(secret.updatedAt).toLocaleString()}
                </span>
              </div>
              {isOwner ? (
                <div className={styles.rowActions}>
                  <ConfirmButton
                    label={<Trash2 size={16} aria-hidden="true" />}
                    ariaLabel={`Delete the secret ${secret.name}`}
                    title={`Delete the secret ${secret.name}?`}
                    description="Tools can no longer use it. A secret still used in a tool's headers cannot be deleted."
                    confirmLabel="Delete"
                    onConfirm={() => remove.mutate({ name: secret.name })}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      {isOwner ? (
        <form
          className={styles.inlineForm}
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-label="Set a secret"
        >
          <div className={styles.field}>
            <label htmlFor="secret-name" className={styles.label}>
              Name
            </label>
            <input
              id="secret-name"
              className={`${styles.input} ${styles.mono}`}
              placeholder="WEATHER_API_KEY"
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? "secret-name-error" : undefined}
              {...form.register("name")}
            />
            {errors.name ? (
              <span id="secret-name-error" className={styles.fieldError}>
                {errors.name.message}
              </span>
            ) : null}
          </div>
          <div className={styles.field}>
            <label htmlFor="secret-value" className={styles.label}>
              Value
            </label>
            <input
              id="secret-value"
              type="password"
              className={styles.input}
              autoComplete="new-password"
              aria-invalid={errors.value ? true : undefined}
              aria-describedby={errors.value ? "secret-value-error" : "secret-value-hint"}
              {...form.register("value")}
            />
            {errors.value ? (
              <span id="secret-value-error" className={styles.fieldError}>
                {errors.value.message}
              </span>
            ) : (
              <span id="secret-value-hint" className={styles.hint}>
                Write-only: saving a name that exists replaces its value.
              </span>
            )}
          </div>
          <button type="submit" className={styles.primaryButton} disabled={set.isPending}>
            {set.isPending ? "Saving…" : "Save secret"}
          </button>
        </form>
      ) : role !== null ? (
        <p className={styles.note}>Only owners can add, replace or delete secrets.</p>
      ) : null}
    </section>
  );
}
