"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { toast } from "sonner";

import {
  HTTP_METHODS,
  httpToolFormSchema,
  httpToolFormValues,
  type HttpToolDefinition,
  type HttpToolFormValues,
} from "@/core/tools/http-tool-schema";
import { useTRPC, type RouterOutputs } from "@/trpc/react";

import { HttpToolTestDialog } from "./http-tool-test-dialog";
import styles from "./tools-settings.module.css";

export type HttpToolRow = RouterOutputs["httpTools"]["list"][number];

/** Create (no `tool`) or edit an HTTP tool, in a dialog. */
export function HttpToolDialog(props: { tool?: HttpToolRow; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          {props.open ? <HttpToolForm tool={props.tool} onDone={() => props.onOpenChange(false)} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function HttpToolForm({ tool, onDone }: { tool?: HttpToolRow; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<HttpToolFormValues, unknown, HttpToolDefinition>({
    resolver: zodResolver(httpToolFormSchema),
    defaultValues: httpToolFormValues(tool),
  });
  const headers = useFieldArray({ control: form.control, name: "headers" });
  /** The form's tool as it stands, being tested before it is saved. */
  const [testing, setTesting] = useState<HttpToolDefinition | null>(null);
  const saved = async (name: string, verb: string) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.httpTools.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.tools.catalog.queryKey() }),
    ]);
    toast.success(`${verb} the HTTP tool ${name}`);
    onDone();
  };
  const create = useMutation(
    trpc.httpTools.create.mutationOptions({
      onSuccess: (row) => saved(row.name, "Added"),
      onError: (error) => toast.error(`Couldn’t add the tool: ${error.message}`),
    }),
  );
  const update = useMutation(
    trpc.httpTools.update.mutationOptions({
      onSuccess: (row) => saved(row.name, "Saved"),
      onError: (error) => toast.error(`Couldn’t save the tool: ${error.message}`),
    }),
  );
  const pending = create.isPending || update.isPending;
  const submit = form.handleSubmit((definition) => {
    if (tool) update.mutate({ id: tool.id, tool: definition });
    else create.mutate(definition);
  });
  const { errors } = form.formState;
  const fieldProps = (name: keyof HttpToolFormValues, hasHint = false) => {
    const message = errors[name]?.message;
    return {
      id: `http-tool-${name}`,
      "aria-invalid": message ? true : undefined,
      "aria-describedby": message ? `http-tool-${name}-error` : hasHint ? `http-tool-${name}-hint` : undefined,
    } as const;
  };
  const note = (name: keyof HttpToolFormValues, hint?: string) => {
    const message = errors[name]?.message;
    if (message)
      return (
        <span id={`http-tool-${name}-error`} className={styles.fieldError}>
          {message}
        </span>
      );
    return hint ? (
      <span id={`http-tool-${name}-hint`} className={styles.hint}>
        {hint}
      </span>
    ) : null;
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={styles.form}>
      <Dialog.Title className={styles.dialogTitle}>{tool ? `Edit ${tool.name}` : "Add an HTTP tool"}</Dialog.Title>
      <Dialog.Description className={styles.dialogDescription}>
        Agents call it by name with JSON arguments; graphs store only the name.
      </Dialog.Description>

      <div className={styles.field}>
        <label htmlFor="http-tool-name" className={styles.label}>
          Name
        </label>
        <input
          className={`${styles.input} ${styles.mono}`}
          autoComplete="off"
          placeholder="get_weather"
          {...fieldProps("name", true)}
          {...form.register("name")}
        />
        {note("name", "Letters, digits, _ and -; unique in the workspace’s tool catalog.")}
      </div>

      <div className={styles.field}>
        <label htmlFor="http-tool-description" className={styles.label}>
          Description
        </label>
        <input
          className={styles.input}
          autoComplete="off"
          placeholder="Current weather for a city"
          {...fieldProps("description", true)}
          {...form.register("description")}
        />
        {note("description", "What the model reads to decide when to call it.")}
      </div>

      <div className={styles.methodUrl}>
        <div className={styles.field}>
          <label htmlFor="http-tool-method" className={styles.label}>
            Method
          </label>
          <select className={styles.select} {...fieldProps("method")} {...form.register("method")}>
            {HTTP_METHODS.map((method) => (
              <option key={method} value={method}>
                {method}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="http-tool-urlTemplate" className={styles.label}>
            URL template
          </label>
          <input
            className={`${styles.input} ${styles.mono}`}
            autoComplete="off"
            placeholder="https://api.example.com/weather/{{city}}"
            {...fieldProps("urlTemplate", true)}
            {...form.register("urlTemplate")}
          />
          {note(
            "urlTemplate",
            "{{param}} is filled from the arguments (URL-encoded); other arguments go in the query (GET, DELETE) or a JSON body.",
          )}
        </div>
      </div>

      <div className={styles.field}>
        <label htmlFor="http-tool-parametersText" className={styles.label}>
          Parameters (JSON schema)
        </label>
        <textarea
          className={styles.textarea}
          spellCheck={false}
          rows={8}
          {...fieldProps("parametersText", true)}
          {...form.register("parametersText")}
        />
        {note("parametersText", 'An object schema: {"type": "object", "properties": {…}, "required": […]}.')}
      </div>

      <fieldset className={styles.field}>
        <legend className={styles.label}>Headers</legend>
        {headers.fields.map((field, index) => {
          const nameError = errors.headers?.[index]?.name?.message;
          const valueError = errors.headers?.[index]?.value?.message;
          return (
            <div key={field.id} className={styles.headerRow}>
              <div className={styles.field}>
                <input
                  className={`${styles.input} ${styles.mono}`}
                  aria-label={`Header ${index + 1} name`}
                  placeholder="Authorization"
                  aria-invalid={nameError ? true : undefined}
                  {...form.register(`headers.${index}.name`)}
                />
                {nameError ? <span className={styles.fieldError}>{nameError}</span> : null}
              </div>
              <div className={styles.field}>
                <input
                  className={`${styles.input} ${styles.mono}`}
                  aria-label={`Header ${index + 1} value`}
                  placeholder="Bearer {{secrets.API_TOKEN}}"
                  aria-invalid={valueError ? true : undefined}
                  {...form.register(`headers.${index}.value`)}
                />
                {valueError ? <span className={styles.fieldError}>{valueError}</span> : null}
              </div>
              <button
                type="button"
                className={styles.ghostButton}
                aria-label={`Remove header ${index + 1}`}
                onClick={() => headers.remove(index)}
              >
                <X size={16} aria-hidden="true" />
              </button>
            </div>
          );
        })}
        <div>
          <button
            type="button"
            className={styles.secondaryButton}
            onClick={() => headers.append({ name: "", value: "" })}
          >
            <Plus size={16} aria-hidden="true" />
            Add header
          </button>
        </div>
        <span className={styles.hint}>
          Put credentials in a secret (Secrets below) and reference it as {"{{secrets.NAME}}"}.
        </span>
      </fieldset>

      <div className={styles.grid2}>
        <div className={styles.field}>
          <label htmlFor="http-tool-timeoutMs" className={styles.label}>
            Timeout (ms)
          </label>
          <input
            type="number"
            inputMode="numeric"
            className={styles.input}
            {...fieldProps("timeoutMs")}
            {...form.register("timeoutMs", { valueAsNumber: true })}
          />
          {note("timeoutMs")}
        </div>
        <div className={styles.field}>
          <label htmlFor="http-tool-maxResponseBytes" className={styles.label}>
            Response size limit (bytes)
          </label>
          <input
            type="number"
            inputMode="numeric"
            className={styles.input}
            {...fieldProps("maxResponseBytes")}
            {...form.register("maxResponseBytes", { valueAsNumber: true })}
          />
          {note("maxResponseBytes")}
        </div>
      </div>

      <div className={styles.dialogActions}>
        <Dialog.Close asChild>
          <button type="button" className={styles.secondaryButton}>
            Cancel
          </button>
        </Dialog.Close>
        <button
          type="button"
          className={styles.secondaryButton}
          onClick={() => void form.handleSubmit((definition) => setTesting(definition))()}
        >
          Test before saving
        </button>
        <button type="submit" className={styles.primaryButton} disabled={pending}>
          {pending ? "Saving…" : tool ? "Save tool" : "Add tool"}
        </button>
      </div>
      {testing ? (
        <HttpToolTestDialog
          tool={testing}
          open
          onOpenChange={(open) => {
            if (!open) setTesting(null);
          }}
        />
      ) : null}
    </form>
  );
}
