"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Globe, Trash2 } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";

import { allowedHostInputSchema } from "@/core/tools/http-tool-schema";
import { useTRPC } from "@/trpc/react";

import { ConfirmButton } from "./confirm-button";
import styles from "./tools-settings.module.css";
import { hasAtLeast, useWorkspaceRole } from "./use-workspace-role";

type HostForm = z.input<typeof allowedHostInputSchema>;

/** The owner's exceptions to the address guard: hosts tools may call although they are local or private. */
export function AllowedHostsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const role = useWorkspaceRole();
  const isOwner = hasAtLeast(role, "owner");
  const hosts = useQuery(trpc.allowedHosts.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.allowedHosts.list.queryKey() });

  const form = useForm<HostForm, unknown, z.output<typeof allowedHostInputSchema>>({
    resolver: zodResolver(allowedHostInputSchema),
    defaultValues: { host: "" },
  });
  const add = useMutation(
    trpc.allowedHosts.add.mutationOptions({
      onSuccess: async ({ host }) => {
        await refresh();
        toast.success(`Tools may now call ${host}`);
        form.reset({ host: "" });
      },
      onError: (error) => toast.error(`Couldn’t allow the host: ${error.message}`),
    }),
  );
  const remove = useMutation(
    trpc.allowedHosts.remove.mutationOptions({
      onSuccess: async ({ host }) => {
        await refresh();
        toast.success(`Removed ${host}`);
      },
      onError: (error) => toast.error(`Couldn’t remove the host: ${error.message}`),
    }),
  );
  const submit = form.handleSubmit((values) => add.mutate(values));
  const error = form.formState.errors.host?.message;

  return (
    <section className={styles.section} aria-labelledby="allowed-hosts-title">
      <div>
        <h2 id="allowed-hosts-title" className={styles.sectionTitle}>
          Allowed hosts
        </h2>
        <p className={styles.sectionText}>
          Tools may not call loopback, private, link-local or cloud metadata addresses (such as localhost, 10.0.0.0/8 or
          169.254.169.254), checked on every request and redirect. Allow a host here to make an exception:{" "}
          <code className={styles.mono}>host</code> allows every port, <code className={styles.mono}>host:port</code>{" "}
          that port only.
        </p>
      </div>

      {hosts.isPending ? <p className={styles.state}>Loading allowed hosts…</p> : null}
      {hosts.isError ? (
        <p className={styles.error} role="alert">
          Couldn’t load the allowed hosts: {hosts.error.message}
        </p>
      ) : null}
      {hosts.data && hosts.data.length === 0 ? (
        <p className={styles.empty}>No exceptions: tools reach public addresses only.</p>
      ) : null}
      {hosts.data && hosts.data.length > 0 ? (
        <ul className={styles.list} aria-label="Allowed hosts">
          {hosts.data.map(({ host }) => (
            <li key={host} className={styles.row}>
              <Globe size={16} aria-hidden="true" />
              <div className={styles.rowMain}>
                <span className={styles.rowName}>{host}</span>
              </div>
              {isOwner ? (
                <div className={styles.rowActions}>
                  <ConfirmButton
                    label={<Trash2 size={16} aria-hidden="true" />}
                    ariaLabel={`Remove the allowed host ${host}`}
                    title={`Remove ${host}?`}
                    description="Tools calling it will be refused again from their next call."
                    confirmLabel="Remove"
                    onConfirm={() => remove.mutate({ host })}
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
          aria-label="Allow a host"
        >
          <div className={styles.field}>
            <label htmlFor="allowed-host" className={styles.label}>
              Host
            </label>
            <input
              id="allowed-host"
              className={`${styles.input} ${styles.mono}`}
              placeholder="localhost:8080"
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "allowed-host-error" : undefined}
              {...form.register("host")}
            />
            {error ? (
              <span id="allowed-host-error" className={styles.fieldError}>
                {error}
              </span>
            ) : null}
          </div>
          <button type="submit" className={styles.primaryButton} disabled={add.isPending}>
            {add.isPending ? "Allowing…" : "Allow host"}
          </button>
        </form>
      ) : role !== null ? (
        <p className={styles.note}>Only owners can change the allowed hosts.</p>
      ) : null}
    </section>
  );
}
