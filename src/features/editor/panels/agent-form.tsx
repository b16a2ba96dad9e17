"use client";

import { Crown } from "lucide-react";
import { useMemo } from "react";

import { agentNodeSchema, type AgentNode } from "@/core/graph/schema";

import { changeLabel, setRootAgent, updateAgent } from "./document-updates";
import { HELP } from "./field-help";
import { NumberField, SelectField, SwitchField, TextField } from "./fields";
import type { PanelProps } from "./panel-props";
import styles from "./panels.module.css";
import { useSchemaForm } from "./use-schema-form";

/** The fields of an agent this form edits, validated by the core's agent schema. */
const agentFieldsSchema = agentNodeSchema.pick({
  name: true,
  description: true,
  instructions: true,
  maxSteps: true,
  params: true,
  mode: true,
  hidden: true,
});

const FIELD_NAMES: Record<string, string> = {
  name: "name",
  description: "description",
  instructions: "instructions",
  maxSteps: "max steps",
  temperature: "temperature",
  topP: "top P",
  maxTokens: "max tokens",
  mode: "mode",
  hidden: "hidden",
};

const MODE_CHOICES = [
  { value: "all", label: "All (root or sub-agent)" },
  { value: "primary", label: "Primary (main agent only)" },
  { value: "subagent", label: "Sub-agent (delegated to only)" },
] as const;

type AgentFields = Pick<AgentNode, "name" | "description" | "instructions" | "maxSteps" | "params" | "mode" | "hidden">;

function flat(fields: AgentFields): Record<string, unknown> {
  const { params, ...rest } = fields;
  return { ...rest, ...params };
}

/** Name, description, instructions, steps, sampling parameters, mode and visibility of one agent. */
export function AgentForm({ agent, document, onChange }: PanelProps & { agent: AgentNode }) {
  const value = useMemo<AgentFields>(
    () => ({
      name: agent.name,
      description: agent.description,
      instructions: agent.instructions,
      maxSteps: agent.maxSteps,
      params: agent.params,
      mode: agent.mode,
      hidden: agent.hidden,
    }),
    [agent],
  );
  const { form, commit } = useSchemaForm(agentFieldsSchema, value, (next) => {
    const label = changeLabel("agent", flat(value), flat(next), FIELD_NAMES);
    if (label === "Edit agent") return;
    onChange(updateAgent(document, agent.id, next), label);
  });
  const props = { form, commit };
  return (
    <div className={styles.section}>
      <TextField {...props} name="name" label="Name" help={HELP.agent.name} />
      <TextField {...props} name="description" label="Description" help={HELP.agent.description} multiline rows={3} />
      <TextField
        {...props}
        name="instructions"
        label="Instructions"
        help={HELP.agent.instructions}
        multiline
        rows={6}
      />
      <NumberField {...props} name="maxSteps" label="Max steps" help={HELP.agent.maxSteps} step={1} />
      <h3 className={styles.sectionTitle}>Sampling</h3>
      <div className={styles.row}>
        <NumberField
          {...props}
          name="params.temperature"
          label="Temperature"
          help={HELP.agent.temperature}
          step={0.1}
          optional
          placeholder="default"
        />
        <NumberField
          {...props}
          name="params.topP"
          label="Top P"
          help={HELP.agent.topP}
          step={0.05}
          optional
          placeholder="default"
        />
      </div>
      <NumberField
        {...props}
        name="params.maxTokens"
        label="Max output tokens"
        help={HELP.agent.maxTokens}
        step={1}
        optional
        placeholder="default"
      />
      <h3 className={styles.sectionTitle}>Visibility</h3>
      <SelectField {...props} name="mode" label="Mode" help={HELP.agent.mode} choices={MODE_CHOICES} />
      <SwitchField {...props} name="hidden" label="Hidden" help={HELP.agent.hidden} />
      <h3 className={styles.sectionTitle}>Main agent</h3>
      {document.rootAgentId === agent.id ? (
        <p className={styles.help}>{HELP.agent.isRoot}</p>
      ) : (
        <>
          <p className={styles.help}>{HELP.agent.makeRoot}</p>
          <div>
            <button
              type="button"
              className={styles.button}
              onClick={() => onChange(setRootAgent(document, agent.id), `Make ${agent.name} the main agent`)}
            >
              <Crown size={14} aria-hidden /> Make this the main agent
            </button>
          </div>
        </>
      )}
    </div>
  );
}
