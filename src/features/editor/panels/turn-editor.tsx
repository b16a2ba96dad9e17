"use client";

import { Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Controller, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";

import { scriptToolCallSchema, scriptTurnSchema, type ScriptTurn } from "@/core/models/model-ref";

import { removeItem } from "./document-updates";
import { ChoiceSelect, FieldFrame, NumberField, TextField, describedBy } from "./fields";
import { IconButton } from "./icon-button";
import { argsFromText, argsToText, statusFromText } from "./optional-text";
import styles from "./panels.module.css";
import { HELP } from "./field-help";
import { tidyUsage, usageSummary } from "./turn-usage";
import { useSchemaForm } from "./use-schema-form";

const [textTurnSchema, toolCallsTurnSchema, errorTurnSchema] = scriptTurnSchema.options;

const KIND_CHOICES = [
  { value: "text", label: "Text answer" },
  { value: "tool_calls", label: "Tool calls" },
  { value: "error", label: "Provider error" },
] as const;

const TEXT_HELP = textTurnSchema.shape.text.description ?? "The answer.";

/** A fresh turn of `kind`, keeping the latency of the turn it replaces. */
function turnOfKind(kind: ScriptTurn["kind"], previous: ScriptTurn): ScriptTurn {
  const latency = previous.latencyMs === undefined ? {} : { latencyMs: previous.latencyMs };
  if (kind === "text") return scriptTurnSchema.parse({ kind, text: "Done: {{input}}", ...latency });
  if (kind === "tool_calls")
    return scriptTurnSchema.parse({ kind, calls: [{ tool: "calculator", args: {} }], ...latency });
  return scriptTurnSchema.parse({ kind, status: 429, ...latency });
}

/** One scripted turn: its kind, then the fields of that kind, validated by the core's turn schema. */
export function TurnEditor({
  turn,
  onCommit,
  name,
}: {
  turn: ScriptTurn;
  onCommit: (turn: ScriptTurn) => void;
  /** Accessible name of the turn, e.g. "Turn 2". */
  name: string;
}) {
  const kindId = useId();
  return (
    <div className={styles.section} role="group" aria-label={name}>
      <div className={styles.field}>
        <label htmlFor={kindId} className={styles.label}>
          {name}: kind
        </label>
        <ChoiceSelect
          id={kindId}
          value={turn.kind}
          choices={KIND_CHOICES}
          onChange={(kind) => {
            if (kind !== turn.kind) onCommit(turnOfKind(kind as ScriptTurn["kind"], turn));
          }}
        />
      </div>
      {turn.kind === "text" ? <TextTurn turn={turn} onCommit={onCommit} /> : null}
      {turn.kind === "tool_calls" ? <ToolCallsTurn turn={turn} onCommit={onCommit} /> : null}
      {turn.kind === "error" ? <ErrorTurn turn={turn} onCommit={onCommit} /> : null}
    </div>
  );
}

function changed(a: unknown, b: unknown) {
  return JSON.stringify(a) !== JSON.stringify(b);
}

/** Saves a turn edited in a form: empty usage counts unset, and only when something changed. */
function commitTurn<T extends ScriptTurn>(next: T, turn: T, onCommit: (t: ScriptTurn) => void) {
  const tidy = tidyUsage(next);
  if (changed(tidy, turn)) onCommit(tidy);
}

/** The turn's reported token counts (`usage`), each optional; validated by the turn schema. */
/** A turn's own simulated latency (every kind of turn has one). */
function LatencyField<T extends FieldValues>({
  form,
  commit,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  commit: () => void;
}) {
  return (
    <NumberField
      form={form}
      commit={commit}
      name={"latencyMs" as Path<T>}
      label="Latency (ms)"
      help="Simulated latency of this turn; empty = the script's."
      step={100}
      optional
      placeholder="script's"
    />
  );
}

function UsageFields<T extends FieldValues>({
  form,
  commit,
  turn,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  commit: () => void;
  turn: ScriptTurn;
}) {
  const field = (key: string) => `usage.${key}` as Path<T>;
  return (
    <details className={styles.details}>
      <summary>Token usage: {usageSummary(turn)}</summary>
      <p className={styles.help}>{HELP.usage.section}</p>
      <div className={styles.row}>
        <NumberField
          form={form}
          commit={commit}
          name={field("inputTokens")}
          label="Input tokens"
          help={HELP.usage.inputTokens}
          step={1}
          optional
          placeholder="estimated"
        />
        <NumberField
          form={form}
          commit={commit}
          name={field("outputTokens")}
          label="Output tokens"
          help={HELP.usage.outputTokens}
          step={1}
          optional
          placeholder="estimated"
        />
        <NumberField
          form={form}
          commit={commit}
          name={field("cachedInputTokens")}
          label="Cached input tokens"
          help={HELP.usage.cachedInputTokens}
          step={1}
          optional
          placeholder="none"
        />
      </div>
    </details>
  );
}

function TextTurn({
  turn,
  onCommit,
}: {
  turn: Extract<ScriptTurn, { kind: "text" }>;
  onCommit: (t: ScriptTurn) => void;
}) {
  const { form, commit } = useSchemaForm(textTurnSchema, turn, (next) => commitTurn(next, turn, onCommit));
  return (
    <>
      <TextField form={form} commit={commit} name="text" label="Text" help={TEXT_HELP} multiline rows={2} />
      <LatencyField form={form} commit={commit} />
      <UsageFields form={form} commit={commit} turn={turn} />
    </>
  );
}

function ErrorTurn({
  turn,
  onCommit,
}: {
  turn: Extract<ScriptTurn, { kind: "error" }>;
  onCommit: (t: ScriptTurn) => void;
}) {
  const { form, commit } = useSchemaForm(errorTurnSchema, turn, (next) => commitTurn(next, turn, onCommit));
  const statusId = useId();
  const statusError = form.formState.errors.status?.message;
  return (
    <>
      <FieldFrame
        id={statusId}
        label="Status"
        help={`${errorTurnSchema.shape.status.description ?? "HTTP status."} Type 429, 503… or timeout, network.`}
        error={statusError}
      >
        <input
          id={statusId}
          className={`${styles.input} ${styles.number}`}
          {...describedBy(statusId, statusError)}
          {...form.register("status", { setValueAs: statusFromText, onBlur: commit })}
        />
      </FieldFrame>
      <TextField
        form={form}
        commit={commit}
        name="message"
        label="Message"
        help="Error message the provider returns."
      />
      <NumberField
        form={form}
        commit={commit}
        name="retryAfterSeconds"
        label="Retry-After (s)"
        help={errorTurnSchema.shape.retryAfterSeconds.description ?? "Retry-After hint."}
        optional
        placeholder="none"
      />
      <LatencyField form={form} commit={commit} />
      <UsageFields form={form} commit={commit} turn={turn} />
    </>
  );
}

function ToolCallsTurn({
  turn,
  onCommit,
}: {
  turn: Extract<ScriptTurn, { kind: "tool_calls" }>;
  onCommit: (t: ScriptTurn) => void;
}) {
  const { form, commit } = useSchemaForm(toolCallsTurnSchema, turn, (next) => commitTurn(next, turn, onCommit));
  return (
    <>
      <TextField
        form={form}
        commit={commit}
        name="text"
        label="Text before the calls"
        help={toolCallsTurnSchema.shape.text.description ?? "Optional text."}
        optional
      />
      <ul className={styles.list} aria-label="Tool calls">
        {turn.calls.map((call, index) => (
          <li key={index} className={styles.card}>
            <ToolCallEditor
              call={call}
              index={index}
              onCommit={(next) => onCommit({ ...turn, calls: turn.calls.map((c, i) => (i === index ? next : c)) })}
              onRemove={
                turn.calls.length > 1 ? () => onCommit({ ...turn, calls: removeItem(turn.calls, index) }) : undefined
              }
            />
          </li>
        ))}
      </ul>
      <div>
        <button
          type="button"
          className={styles.button}
          onClick={() =>
            onCommit({ ...turn, calls: [...turn.calls, scriptToolCallSchema.parse({ tool: "calculator" })] })
          }
        >
          <Plus size={14} aria-hidden /> Add a call
        </button>
      </div>
      <LatencyField form={form} commit={commit} />
      <UsageFields form={form} commit={commit} turn={turn} />
    </>
  );
}

type ToolCall = Extract<ScriptTurn, { kind: "tool_calls" }>["calls"][number];

function ToolCallEditor({
  call,
  index,
  onCommit,
  onRemove,
}: {
  call: ToolCall;
  index: number;
  onCommit: (call: ToolCall) => void;
  onRemove?: () => void;
}) {
  const { form, commit } = useSchemaForm(scriptToolCallSchema, call, (next) => changed(next, call) && onCommit(next));
  const argsId = useId();
  return (
    <>
      <div className={styles.cardHeader}>
        <span className={styles.cardTitle}>Call {index + 1}</span>
        {onRemove ? (
          <IconButton label={`Remove call ${index + 1}`} onClick={onRemove}>
            <Trash2 size={14} aria-hidden />
          </IconButton>
        ) : null}
      </div>
      <TextField
        form={form}
        commit={commit}
        name="tool"
        label="Tool"
        help={scriptToolCallSchema.shape.tool.description ?? "Tool name."}
        mono
      />
      <Controller
        control={form.control}
        name="args"
        render={({ field }) => (
          <ArgsField
            id={argsId}
            value={field.value}
            onChange={(args) => {
              field.onChange(args);
              commit();
            }}
          />
        )}
      />
    </>
  );
}

/** The arguments as JSON text; text that is not a JSON object is passed as a raw string. */
function ArgsField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: Record<string, unknown> | string | undefined;
  onChange: (args: Record<string, unknown> | string) => void;
}) {
  const [text, setText] = useState(() => argsToText(value ?? {}));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(argsToText(value ?? {}));
  }
  const raw = typeof argsFromText(text) === "string";
  return (
    <FieldFrame
      id={id}
      label="Arguments"
      help='A JSON object, e.g. { "task": "{{input}}" }; other text is passed verbatim as a raw string. Strings may use templates.'
    >
      <textarea
        id={id}
        rows={2}
        className={`${styles.input} ${styles.mono}`}
        value={text}
        aria-describedby={`${id}-help`}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => onChange(argsFromText(text))}
      />
      {raw ? <p className={styles.warningText}>Not a JSON object: sent as a raw string.</p> : null}
    </FieldFrame>
  );
}
