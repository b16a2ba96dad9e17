"use client";

import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useId, useMemo } from "react";

import { modelRefSchema, type ModelChain, type ModelRef } from "@/core/models/model-ref";
import type { PriceTable } from "@/core/models/pricing";

import { moveItem, removeItem, replaceItem } from "./document-updates";
import { HELP } from "./field-help";
import { ChoiceSelect, NumberField, TextField } from "./fields";
import { IconButton } from "./icon-button";
import styles from "./panels.module.css";
import { priceLabel } from "./prices";
import { choiceOf, providerChoices, providerOf, withChoice, type WorkspaceProvider } from "./provider-choice";
import { ScriptEditor } from "./script-editor";
import { useSchemaForm } from "./use-schema-form";
import { useWorkspaceModels } from "./use-workspace-models";

/** The most a chain may hold (the core's modelChainSchema). */
const MAX_CHAIN = 10;

/** A new entry: a scripted model, so a chain works offline until a real provider is chosen. */
function newModel(): ModelRef {
  return modelRefSchema.parse({ provider: "scripted", model: "gpt-4o-mini" });
}

/**
 * A model fallback chain as a reorderable list. Each change is validated by
 * the core's modelRefSchema and handed to `onCommit` with an undo label.
 */
export function ModelChainEditor({
  chain,
  onCommit,
  title,
}: {
  chain: ModelChain;
  onCommit: (chain: ModelChain, label: string) => void;
  /** Names the chain in labels and headings, e.g. "model chain" or "edge model override". */
  title: string;
}) {
  const workspace = useWorkspaceModels();
  return (
    <div className={styles.section}>
      {chain.length === 0 ? <p className={styles.muted}>No models: this chain is empty.</p> : null}
      <ol className={styles.list} aria-label={title}>
        {chain.map((ref, index) => (
          <li key={index}>
            <ModelRow
              ref_={ref}
              index={index}
              count={chain.length}
              workspace={workspace}
              onCommit={(next, label) => onCommit(replaceItem(chain, index, next), label)}
              onMove={(to) => onCommit(moveItem(chain, index, to), `Reorder ${title}`)}
              onRemove={() => onCommit(removeItem(chain, index), `Remove model from ${title}`)}
            />
          </li>
        ))}
      </ol>
      <div>
        <button
          type="button"
          className={styles.button}
          disabled={chain.length >= MAX_CHAIN}
          onClick={() => onCommit([...chain, newModel()], `Add model to ${title}`)}
        >
          <Plus size={14} aria-hidden /> {chain.length === 0 ? "Add a model" : "Add a fallback model"}
        </button>
      </div>
    </div>
  );
}

function ModelRow({
  ref_: ref,
  index,
  count,
  onCommit,
  onMove,
  onRemove,
  workspace,
}: {
  ref_: ModelRef;
  index: number;
  count: number;
  workspace: { providers: WorkspaceProvider[]; priceTable: PriceTable };
  onCommit: (ref: ModelRef, label: string) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const providerId = useId();
  const { form, commit } = useSchemaForm(modelRefSchema, ref, (next) => {
    if (JSON.stringify(next) !== JSON.stringify(ref)) onCommit(next, `Edit model ${index + 1}`);
  });
  const props = { form, commit };
  const position = index + 1;
  const model = form.watch("model");
  const price = useMemo(
    () => priceLabel(ref.provider, String(model ?? ""), workspace.priceTable),
    [ref.provider, model, workspace.priceTable],
  );
  const choices = providerChoices(workspace.providers, ref);
  const chosen = providerOf(ref, workspace.providers);
  const missing = ref.provider !== "scripted" && Boolean(ref.credentialId) && !chosen;
  return (
    <div className={styles.card} role="group" aria-label={`Model ${position}`}>
      <div className={styles.cardHeader}>
        <span className={styles.cardTitle}>
          <span className={styles.badge}>{position === 1 ? "Primary" : `Fallback ${position - 1}`}</span>
          {ref.provider === "scripted" ? (
            <span className={`${styles.badge} ${styles.badgeWarning}`}>Simulated</span>
          ) : null}
        </span>
        <span className={styles.cardActions}>
          <IconButton label={`Move model ${position} up`} onClick={() => onMove(index - 1)} disabled={index === 0}>
            <ArrowUp size={14} aria-hidden />
          </IconButton>
          <IconButton
            label={`Move model ${position} down`}
            onClick={() => onMove(index + 1)}
            disabled={index === count - 1}
          >
            <ArrowDown size={14} aria-hidden />
          </IconButton>
          <IconButton label={`Remove model ${position}`} onClick={onRemove}>
            <Trash2 size={14} aria-hidden />
          </IconButton>
        </span>
      </div>
      <div className={styles.field}>
        <label htmlFor={providerId} className={styles.label}>
          Provider
        </label>
        <ChoiceSelect
          id={providerId}
          value={choiceOf(ref)}
          choices={choices}
          aria-invalid={missing ? true : undefined}
          aria-describedby={missing ? `${providerId}-error ${providerId}-help` : `${providerId}-help`}
          onChange={(choice) =>
            onCommit(withChoice(ref, choice, workspace.providers), `Change provider of model ${position}`)
          }
        />
        <p id={`${providerId}-help`} className={styles.help}>
          {HELP.models.provider}
        </p>
        {missing ? (
          <p id={`${providerId}-error`} className={styles.error}>
            This chain names a provider that is not in this workspace (deleted, or the graph came from another
            workspace): runs fail on this model until you pick a provider.
          </p>
        ) : null}
      </div>
      <TextField
        {...props}
        name="model"
        label="Model"
        help={chosen && chosen.models.length > 0 ? HELP.models.modelFromProvider : HELP.models.model}
        mono
        suggestions={chosen?.models}
      />
      <p className={styles.help}>
        <strong>Price:</strong> {price}
        {price === "unknown" ? " (not in the price table)" : ""}. {HELP.models.price}
      </p>
      <div className={styles.row}>
        <NumberField {...props} name="retries" label="Retries" help={HELP.models.retries} step={1} />
        <NumberField
          {...props}
          name="timeoutMillis"
          label="Timeout (ms)"
          help={HELP.models.timeoutMillis}
          step={1000}
        />
      </div>
      {ref.provider === "openai-compatible" && !ref.credentialId ? (
        <TextField {...props} name="baseURL" label="Base URL" help={HELP.models.baseURL} optional mono />
      ) : null}
      {ref.provider === "scripted" ? (
        <ScriptEditor
          script={ref.script}
          onCommit={(script, label) => onCommit({ ...ref, script }, `${label} (model ${position})`)}
        />
      ) : null}
    </div>
  );
}
