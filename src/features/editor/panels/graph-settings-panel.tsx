"use client";

import { useMemo } from "react";

import { graphDocumentSchema, graphSettingsSchema, type GraphSettings } from "@/core/graph/schema";

import { changeLabel, updateGraphInfo, updateSettings } from "./document-updates";
import { HELP } from "./field-help";
import { NumberField, SwitchField, TextField } from "./fields";
import { GraphToolsSection } from "./graph-tools-section";
import { ModelChainEditor } from "./model-chain-editor";
import type { PanelProps } from "./panel-props";
import styles from "./panels.module.css";
import { useSchemaForm } from "./use-schema-form";

const infoSchema = graphDocumentSchema.pick({ name: true, description: true });
const limitsSchema = graphSettingsSchema.pick({
  maxSpawnDepth: true,
  maxChildrenPerAgent: true,
  budgets: true,
  parallelToolCalls: true,
});

const LIMIT_NAMES: Record<string, string> = {
  maxSpawnDepth: "max spawn depth",
  maxChildrenPerAgent: "max children",
  maxSteps: "step budget",
  maxTokens: "token budget",
  maxCostUsd: "cost budget",
  maxWallSeconds: "time budget",
  parallelToolCalls: "parallel tool calls",
};

type Limits = Pick<GraphSettings, "maxSpawnDepth" | "maxChildrenPerAgent" | "budgets" | "parallelToolCalls">;

function flat({ budgets, ...rest }: Limits): Record<string, unknown> {
  return { ...rest, ...budgets };
}

/** The graph itself: name, description, default model chains, limits, budgets, parallelism and its tools. */
export function GraphSettingsPanel({ document, compiled, onChange }: PanelProps) {
  const info = useMemo(
    () => ({ name: document.name, description: document.description }),
    [document.name, document.description],
  );
  const infoForm = useSchemaForm(infoSchema, info, (next) => {
    const label = changeLabel("graph", info, next, { name: "name", description: "description" });
    if (label !== "Edit graph") onChange(updateGraphInfo(document, next), label);
  });
  const { settings } = document;
  const limits = useMemo<Limits>(
    () => ({
      maxSpawnDepth: settings.maxSpawnDepth,
      maxChildrenPerAgent: settings.maxChildrenPerAgent,
      budgets: settings.budgets,
      parallelToolCalls: settings.parallelToolCalls,
    }),
    [settings],
  );
  const limitsForm = useSchemaForm(limitsSchema, limits, (next) => {
    const label = changeLabel("graph", flat(limits), flat(next), LIMIT_NAMES);
    if (label !== "Edit graph") onChange(updateSettings(document, next), label);
  });
  const i = { form: infoForm.form, commit: infoForm.commit };
  const l = { form: limitsForm.form, commit: limitsForm.commit };
  return (
    <div className={styles.body}>
      <TextField {...i} name="name" label="Name" help={HELP.graph.name} />
      <TextField {...i} name="description" label="Description" help={HELP.graph.description} multiline rows={3} />
      <h3 className={styles.sectionTitle}>Default model chains</h3>
      <p className={styles.help}>
        Child model priority: edge override › the child&apos;s own › default sub-agent chain › default chain › the
        environment default.
      </p>
      <h4 className={styles.sectionTitle}>Default chain</h4>
      <p className={styles.help}>{HELP.graph.defaultModelChain}</p>
      <ModelChainEditor
        chain={settings.defaultModelChain}
        title="default model chain"
        onCommit={(chain, label) => onChange(updateSettings(document, { defaultModelChain: chain }), label)}
      />
      <h4 className={styles.sectionTitle}>Default sub-agent chain</h4>
      <p className={styles.help}>{HELP.graph.defaultSubagentModelChain}</p>
      <ModelChainEditor
        chain={settings.defaultSubagentModelChain}
        title="default sub-agent model chain"
        onCommit={(chain, label) => onChange(updateSettings(document, { defaultSubagentModelChain: chain }), label)}
      />
      <h3 className={styles.sectionTitle}>Limits</h3>
      <div className={styles.row}>
        <NumberField {...l} name="maxSpawnDepth" label="Max spawn depth" help={HELP.graph.maxSpawnDepth} step={1} />
        <NumberField
          {...l}
          name="maxChildrenPerAgent"
          label="Max active children"
          help={HELP.graph.maxChildrenPerAgent}
          step={1}
        />
      </div>
      <SwitchField {...l} name="parallelToolCalls" label="Parallel tool calls" help={HELP.graph.parallelToolCalls} />
      <h3 className={styles.sectionTitle}>Run budgets</h3>
      <p className={styles.help}>A run that reaches a budget ends with status budget_exceeded.</p>
      <div className={styles.row}>
        <NumberField
          {...l}
          name="budgets.maxSteps"
          label="Max model calls"
          help={HELP.graph.budgetMaxSteps}
          step={1}
          optional
          placeholder="no limit"
        />
        <NumberField
          {...l}
          name="budgets.maxTokens"
          label="Max tokens"
          help={HELP.graph.budgetMaxTokens}
          step={1000}
          optional
          placeholder="no limit"
        />
        <NumberField
          {...l}
          name="budgets.maxCostUsd"
          label="Max cost (USD)"
          help={HELP.graph.budgetMaxCostUsd}
          step={0.01}
          optional
          placeholder="no limit"
        />
        <NumberField
          {...l}
          name="budgets.maxWallSeconds"
          label="Max time (s)"
          help={HELP.graph.budgetMaxWallSeconds}
          step={1}
          optional
          placeholder="no limit"
        />
      </div>
      <GraphToolsSection document={document} compiled={compiled} onChange={onChange} />
    </div>
  );
}
