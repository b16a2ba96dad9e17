"use client";

import { Plus, Trash2 } from "lucide-react";
import { Switch } from "radix-ui";
import { useId, useMemo, useState } from "react";
import { useFieldArray, useWatch } from "react-hook-form";

import { inputFilterSchema, redactRuleSchema, type InputFilter } from "@/core/graph/schema";

import { optionalPathsOf, unsetBlank } from "./empty-fields";
import { HELP } from "./field-help";
import { NumberField, TextField } from "./fields";
import { previewInputFilter, SAMPLE_TASK } from "./filter-preview";
import { IconButton } from "./icon-button";
import styles from "./panels.module.css";
import { useSchemaForm } from "./use-schema-form";

const EMPTY_FILTER: InputFilter = inputFilterSchema.parse({});

/** The handoff input filter (or none), with a live preview through the runtime's own filter. */
export function InputFilterEditor({
  filter,
  onSave,
}: {
  filter: InputFilter | null;
  onSave: (filter: InputFilter | null, label: string) => void;
}) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <div className={styles.fieldInline}>
        <label htmlFor={id} id={`${id}-title`} className={styles.label}>
          Input filter
        </label>
        <Switch.Root
          id={id}
          className={styles.switch}
          checked={filter !== null}
          aria-describedby={`${id}-help`}
          onCheckedChange={(on) => onSave(on ? EMPTY_FILTER : null, on ? "Add input filter" : "Remove input filter")}
        >
          <Switch.Thumb className={styles.switchThumb} />
        </Switch.Root>
        <p id={`${id}-help`} className={styles.help}>
          {HELP.policy.inputFilter}
        </p>
      </div>
      {filter ? <FilterForm filter={filter} onSave={onSave} /> : null}
    </section>
  );
}

function FilterForm({ filter, onSave }: { filter: InputFilter; onSave: (filter: InputFilter, label: string) => void }) {
  const sampleId = useId();
  const [sample, setSample] = useState(SAMPLE_TASK);
  const { form, commit } = useSchemaForm(inputFilterSchema, filter, (next) => {
    if (JSON.stringify(next) !== JSON.stringify(filter)) onSave(next, "Edit input filter");
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "redact" });
  // Live: the preview follows what is typed (when it is valid), before it is saved.
  const typed = useWatch({ control: form.control });
  const live = useMemo(() => {
    const parsed = inputFilterSchema.safeParse(unsetBlank(typed, optionalPathsOf(form)));
    return parsed.success ? parsed.data : filter;
  }, [typed, filter, form]);
  const preview = previewInputFilter(sample, live);
  return (
    <div className={styles.section}>
      <h4 className={styles.sectionTitle}>Redact</h4>
      <p className={styles.help}>{HELP.policy.redact}</p>
      <ol className={styles.list} aria-label="Redact rules">
        {fields.map((field, index) => (
          <li key={field.id} className={styles.card}>
            <div className={styles.cardHeader}>
              <span className={styles.cardTitle}>Rule {index + 1}</span>
              <IconButton
                label={`Remove redact rule ${index + 1}`}
                onClick={() => {
                  remove(index);
                  commit();
                }}
              >
                <Trash2 size={14} aria-hidden />
              </IconButton>
            </div>
            <TextField
              form={form}
              commit={commit}
              name={`redact.${index}.pattern`}
              label="Pattern"
              help={HELP.policy.redact}
              mono
            />
            {!preview.ok && preview.ruleIndex === index ? <p className={styles.error}>{preview.problem}</p> : null}
            <div className={styles.row}>
              <TextField
                form={form}
                commit={commit}
                name={`redact.${index}.flags`}
                label="Flags"
                help={HELP.policy.redactFlags}
                mono
              />
              <TextField
                form={form}
                commit={commit}
                name={`redact.${index}.replacement`}
                label="Replacement"
                help={HELP.policy.replacement}
                mono
              />
            </div>
          </li>
        ))}
      </ol>
      <div>
        <button
          type="button"
          className={styles.button}
          disabled={fields.length >= 50}
          onClick={() => {
            append(redactRuleSchema.parse({ pattern: "\\S+@\\S+" }));
            commit();
          }}
        >
          <Plus size={14} aria-hidden /> Add a redact rule
        </button>
      </div>
      <NumberField
        form={form}
        commit={commit}
        name="truncateChars"
        label="Truncate to (characters)"
        help={HELP.policy.truncateChars}
        step={1}
        optional
        placeholder="no limit"
      />
      <TextField
        form={form}
        commit={commit}
        name="prepend"
        label="Prepend"
        help={HELP.policy.prepend}
        multiline
        rows={2}
        optional
      />
      <h4 className={styles.sectionTitle}>Preview</h4>
      <div className={styles.field}>
        <label htmlFor={sampleId} className={styles.label}>
          Sample task
        </label>
        <textarea
          id={sampleId}
          rows={3}
          className={styles.input}
          value={sample}
          aria-describedby={`${sampleId}-help`}
          onChange={(event) => setSample(event.target.value)}
        />
        <p id={`${sampleId}-help`} className={styles.help}>
          {HELP.policy.preview}
        </p>
      </div>
      <div className={styles.field}>
        <span className={styles.label}>What the child sees</span>
        {preview.ok ? (
          <pre className={styles.preview} aria-label="Filtered task" aria-live="polite">
            {preview.output}
          </pre>
        ) : (
          <p className={styles.error} role="status">
            Redact rule {preview.ruleIndex + 1}: {preview.problem}
          </p>
        )}
        {preview.ok && !preview.changed ? (
          <p className={styles.muted}>The filter leaves this sample unchanged.</p>
        ) : null}
      </div>
    </div>
  );
}
