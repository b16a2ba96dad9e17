"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, CircleDashed, ListPlus, Pencil, PlugZap, Trash2, XCircle } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { toast } from "sonner";

import { DEFAULT_BASE_URLS, PROVIDER_KIND_LABELS } from "@/core/providers/provider-input";
import { useTRPC, type RouterOutputs } from "@/trpc/react";

import { KindIcon } from "./kind-icon";
import { ModelsDialog } from "./models-dialog";
import { ProviderDialog } from "./provider-dialog";
import styles from "./providers.module.css";
import ui from "./settings-ui.module.css";

type Provider = RouterOutputs["providers"]["list"][number];

/** "4 Dec, 14:05": when the last test ran. */
function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  });
}

/** One provider: what it is, its key's last four characters, its models, the last test, and (owners) its actions. */
export function ProviderCard({ provider, canEdit }: { provider: Provider; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [typingModels, setTypingModels] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.providers.list.queryKey() });
  const test = useMutation(
    trpc.providers.test.mutationOptions({
      onSettled: invalidate,
      onError: (error) => toast.error(`Couldn’t test “${provider.name}”: ${error.message}`),
    }),
  );
  const remove = useMutation(
    trpc.providers.delete.mutationOptions({
      onSuccess: async () => {
        await invalidate();
        toast.success(`Deleted “${provider.name}”`);
      },
      onError: (error) => toast.error(`Couldn’t delete “${provider.name}”: ${error.message}`),
    }),
  );
  const headingId = `provider-${provider.id}`;
  const endpoint =
    provider.baseUrl ?? (provider.kind === "openai_compatible" ? "—" : `${DEFAULT_BASE_URLS[provider.kind]} (default)`);

  return (
    <li className={`${ui.card} ${styles.provider}`} aria-labelledby={headingId}>
      <KindIcon kind={provider.kind} />
      <div className={styles.body}>
        <div className={styles.titleRow}>
          <h3 id={headingId} className={styles.name}>
            {provider.name}
          </h3>
          <span className={styles.kind}>{PROVIDER_KIND_LABELS[provider.kind]}</span>
        </div>
        <dl className={styles.facts}>
          <dt>Base URL</dt>
          <dd className={ui.mono}>{endpoint}</dd>
          <dt>Key</dt>
          <dd className={ui.mono}>{provider.hasKey ? `••••${provider.keyLast4 ?? ""}` : "none"}</dd>
          <dt>Models</dt>
          <dd>
            {provider.models.length === 0 ? (
              <span>none yet: test the connection{canEdit ? " or type them in" : ""}</span>
            ) : (
              <details className={styles.models}>
                <summary>
                  {provider.models.length} {provider.models.length === 1 ? "model" : "models"}
                </summary>
                <ul className={styles.modelChips} aria-label={`Models of ${provider.name}`}>
                  {provider.models.map((model) => (
                    <li key={model} className={styles.modelChip}>
                      {model}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </dd>
          <dt>Last test</dt>
          <dd>
            <span role="status" aria-live="polite">
              <CheckResult provider={provider} testing={test.isPending} />
            </span>
          </dd>
        </dl>
      </div>
      {canEdit ? (
        <div className={styles.actions}>
          <button
            type="button"
            className={ui.secondaryButton}
            disabled={test.isPending}
            onClick={() => test.mutate({ id: provider.id })}
          >
            <PlugZap size={14} aria-hidden="true" />
            {test.isPending ? "Testing…" : "Test connection"}
          </button>
          <button type="button" className={ui.ghostButton} onClick={() => setEditing(true)}>
            <Pencil size={14} aria-hidden="true" />
            Edit<span className="visually-hidden"> {provider.name}</span>
          </button>
          <button type="button" className={ui.ghostButton} onClick={() => setTypingModels(true)}>
            <ListPlus size={14} aria-hidden="true" />
            Models<span className="visually-hidden"> of {provider.name}</span>
          </button>
          <button
            type="button"
            className={`${ui.ghostButton} ${ui.ghostDanger}`}
            onClick={() => setConfirmDelete(true)}
          >
            <Trash2 size={14} aria-hidden="true" />
            Delete<span className="visually-hidden"> {provider.name}</span>
          </button>
        </div>
      ) : null}
      {canEdit ? (
        <>
          <ProviderDialog open={editing} onOpenChange={setEditing} provider={provider} />
          <ModelsDialog open={typingModels} onOpenChange={setTypingModels} provider={provider} />
          <AlertDialog.Root open={confirmDelete} onOpenChange={setConfirmDelete}>
            <AlertDialog.Portal>
              <AlertDialog.Overlay className={ui.overlay} />
              <AlertDialog.Content className={ui.dialog}>
                <AlertDialog.Title className={ui.dialogTitle}>Delete “{provider.name}”?</AlertDialog.Title>
                <AlertDialog.Description className={ui.dialogDescription}>
                  Its key is erased. Model chains that use it fail with a clear error until they pick another provider.
                </AlertDialog.Description>
                <div className={ui.dialogActions}>
                  <AlertDialog.Cancel asChild>
                    <button type="button" className={ui.secondaryButton}>
                      Cancel
                    </button>
                  </AlertDialog.Cancel>
                  <AlertDialog.Action asChild>
                    <button
                      type="button"
                      className={ui.dangerButton}
                      onClick={() => remove.mutate({ id: provider.id })}
                    >
                      Delete provider
                    </button>
                  </AlertDialog.Action>
                </div>
              </AlertDialog.Content>
            </AlertDialog.Portal>
          </AlertDialog.Root>
        </>
      ) : null}
    </li>
  );
}

function CheckResult({ provider, testing }: { provider: Provider; testing: boolean }) {
  if (testing)
    return (
      <span className={styles.check}>
        <CircleDashed size={14} className={styles.checkIcon} aria-hidden="true" />
        <span className={styles.checkText}>Testing…</span>
      </span>
    );
  const check = provider.lastCheck;
  if (!check) return <span className={styles.checkTime}>Not tested yet</span>;
  const Icon = check.ok ? CheckCircle2 : XCircle;
  return (
    <span className={styles.check} data-ok={check.ok}>
      <Icon size={14} className={styles.checkIcon} aria-hidden="true" />
      <span>
        <span className={styles.checkText}>{check.message}</span>{" "}
        <time className={styles.checkTime} dateTime={check.at} suppressHydrationWarning>
          ({formatWhen(check.at)})
        </time>
      </span>
    </span>
  );
}
