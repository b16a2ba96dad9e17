"use client";

import { Check, X } from "lucide-react";
import { Checkbox, Switch } from "radix-ui";
import { useId, useMemo } from "react";

import { handoffPolicySchema, type AgentNode, type HandoffPolicy } from "@/core/graph/schema";

import { updateAgent } from "./document-updates";
import { handoffToolOptions } from "./effective-tool-set";
import { HELP } from "./field-help";
import { NumberField, SelectField, SwitchField } from "./fields";
import { IconButton } from "./icon-button";
import { InputFilterEditor } from "./input-filter-editor";
import type { PanelProps } from "./panel-props";
import styles from "./panels.module.css";
import { useSchemaForm } from "./use-schema-form";

const scalarsSchema = handoffPolicySchema.pick({
  enabled: true,
  maxDepth: true,
  maxRetries: true,
  timeoutMillis: true,
  onDenied: true,
  onError: true,
});

const FAILURE_CHOICES = [
  { value: "FAIL", label: "Fail (the tool result says why)" },
  { value: "FALLBACK_TO_PRIMARY", label: "Fall back to the regular tool" },
] as const;

/** This agent's handoff policy as a parent: admission, retries, failure handling and the input filter. */
export function HandoffPolicyPanel({ agent, document, onChange, onSelect }: PanelProps & { agent: AgentNode }) {
  const policy = agent.handoffPolicy;
  const save = (patch: Partial<HandoffPolicy>, label: string) =>
    onChange(updateAgent(document, agent.id, { handoffPolicy: { ...policy, ...patch } }), label);
  const value = useMemo(
    () => ({
      enabled: policy.enabled,
      maxDepth: policy.maxDepth,
      maxRetries: policy.maxRetries,
      timeoutMillis: policy.timeoutMillis,
      onDenied: policy.onDenied,
      onError: policy.onError,
    }),
    [policy],
  );
  const { form, commit } = useSchemaForm(scalarsSchema, value, (next) => {
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => next[key] !== value[key]);
    if (changed.length > 0) save(next, `Edit handoff policy ${changed.join(", ")}`);
  });
  const props = { form, commit };
  const tools = handoffToolOptions(document, agent.id);
  const effectiveDepth = Math.min(document.settings.maxSpawnDepth, policy.enabled ? policy.maxDepth : Infinity);
  return (
    <div className={styles.section}>
      <p className={styles.help}>
        Governs the handoffs this agent makes as a parent ({tools.length} handoff tool{tools.length === 1 ? "" : "s"}).
        Seed defaults: enabled, max depth 1, no retries, no timeout, no lists, fail, no filter.
      </p>
      {tools.length === 0 ? (
        <p className={styles.muted}>This agent has no handoff edges yet: draw one from its handle to delegate.</p>
      ) : null}
      <SwitchField {...props} name="enabled" label="Policy enabled" help={HELP.policy.enabled} />
      <div className={styles.row}>
        <NumberField {...props} name="maxDepth" label="Max depth" help={HELP.policy.maxDepth} step={1} />
        <NumberField {...props} name="maxRetries" label="Max retries" help={HELP.policy.maxRetries} step={1} />
      </div>
      <p className={styles.sectionNote}>
        Effective max depth for its handoffs: {effectiveDepth} (graph max spawn depth {document.settings.maxSpawnDepth}
        {policy.enabled ? `, policy ${policy.maxDepth}` : ", policy disabled"}).
      </p>
      <NumberField
        {...props}
        name="timeoutMillis"
        label="Timeout per attempt (ms)"
        help={HELP.policy.timeoutMillis}
        step={1000}
      />
      <SelectField
        {...props}
        name="onDenied"
        label="When denied"
        help={HELP.policy.onDenied}
        choices={FAILURE_CHOICES}
      />
      <SelectField
        {...props}
        name="onError"
        label="When the child fails"
        help={HELP.policy.onError}
        choices={FAILURE_CHOICES}
      />
      <ToolListPicker
        title="Allowed tools"
        help={HELP.policy.allowedTools}
        list={policy.allowedTools}
        options={tools}
        onSave={(allowedTools, label) => save({ allowedTools }, label)}
        onSelect={onSelect}
      />
      <ToolListPicker
        title="Denied tools"
        help={HELP.policy.deniedTools}
        list={policy.deniedTools}
        options={tools}
        onSave={(deniedTools, label) => save({ deniedTools }, label)}
        onSelect={onSelect}
      />
      <InputFilterEditor filter={policy.inputFilter} onSave={(inputFilter, label) => save({ inputFilter }, label)} />
    </div>
  );
}

/** A list of handoff tool names, or null (not set): the choices are this agent's own handoff tools. */
function ToolListPicker({
  title,
  help,
  list,
  options,
  onSave,
  onSelect,
}: {
  title: string;
  help: string;
  list: string[] | null;
  options: ReturnType<typeof handoffToolOptions>;
  onSave: (list: string[] | null, label: string) => void;
  onSelect: PanelProps["onSelect"];
}) {
  const id = useId();
  const names = options.map((o) => o.toolName);
  const stale = (list ?? []).filter((name) => !names.includes(name));
  const set = (next: string[] | null, label: string) => {
    if (handoffPolicySchema.shape.allowedTools.safeParse(next).success) onSave(next, label);
  };
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <div className={styles.fieldInline}>
        <label htmlFor={id} id={`${id}-title`} className={styles.label}>
          {title}
        </label>
        <Switch.Root
          id={id}
          className={styles.switch}
          checked={list !== null}
          aria-describedby={`${id}-help`}
          onCheckedChange={(on) =>
            set(on ? [] : null, on ? `Set ${title.toLowerCase()}` : `Clear ${title.toLowerCase()}`)
          }
        >
          <Switch.Thumb className={styles.switchThumb} />
        </Switch.Root>
        <p id={`${id}-help`} className={styles.help}>
          {help}
        </p>
      </div>
      {list !== null ? (
        <ul className={styles.checkList} aria-label={`${title}: handoff tools`}>
          {options.map((option) => {
            const itemId = `${id}-${option.edgeId}`;
            const checked = list.includes(option.toolName);
            return (
              <li key={option.edgeId} className={styles.checkItem}>
                <Checkbox.Root
                  id={itemId}
                  className={styles.checkbox}
                  checked={checked}
                  onCheckedChange={(value) =>
                    set(
                      value === true ? [...list, option.toolName] : list.filter((n) => n !== option.toolName),
                      `${value === true ? "Add" : "Remove"} ${option.toolName} ${value === true ? "to" : "from"} ${title.toLowerCase()}`,
                    )
                  }
                >
                  <Checkbox.Indicator>
                    <Check size={12} aria-hidden />
                  </Checkbox.Indicator>
                </Checkbox.Root>
                <label htmlFor={itemId}>
                  <span className={styles.checkName}>{option.toolName}</span>
                  <span className={styles.checkDescription}>to {option.childName}</span>
                </label>
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => onSelect({ kind: "edge", id: option.edgeId })}
                  aria-label={`Select the edge of ${option.toolName}`}
                >
                  edge
                </button>
              </li>
            );
          })}
          {options.length === 0 ? <li className={styles.muted}>No handoff tools to pick.</li> : null}
          {stale.map((name) => (
            <li key={name} className={styles.checkItem}>
              <span />
              <span>
                <span className={styles.checkName}>{name}</span>
                <span className={styles.checkDescription}> — not a handoff of this agent</span>
              </span>
              <IconButton
                label={`Remove ${name}`}
                onClick={() =>
                  set(
                    list.filter((n) => n !== name),
                    `Remove ${name}`,
                  )
                }
              >
                <X size={12} aria-hidden />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
