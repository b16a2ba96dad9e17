"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FilePlus2, LayoutTemplate, Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { Dialog, RadioGroup } from "radix-ui";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";

import { graphDocumentSchema } from "@/core/graph/schema";
import { useTRPC } from "@/trpc/react";

import styles from "./graph-actions.module.css";

const BLANK = "blank";

/** The dialog's form: the graph name rule is the document schema's own. */
const newGraphFormSchema = z.object({ name: graphDocumentSchema.shape.name.optional() });
type NewGraphForm = z.infer<typeof newGraphFormSchema>;

/** "New graph": a dialog to start blank or from a template, then open the new graph in the editor. */
export function NewGraphButton() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className={styles.primaryButton}>
          <Plus size={16} aria-hidden="true" />
          New graph
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          {open ? <NewGraphForm onDone={() => setOpen(false)} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function NewGraphForm({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const templates = useQuery(trpc.graphs.templates.queryOptions());
  const [choice, setChoice] = useState(BLANK);
  const chosen = templates.data?.find((t) => t.id === choice);
  const chosenName = chosen?.name ?? "Untitled graph";
  const form = useForm<NewGraphForm>({ resolver: zodResolver(newGraphFormSchema), defaultValues: { name: undefined } });
  const create = useMutation(
    trpc.graphs.create.mutationOptions({
      onSuccess: async ({ id }, input) => {
        await queryClient.invalidateQueries({ queryKey: trpc.graphs.list.queryKey() });
        toast.success(`Created “${input.name ?? chosenName}”`);
        onDone();
        router.push(`/graphs/${id}`);
      },
      onError: (error) => toast.error(`Couldn’t create the graph: ${error.message}`),
    }),
  );

  const nameError = form.formState.errors.name?.message;

  const submit = form.handleSubmit((values) => {
    create.mutate({
      ...(values.name !== undefined && { name: values.name }),
      ...(chosen && { templateId: chosen.id }),
    });
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={styles.form}>
      <Dialog.Title className={styles.dialogTitle}>New graph</Dialog.Title>
      <Dialog.Description className={styles.dialogDescription}>
        Start from a blank graph (one main agent on the offline scripted model) or from an example team.
      </Dialog.Description>

      <RadioGroup.Root className={styles.options} value={choice} onValueChange={setChoice} aria-label="Start from" loop>
        <TemplateOption
          value={BLANK}
          name="Blank graph"
          description="One main agent, ready to run; add sub-agents on the canvas."
          meta="1 agent"
          icon={<FilePlus2 size={18} aria-hidden="true" />}
        />
        {templates.isPending ? <p className={styles.loadingText}>Loading templates…</p> : null}
        {templates.isError ? (
          <p className={styles.fieldError} role="alert">
            Couldn’t load the templates: {templates.error.message}
          </p>
        ) : null}
        {templates.data?.map((template) => (
          <TemplateOption
            key={template.id}
            value={template.id}
            name={template.name}
            description={template.description}
            meta={`${template.agentCount} ${template.agentCount === 1 ? "agent" : "agents"}`}
            icon={<LayoutTemplate size={18} aria-hidden="true" />}
          />
        ))}
      </RadioGroup.Root>

      <div className={styles.field}>
        <label htmlFor="new-graph-name" className={styles.label}>
          Name
        </label>
        <input
          id="new-graph-name"
          className={styles.input}
          placeholder={chosenName}
          autoComplete="off"
          aria-invalid={nameError ? true : undefined}
          aria-describedby="new-graph-name-hint"
          {...form.register("name", {
            setValueAs: (value: string) => (value.trim() === "" ? undefined : value.trim()),
          })}
        />
        {nameError ? (
          <span id="new-graph-name-hint" className={styles.fieldError}>
            {nameError}
          </span>
        ) : (
          <span id="new-graph-name-hint" className={styles.hint}>
            Optional: leave empty to use “{chosenName}”.
          </span>
        )}
      </div>

      <div className={styles.dialogActions}>
        <Dialog.Close asChild>
          <button type="button" className={styles.secondaryButton}>
            Cancel
          </button>
        </Dialog.Close>
        <button type="submit" className={styles.primaryButton} disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create and open"}
        </button>
      </div>
    </form>
  );
}

function TemplateOption(props: {
  value: string;
  name: string;
  description: string;
  meta: string;
  icon: React.ReactNode;
}) {
  return (
    <RadioGroup.Item value={props.value} className={styles.option}>
      <span className={styles.optionIcon}>{props.icon}</span>
      <span className={styles.optionText}>
        <span className={styles.optionName}>{props.name}</span>
        {props.description ? <span className={styles.optionDescription}>{props.description}</span> : null}
      </span>
      <span className={styles.optionMeta}>{props.meta}</span>
    </RadioGroup.Item>
  );
}
