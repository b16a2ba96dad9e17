"use client";

import { ArrowRight } from "lucide-react";
import { useMemo } from "react";

import { defaultHandoffToolName } from "@/core/compiler";
import { handoffEdgeSchema, type HandoffEdge } from "@/core/graph/schema";

import { explainEdgeChain } from "./chain-source";
import { EffectiveChain } from "./chain-summary";
import { changeLabel, updateEdge } from "./document-updates";
import { HELP } from "./field-help";
import { NumberField, SelectField, SwitchField, TextField } from "./fields";
import { ModelChainEditor } from "./model-chain-editor";
import type { PanelProps } from "./panel-props";
import styles from "./panels.module.css";
import { diagnosticsFor, SelectionDiagnostics } from "./selection-diagnostics";
import { useSchemaForm } from "./use-schema-form";

const edgeFieldsSchema = handoffEdgeSchema.pick({
  toolName: true,
  description: true,
  sessionMode: true,
  contextMode: true,
  forkMaxTokens: true,
  workspaceMode: true,
  execution: true,
  label: true,
  generalPurpose: true,
});

const FIELD_NAMES: Record<string, string> = {
  toolName: "tool name",
  description: "description",
  sessionMode: "session mode",
  contextMode: "context",
  forkMaxTokens: "fork max tokens",
  workspaceMode: "workspace",
  mode: "execution mode",
  timeoutSeconds: "timeout",
  onTimeout: "on timeout",
  modelChoosesMode: "model chooses mode",
  label: "label",
  generalPurpose: "general purpose",
};

const SESSION_CHOICES = [
  { value: "NEW_SESSION", label: "New session per call" },
  { value: "REUSE_SESSION", label: "Reuse the session" },
] as const;
const CONTEXT_CHOICES = [
  { value: "isolated", label: "Isolated (task only)" },
  { value: "fork", label: "Fork the parent's transcript" },
] as const;
const WORKSPACE_CHOICES = [
  { value: "isolated", label: "Isolated (its own)" },
  { value: "shared", label: "Shared (the parent's)" },
] as const;
const EXECUTION_CHOICES = [
  { value: "sync", label: "Sync (the parent waits)" },
  { value: "background", label: "Background (a task)" },
] as const;
const TIMEOUT_CHOICES = [
  { value: "promote", label: "Promote to background" },
  { value: "fail", label: "Fail (abort the child)" },
] as const;

type EdgeFields = Pick<
  HandoffEdge,
  | "toolName"
  | "description"
  | "sessionMode"
  | "contextMode"
  | "forkMaxTokens"
  | "workspaceMode"
  | "execution"
  | "label"
  | "generalPurpose"
>;

function flat({ execution, ...rest }: EdgeFields): Record<string, unknown> {
  return { ...rest, ...execution };
}

/** Every setting of one handoff edge, and the child's model through it. */
export function EdgePanel(props: PanelProps & { edge: HandoffEdge }) {
  const { edge, document, compiled, onChange, onSelect } = props;
  const parent = document.agents.find((a) => a.id === edge.from);
  const child = document.agents.find((a) => a.id === edge.to);
  const value = useMemo<EdgeFields>(
    () => ({
      toolName: edge.toolName,
      description: edge.description,
      sessionMode: edge.sessionMode,
      contextMode: edge.contextMode,
      forkMaxTokens: edge.forkMaxTokens,
      workspaceMode: edge.workspaceMode,
      execution: edge.execution,
      label: edge.label,
      generalPurpose: edge.generalPurpose,
    }),
    [edge],
  );
  const { form, commit } = useSchemaForm(edgeFieldsSchema, value, (next) => {
    const label = changeLabel("handoff", flat(value), flat(next), FIELD_NAMES);
    if (label === "Edit handoff") return;
    onChange(updateEdge(document, edge.id, next), label);
  });
  const f = { form, commit };
  const contextMode = form.watch("contextMode");
  const executionMode = form.watch("execution.mode");
  const explained = explainEdgeChain(document, edge.id);
  const placeholder = child ? defaultHandoffToolName(child.name, child.id) : "subagent_…";
  return (
    <div className={styles.body}>
      <SelectionDiagnostics diagnostics={diagnosticsFor(compiled, "edge", edge.id)} />
      <nav className={styles.readOnlyItem} aria-label="Ends of this handoff">
        <button type="button" className={styles.linkButton} onClick={() => onSelect({ kind: "agent", id: edge.from })}>
          {parent?.name ?? edge.from}
        </button>
        <ArrowRight size={14} aria-label="delegates to" />
        <button type="button" className={styles.linkButton} onClick={() => onSelect({ kind: "agent", id: edge.to })}>
          {child?.name ?? edge.to}
        </button>
      </nav>
      <TextField
        {...f}
        name="toolName"
        label="Tool name"
        help={HELP.edge.toolName}
        placeholder={placeholder}
        optional
        mono
      />
      <TextField
        {...f}
        name="description"
        label="Description for this parent"
        help={HELP.edge.description}
        placeholder={child?.description || "The child's description"}
        multiline
        rows={3}
        optional
      />
      <TextField {...f} name="label" label="Label" help={HELP.edge.label} optional />
      <h3 className={styles.sectionTitle}>Session and context</h3>
      <SelectField {...f} name="sessionMode" label="Session" help={HELP.edge.sessionMode} choices={SESSION_CHOICES} />
      <SelectField {...f} name="contextMode" label="Context" help={HELP.edge.contextMode} choices={CONTEXT_CHOICES} />
      {contextMode === "fork" ? (
        <NumberField {...f} name="forkMaxTokens" label="Fork max tokens" help={HELP.edge.forkMaxTokens} step={1000} />
      ) : null}
      <SelectField
        {...f}
        name="workspaceMode"
        label="Workspace"
        help={HELP.edge.workspaceMode}
        choices={WORKSPACE_CHOICES}
      />
      <h3 className={styles.sectionTitle}>Execution</h3>
      <SelectField
        {...f}
        name="execution.mode"
        label="Mode"
        help={HELP.edge.executionMode}
        choices={EXECUTION_CHOICES}
      />
      {executionMode === "sync" ? (
        <>
          <NumberField
            {...f}
            name="execution.timeoutSeconds"
            label="Timeout (seconds)"
            help={HELP.edge.timeoutSeconds}
            step={1}
          />
          <SelectField
            {...f}
            name="execution.onTimeout"
            label="On timeout"
            help={HELP.edge.onTimeout}
            choices={TIMEOUT_CHOICES}
          />
        </>
      ) : null}
      <SwitchField
        {...f}
        name="execution.modelChoosesMode"
        label="Model chooses sync or background"
        help={HELP.edge.modelChoosesMode}
      />
      <SwitchField
        {...f}
        name="generalPurpose"
        label="General purpose (self-handoff)"
        help={HELP.edge.generalPurpose}
      />
      <h3 className={styles.sectionTitle}>Child model override</h3>
      <p className={styles.help}>{HELP.edge.modelChain} Empty = the child&apos;s chain as inherited.</p>
      {explained && explained.source !== "edge" ? (
        <EffectiveChain explained={explained} title="Child's chain through this edge" />
      ) : null}
      <ModelChainEditor
        chain={edge.modelChain ?? []}
        title="edge model override"
        onCommit={(chain, label) =>
          onChange(updateEdge(document, edge.id, { modelChain: chain.length === 0 ? undefined : chain }), label)
        }
      />
    </div>
  );
}
