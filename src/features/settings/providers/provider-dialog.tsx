"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Dialog } from "radix-ui";
import { useId } from "react";
import { useForm, useWatch, type FieldErrors, type Resolver } from "react-hook-form";
import { toast } from "sonner";

import {
  DEFAULT_BASE_URLS,
  PROVIDER_KIND_LABELS,
  PROVIDER_KINDS,
  providerCreateSchema,
  providerEditSchema,
  type ProviderKind,
} from "@/core/providers/provider-input";
import { useTRPC, type RouterOutputs } from "@/trpc/react";

import ui from "./settings-ui.module.css";

type Provider = RouterOutputs["providers"]["list"][number];

interface FormValues {
  kind: ProviderKind;
  name: string;
  baseUrl: string;
  apiKey: string;
  removeKey: boolean;
}

/** What the procedure gets from the form: an empty key on edit means "keep it". */
function toInput(values: FormValues, provider: Provider | undefined) {
  if (!provider) return { kind: values.kind, name: values.name, baseUrl: values.baseUrl, apiKey: values.apiKey };
  return {
    id: provider.id,
    name: values.name,
    baseUrl: values.baseUrl,
    ...(values.removeKey ? { removeKey: true } : values.apiKey.trim() !== "" ? { apiKey: values.apiKey } : {}),
  };
}

/** Validates with the shared schemas (the procedures' own), mapping each issue onto its field. */
function resolverFor(provider: Provider | undefined): Resolver<FormValues> {
  return async (values) => {
    const schema = provider ? providerEditSchema(provider.kind) : providerCreateSchema;
    const result = schema.safeParse(toInput(values, provider));
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<FormValues> = {};
    for (const issue of result.error.issues) {
      const field = (issue.path[0] ?? "name") as keyof FormValues;
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };
}

const BASE_URL_PLACEHOLDER: Record<ProviderKind, string> = {
  openai: DEFAULT_BASE_URLS.openai,
  anthropic: DEFAULT_BASE_URLS.anthropic,
  openai_compatible: "http://localhost:11434/v1",
};

/**
 * "Add provider" (no `provider`) or "Edit" (kind fixed; the key field empty
 * keeps the stored key). The key field is a password field that is never
 * filled from the server: keys are write-only.
 */
export function ProviderDialog(props: { open: boolean; onOpenChange: (open: boolean) => void; provider?: Provider }) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={ui.overlay} />
        <Dialog.Content className={ui.dialog}>
          {props.open ? <ProviderForm provider={props.provider} onDone={() => props.onOpenChange(false)} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ProviderForm({ provider, onDone }: { provider?: Provider; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const form = useForm<FormValues>({
    resolver: resolverFor(provider),
    defaultValues: {
      kind: provider?.kind ?? "openai",
      name: provider?.name ?? "",
      baseUrl: provider?.baseUrl ?? "",
      apiKey: "",
      removeKey: false,
    },
  });
  const kind = useWatch({ control: form.control, name: "kind" });
  const removeKey = useWatch({ control: form.control, name: "removeKey" });
  const onSuccess = async (saved: Provider) => {
    await queryClient.invalidateQueries({ queryKey: trpc.providers.list.queryKey() });
    toast.success(provider ? `Saved “${saved.name}”` : `Added “${saved.name}”: test the connection to read its models`);
    onDone();
  };
  const onError = (error: { message: string }) => form.setError("root.server", { message: error.message });
  const create = useMutation(trpc.providers.create.mutationOptions({ onSuccess, onError }));
  const update = useMutation(trpc.providers.update.mutationOptions({ onSuccess, onError }));
  const pending = create.isPending || update.isPending;

  const submit = form.handleSubmit((values) => {
    if (provider) update.mutate(toInput(values, provider) as Parameters<typeof update.mutate>[0]);
    else create.mutate(toInput(values, undefined) as Parameters<typeof create.mutate>[0]);
  });

  const errors = form.formState.errors;
  const keyHint = provider
    ? provider.hasKey
      ? `Leave empty to keep the key ending in ${provider.keyLast4}. Type a new key to replace it.`
      : "No key is stored. Type one to add it."
    : kind === "openai_compatible"
      ? "Optional: many local servers (Ollama, vLLM) need none. Stored encrypted; never shown again."
      : "Stored encrypted; only its last four characters are ever shown again.";

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={ui.form}>
      <Dialog.Title className={ui.dialogTitle}>{provider ? `Edit “${provider.name}”` : "Add provider"}</Dialog.Title>
      <Dialog.Description className={ui.dialogDescription}>
        {provider
          ? `${PROVIDER_KIND_LABELS[provider.kind]} provider. Changing the base URL or key clears the last test result.`
          : "Agents in this workspace can use its models once it is added; the key stays on the server."}
      </Dialog.Description>

      {provider ? null : (
        <div className={ui.field}>
          <label htmlFor={`${id}-kind`} className={ui.label}>
            Kind
          </label>
          <select id={`${id}-kind`} className={ui.select} {...form.register("kind")}>
            {PROVIDER_KINDS.map((value) => (
              <option key={value} value={value}>
                {PROVIDER_KIND_LABELS[value]}
              </option>
            ))}
          </select>
          <span className={ui.hint}>OpenAI-compatible: Ollama, vLLM, LM Studio, OpenRouter and other servers.</span>
        </div>
      )}

      <Field id={`${id}-name`} label="Name" error={errors.name?.message} hint="Shown in the editor's model picker.">
        <input
          id={`${id}-name`}
          className={ui.input}
          autoComplete="off"
          placeholder={kind === "openai_compatible" ? "Local Ollama" : PROVIDER_KIND_LABELS[kind]}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={`${id}-name-hint`}
          {...form.register("name")}
        />
      </Field>

      <Field
        id={`${id}-baseUrl`}
        label={kind === "openai_compatible" ? "Base URL" : "Base URL (optional)"}
        error={errors.baseUrl?.message}
        hint={
          kind === "openai_compatible"
            ? "The API's base, usually ending in /v1 (Ollama: http://localhost:11434/v1)."
            : `Leave empty for ${BASE_URL_PLACEHOLDER[kind]}; set it for a proxy or gateway.`
        }
      >
        <input
          id={`${id}-baseUrl`}
          className={`${ui.input} ${ui.mono}`}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={BASE_URL_PLACEHOLDER[kind]}
          aria-invalid={errors.baseUrl ? true : undefined}
          aria-describedby={`${id}-baseUrl-hint`}
          {...form.register("baseUrl")}
        />
      </Field>

      <Field
        id={`${id}-apiKey`}
        label={provider?.hasKey ? "Replace key" : "API key"}
        error={errors.apiKey?.message}
        hint={keyHint}
      >
        <input
          id={`${id}-apiKey`}
          className={`${ui.input} ${ui.mono}`}
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          disabled={removeKey}
          placeholder={provider?.hasKey ? `••••${provider.keyLast4}` : kind === "anthropic" ? "sk-ant-…" : "sk-…"}
          aria-invalid={errors.apiKey ? true : undefined}
          aria-describedby={`${id}-apiKey-hint`}
          {...form.register("apiKey")}
        />
      </Field>

      {provider?.hasKey && provider.kind === "openai_compatible" ? (
        <label className={ui.checkboxRow}>
          <input type="checkbox" {...form.register("removeKey")} />
          Remove the stored key (the server needs none)
        </label>
      ) : null}

      {errors.root?.server ? (
        <p className={ui.formError} role="alert">
          {errors.root.server.message}
        </p>
      ) : null}

      <div className={ui.dialogActions}>
        <Dialog.Close asChild>
          <button type="button" className={ui.secondaryButton}>
            Cancel
          </button>
        </Dialog.Close>
        <button type="submit" className={ui.primaryButton} disabled={pending}>
          {pending ? "Saving…" : provider ? "Save" : "Add provider"}
        </button>
      </div>
    </form>
  );
}

function Field(props: { id: string; label: string; error?: string; hint: string; children: React.ReactNode }) {
  return (
    <div className={ui.field}>
      <label htmlFor={props.id} className={ui.label}>
        {props.label}
      </label>
      {props.children}
      <span id={`${props.id}-hint`} className={props.error ? ui.fieldError : ui.hint}>
        {props.error ?? props.hint}
      </span>
    </div>
  );
}
