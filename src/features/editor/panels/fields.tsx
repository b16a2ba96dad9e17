"use client";

import { Check, ChevronDown } from "lucide-react";
import { Select, Switch } from "radix-ui";
import { useId, type KeyboardEvent, type ReactNode } from "react";
import { Controller, useFormState, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";

import { markOptional } from "./empty-fields";
import styles from "./panels.module.css";

/** What every form field gets: the form, the field's path, its label and its one-sentence help. */
interface FieldProps<T extends FieldValues> {
  form: UseFormReturn<T, unknown, unknown>;
  name: Path<T>;
  label: string;
  help: string;
  /** Saves the form (when valid). */
  commit: () => void;
}

/** The field's error message (from the core schema), if any. */
function useFieldError<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, name: Path<T>) {
  const state = useFormState({ control: form.control, name });
  return form.getFieldState(name, state).error?.message;
}

/** Label, control, help sentence and error, tied together for assistive technology. */
export function FieldFrame({
  id,
  label,
  help,
  error,
  children,
  inline = false,
}: {
  id: string;
  label: string;
  help: string;
  error?: string;
  children: ReactNode;
  inline?: boolean;
}) {
  return (
    <div className={inline ? styles.fieldInline : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      <p id={`${id}-help`} className={styles.help}>
        {help}
      </p>
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes of a control with help and maybe an error. */
export function describedBy(id: string, error: string | undefined) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error ${id}-help` : `${id}-help`,
  } as const;
}

/** Enter in a one-line input saves, as leaving it does. */
function commitOnEnter(commit: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      commit();
    }
  };
}

/** A text input (or a textarea), saved on blur and on Enter. */
export function TextField<T extends FieldValues>({
  form,
  name,
  label,
  help,
  commit,
  multiline = false,
  rows = 3,
  placeholder,
  mono = false,
  optional = false,
  suggestions,
}: FieldProps<T> & {
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  mono?: boolean;
  optional?: boolean;
  /** Values offered while typing (a combobox that still takes free text). */
  suggestions?: readonly string[];
}) {
  const id = useId();
  const error = useFieldError(form, name);
  const className = `${styles.input} ${mono ? styles.mono : ""}`;
  // An optional text emptied by the user is unset, not "" (the key leaves the JSON).
  if (optional) markOptional(form, name);
  const registered = form.register(name, { onBlur: commit });
  return (
    <FieldFrame id={id} label={label} help={help} error={error}>
      {multiline ? (
        <textarea
          id={id}
          rows={rows}
          className={className}
          placeholder={placeholder}
          {...describedBy(id, error)}
          {...registered}
        />
      ) : (
        <>
          <input
            id={id}
            type="text"
            className={className}
            placeholder={placeholder}
            autoComplete={suggestions && suggestions.length > 0 ? "off" : undefined}
            list={suggestions && suggestions.length > 0 ? `${id}-suggestions` : undefined}
            onKeyDown={commitOnEnter(commit)}
            {...describedBy(id, error)}
            {...registered}
          />
          {suggestions && suggestions.length > 0 ? (
            <datalist id={`${id}-suggestions`}>
              {suggestions.map((value) => (
                <option key={value} value={value} />
              ))}
            </datalist>
          ) : null}
        </>
      )}
    </FieldFrame>
  );
}

/**
 * Typed text → a number (NaN fails the schema); an empty input stays "" (see
 * empty-fields.ts: it is unset just before validation).
 */
export function numberFromInput(raw: unknown): number | string {
  if (typeof raw === "number") return raw;
  const text = String(raw ?? "").trim();
  return text === "" ? "" : Number(text);
}

/** A number input, saved on blur and on Enter. An empty optional number is unset. */
export function NumberField<T extends FieldValues>({
  form,
  name,
  label,
  help,
  commit,
  placeholder,
  step,
  optional = false,
}: FieldProps<T> & { placeholder?: string; step?: number | "any"; optional?: boolean }) {
  const id = useId();
  const error = useFieldError(form, name);
  if (optional) markOptional(form, name);
  return (
    <FieldFrame id={id} label={label} help={help} error={error}>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        step={step ?? "any"}
        className={`${styles.input} ${styles.number}`}
        placeholder={placeholder}
        onKeyDown={commitOnEnter(commit)}
        {...describedBy(id, error)}
        {...form.register(name, { setValueAs: numberFromInput, onBlur: commit })}
      />
    </FieldFrame>
  );
}

export interface Choice {
  value: string;
  label: string;
}

/** A radix Select; picking saves at once. */
export function SelectField<T extends FieldValues>({
  form,
  name,
  label,
  help,
  commit,
  choices,
}: FieldProps<T> & { choices: readonly Choice[] }) {
  const id = useId();
  const error = useFieldError(form, name);
  return (
    <FieldFrame id={id} label={label} help={help} error={error}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <ChoiceSelect
            id={id}
            value={String(field.value ?? "")}
            choices={choices}
            onChange={(value) => {
              field.onChange(value);
              commit();
            }}
            {...describedBy(id, error)}
          />
        )}
      />
    </FieldFrame>
  );
}

/** The select control alone (also used outside forms, e.g. a model's provider). */
export function ChoiceSelect({
  id,
  value,
  choices,
  onChange,
  disabled,
  ...aria
}: {
  id: string;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
  disabled?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-label"?: string;
}) {
  return (
    <Select.Root value={value} onValueChange={onChange} disabled={disabled}>
      <Select.Trigger id={id} className={styles.selectTrigger} {...aria}>
        <Select.Value />
        <Select.Icon className={styles.selectIcon}>
          <ChevronDown size={14} aria-hidden />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content className={styles.selectContent} position="popper" sideOffset={4}>
          <Select.Viewport>
            {choices.map((choice) => (
              <Select.Item key={choice.value} value={choice.value} className={styles.selectItem}>
                <Select.ItemText>{choice.label}</Select.ItemText>
                <Select.ItemIndicator className={styles.selectIndicator}>
                  <Check size={14} aria-hidden />
                </Select.ItemIndicator>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}

/** A radix Switch for a boolean; toggling saves at once. */
export function SwitchField<T extends FieldValues>({ form, name, label, help, commit }: FieldProps<T>) {
  const id = useId();
  const error = useFieldError(form, name);
  return (
    <FieldFrame id={id} label={label} help={help} error={error} inline>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Switch.Root
            id={id}
            className={styles.switch}
            checked={Boolean(field.value)}
            onCheckedChange={(checked) => {
              field.onChange(checked);
              commit();
            }}
            {...describedBy(id, error)}
          >
            <Switch.Thumb className={styles.switchThumb} />
          </Switch.Root>
        )}
      />
    </FieldFrame>
  );
}
