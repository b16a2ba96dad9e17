"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus, X } from "lucide-react";
import { Dialog, Tabs } from "radix-ui";
import { useForm, useFieldArray, useWatch, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { toast } from "sonner";

import type { McpServerSettings } from "@/core/tools/mcp-server-schema";
import { useTRPC } from "@/trpc/react";

import {
  type EditedServer,
  initialFormValues,
  mcpServerFormResolver,
  type McpServerFormValues,
} from "./mcp-server-form";
import styles from "./mcp-servers.module.css";

/** Add or edit an MCP server (owners): transport tabs, command, arguments and environment, or URL and headers. */
export function McpServerDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The server to edit; absent: add a new one. */
  server?: EditedServer & { id: string };
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          {props.open ? <McpServerForm server={props.server} onDone={() => props.onOpenChange(false)} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function McpServerForm({ server, onDone }: { server?: EditedServer & { id: string }; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<McpServerFormValues, unknown, McpServerSettings>({
    resolver: mcpServerFormResolver,
    defaultValues: initialFormValues(server),
  });
  const { register, formState } = form;
  const errors = formState.errors;
  const transport = useWatch({ control: form.control, name: "transport" });

  const onSuccess = async (saved: { name: string }) => {
    await queryClient.invalidateQueries({ queryKey: trpc.mcpServers.list.queryKey() });
    toast.success(server ? `Saved MCP server “${saved.name}”` : `Added MCP server “${saved.name}”: refresh its tools`);
    onDone();
  };
  const onError = (error: { message: string }) => form.setError("root", { message: error.message });
  const create = useMutation(trpc.mcpServers.create.mutationOptions({ onSuccess, onError }));
  const update = useMutation(trpc.mcpServers.update.mutationOptions({ onSuccess, onError }));
  const pending = create.isPending || update.isPending;

  const submit = form.handleSubmit((settings) => {
    if (server) update.mutate({ id: server.id, settings });
    else create.mutate(settings);
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={styles.form}>
      <Dialog.Title className={styles.dialogTitle}>{server ? `Edit “${server.name}”` : "Add MCP server"}</Dialog.Title>
      <Dialog.Description className={styles.dialogDescription}>
        Its tools join the workspace tool catalog as <span className={styles.code}>name__tool</span> once you refresh
        them and choose which agents may use.
      </Dialog.Description>

      <TextField
        id="mcp-name"
        label="Name"
        hint="Lower-case letters, digits and hyphens, e.g. docs-search."
        error={errors.name?.message}
        {...register("name")}
      />

      <Tabs.Root
        value={transport}
        onValueChange={(value) => form.setValue("transport", value as McpServerFormValues["transport"])}
      >
        <Tabs.List className={styles.tabs} aria-label="Transport">
          <Tabs.Trigger value="stdio" className={styles.tab}>
            Command (stdio)
          </Tabs.Trigger>
          <Tabs.Trigger value="http" className={styles.tab}>
            Streamable HTTP
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="stdio" className={styles.tabPanel}>
          <TextField
            id="mcp-command"
            label="Command"
            hint="One program name or path, run on the server machine without a shell (e.g. npx or /usr/local/bin/server)."
            error={errors.command?.message}
            autoComplete="off"
            {...register("command")}
          />
          <ArgRows form={form} />
          <SecretRows
            form={form}
            field="env"
            title="Environment variables"
            namePlaceholder="API_TOKEN"
            editing={Boolean(server)}
          />
        </Tabs.Content>
        <Tabs.Content value="http" className={styles.tabPanel}>
          <TextField
            id="mcp-url"
            label="URL"
            hint="The streamable HTTP endpoint, e.g. https://mcp.example.com/mcp. Private and local addresses need an allowed host."
            error={errors.url?.message}
            autoComplete="off"
            {...register("url")}
          />
          <SecretRows
            form={form}
            field="headers"
            title="Headers"
            namePlaceholder="Authorization"
            editing={Boolean(server)}
          />
        </Tabs.Content>
      </Tabs.Root>

      <TextField
        id="mcp-timeout"
        label="Timeout (seconds)"
        hint="How long the server may take to answer one request (1–300)."
        error={errors.timeoutSeconds?.message}
        inputMode="decimal"
        {...register("timeoutSeconds")}
      />

      {errors.root?.message ? (
        <p className={styles.error} role="alert">
          {errors.root.message}
        </p>
      ) : null}

      <div className={styles.dialogActions}>
        <Dialog.Close asChild>
          <button type="button" className={styles.secondaryButton}>
            Cancel
          </button>
        </Dialog.Close>
        <button type="submit" className={styles.primaryButton} disabled={pending}>
          {pending ? "Saving…" : server ? "Save" : "Add server"}
        </button>
      </div>
    </form>
  );
}

type Form = ReturnType<typeof useForm<McpServerFormValues, unknown, McpServerSettings>>;

function TextField({
  id,
  label,
  hint,
  error,
  ...input
}: { id: string; label: string; hint?: string; error?: string } & ReturnType<UseFormRegister<McpServerFormValues>> &
  React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        {...input}
      />
      {error ? (
        <span id={`${id}-hint`} className={styles.fieldError}>
          {error}
        </span>
      ) : hint ? (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}

function ArgRows({ form }: { form: Form }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "args" });
  const errors = form.formState.errors.args;
  return (
    <fieldset className={styles.tools}>
      <legend className={styles.toolsLegend}>Arguments</legend>
      <p className={styles.hint}>
        Passed as they are, one per row. Every member can read them: put secrets in environment variables.
      </p>
      <div className={styles.rows}>
        {fields.length === 0 ? <p className={styles.subtle}>No arguments.</p> : null}
        {fields.map((field, i) => {
          const error = errors?.[i]?.value?.message;
          return (
            <div key={field.id} className={styles.argRow}>
              <div className={styles.rowField}>
                <input
                  className={`${styles.input} ${styles.code}`}
                  aria-label={`Argument ${i + 1}`}
                  aria-invalid={error ? true : undefined}
                  autoComplete="off"
                  {...form.register(`args.${i}.value`)}
                />
                {error ? <span className={styles.fieldError}>{error}</span> : null}
              </div>
              <button
                type="button"
                className={styles.ghostButton}
                aria-label={`Remove argument ${i + 1}`}
                onClick={() => remove(i)}
              >
                <X size={16} aria-hidden="true" />
              </button>
            </div>
          );
        })}
      </div>
      <div>
        <button type="button" className={styles.secondaryButton} onClick={() => append({ value: "" })}>
          <Plus size={14} aria-hidden="true" /> Add argument
        </button>
      </div>
    </fieldset>
  );
}

function SecretRows({
  form,
  field,
  title,
  namePlaceholder,
  editing,
}: {
  form: Form;
  field: "env" | "headers";
  title: string;
  namePlaceholder: string;
  editing: boolean;
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: field });
  const errors = form.formState.errors[field] as FieldErrors<McpServerFormValues>["env"];
  const what = field === "env" ? "variable" : "header";
  return (
    <fieldset className={styles.tools}>
      <legend className={styles.toolsLegend}>{title}</legend>
      <p className={styles.hint}>
        Values are stored encrypted and never shown again{editing ? ": leave a value empty to keep the stored one" : ""}
        .
      </p>
      <div className={styles.rows}>
        {fields.map((row, i) => {
          const nameError = errors?.[i]?.name?.message;
          const valueError = errors?.[i]?.value?.message;
          return (
            <div key={row.id} className={styles.row}>
              <div className={styles.rowField}>
                <input
                  className={`${styles.input} ${styles.code}`}
                  aria-label={`Name of ${what} ${i + 1}`}
                  placeholder={namePlaceholder}
                  aria-invalid={nameError ? true : undefined}
                  autoComplete="off"
                  {...form.register(`${field}.${i}.name`)}
                />
                {nameError ? <span className={styles.fieldError}>{nameError}</span> : null}
              </div>
              <div className={styles.rowField}>
                <input
                  type="password"
                  className={styles.input}
                  aria-label={`Value of ${what} ${i + 1}`}
                  placeholder={row.stored ? "•••••• (unchanged)" : "value"}
                  aria-invalid={valueError ? true : undefined}
                  autoComplete="new-password"
                  {...form.register(`${field}.${i}.value`)}
                />
                {valueError ? <span className={styles.fieldError}>{valueError}</span> : null}
              </div>
              <button
                type="button"
                className={styles.ghostButton}
                aria-label={`Remove ${what} ${i + 1}`}
                onClick={() => remove(i)}
              >
                <X size={16} aria-hidden="true" />
              </button>
            </div>
          );
        })}
      </div>
      <div>
        <button
          type="button"
          className={styles.secondaryButton}
          onClick={() => append({ name: "", value: "", stored: false })}
        >
          <Plus size={14} aria-hidden="true" /> Add {what}
        </button>
      </div>
    </fieldset>
  );
}
