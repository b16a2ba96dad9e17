"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Dialog } from "radix-ui";
import { useId, useState } from "react";
import { toast } from "sonner";

import { modelListSchema, parseModelList } from "@/core/providers/provider-input";
import { useTRPC, type RouterOutputs } from "@/trpc/react";

import ui from "./settings-ui.module.css";

type Provider = RouterOutputs["providers"]["list"][number];

/** Types a provider's model ids by hand (servers without a models endpoint), one per line. */
export function ModelsDialog(props: { open: boolean; onOpenChange: (open: boolean) => void; provider: Provider }) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={ui.overlay} />
        <Dialog.Content className={ui.dialog}>
          {props.open ? <ModelsForm provider={props.provider} onDone={() => props.onOpenChange(false)} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ModelsForm({ provider, onDone }: { provider: Provider; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState(provider.models.join("\n"));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.providers.setModels.mutationOptions({
      onSuccess: async (saved) => {
        await queryClient.invalidateQueries({ queryKey: trpc.providers.list.queryKey() });
        toast.success(
          `Saved ${saved.models.length} ${saved.models.length === 1 ? "model" : "models"} of “${saved.name}”`,
        );
        onDone();
      },
      onError: (failure) => setError(failure.message),
    }),
  );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = modelListSchema.safeParse(parseModelList(text));
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Check the list.");
    setError(null);
    save.mutate({ id: provider.id, models: parsed.data });
  };
  return (
    <form onSubmit={submit} noValidate className={ui.form}>
      <Dialog.Title className={ui.dialogTitle}>Models of “{provider.name}”</Dialog.Title>
      <Dialog.Description className={ui.dialogDescription}>
        For servers without a models endpoint: type the model ids agents may pick, one per line. “Test connection”
        replaces this list when the server lists its models.
      </Dialog.Description>
      <div className={ui.field}>
        <label htmlFor={`${id}-models`} className={ui.label}>
          Model ids
        </label>
        <textarea
          id={`${id}-models`}
          className={ui.textarea}
          value={text}
          spellCheck={false}
          placeholder={"llama3.1:8b\nqwen2.5:7b"}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-models-hint`}
          onChange={(event) => setText(event.target.value)}
        />
        <span id={`${id}-models-hint`} className={error ? ui.fieldError : ui.hint} role={error ? "alert" : undefined}>
          {error ?? "One per line (or comma-separated); duplicates are dropped."}
        </span>
      </div>
      <div className={ui.dialogActions}>
        <Dialog.Close asChild>
          <button type="button" className={ui.secondaryButton}>
            Cancel
          </button>
        </Dialog.Close>
        <button type="submit" className={ui.primaryButton} disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save models"}
        </button>
      </div>
    </form>
  );
}
