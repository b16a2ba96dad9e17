"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { toast } from "sonner";

import {
  PRICE_PROVIDER_LABELS,
  PRICE_PROVIDERS,
  priceSetSchema,
  type PriceProvider,
} from "@/core/providers/price-input";
import ui from "@/features/settings/providers/settings-ui.module.css";
import { useTRPC } from "@/trpc/react";

import styles from "./prices.module.css";

/** What the editor starts from: a row's values (with its id when it exists). */
export interface PriceDraft {
  id?: string;
  provider: PriceProvider;
  model: string;
  inputPerMTok: number | null;
  outputPerMTok: number | null;
  cachedInputPerMTok: number | null;
}

type FieldName = "provider" | "model" | "inputPerMTok" | "outputPerMTok" | "cachedInputPerMTok";

function numberText(value: number | null): string {
  return value === null ? "" : String(value);
}

/** A typed number: empty → undefined (required fields) or null (cached); otherwise Number (NaN is refused by the schema). */
function parseNumber(text: string): number | undefined {
  return text.trim() === "" ? undefined : Number(text);
}

/**
 * One table row in edit mode: provider and model (editable for new rows and
 * renames), the three prices, Save / Cancel. Validation is the shared
 * `priceSetSchema`, the procedure's own; each problem shows under its field.
 */
export function PriceRowEditor({ draft, onDone }: { draft: PriceDraft; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [provider, setProvider] = useState<PriceProvider>(draft.provider);
  const [model, setModel] = useState(draft.model);
  const [input, setInput] = useState(numberText(draft.inputPerMTok));
  const [output, setOutput] = useState(numberText(draft.outputPerMTok));
  const [cached, setCached] = useState(numberText(draft.cachedInputPerMTok));
  const [errors, setErrors] = useState<Partial<Record<FieldName | "server", string>>>({});
  const save = useMutation(
    trpc.prices.set.mutationOptions({
      onSuccess: async (row) => {
        await queryClient.invalidateQueries({ queryKey: trpc.prices.list.queryKey() });
        toast.success(`Saved the price of ${row.model}`);
        onDone();
      },
      onError: (error) => setErrors({ server: error.message }),
    }),
  );

  const submit = () => {
    const parsed = priceSetSchema.safeParse({
      ...(draft.id && { id: draft.id }),
      provider,
      model,
      inputPerMTok: parseNumber(input),
      outputPerMTok: parseNumber(output),
      cachedInputPerMTok: parseNumber(cached) ?? null,
    });
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        next[field] ??= issue.code === "invalid_type" ? "Enter a price (USD per 1M tokens)." : issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const numberCell = (name: FieldName, label: string, value: string, set: (text: string) => void, hint?: string) => (
    <td className={styles.numeric}>
      <input
        id={`${id}-${name}`}
        className={`${ui.input} ${styles.numberInput}`}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={value}
        placeholder={hint}
        aria-label={`${label} (USD per 1M tokens)`}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => set(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {errors[name] ? (
        <span id={`${id}-${name}-error`} className={`${ui.fieldError} ${styles.cellError}`}>
          {errors[name]}
        </span>
      ) : null}
    </td>
  );

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Enter") {
      event.preventDefault();
      submit();
    } else if (event.key === "Escape") {
      event.preventDefault();
      onDone();
    }
  };

  return (
    <tr className={styles.editing}>
      <td>
        <select
          className={ui.select}
          value={provider}
          aria-label="Provider"
          onChange={(event) => setProvider(event.target.value as PriceProvider)}
        >
          {PRICE_PROVIDERS.map((value) => (
            <option key={value} value={value}>
              {PRICE_PROVIDER_LABELS[value]}
            </option>
          ))}
        </select>
      </td>
      <th scope="row">
        <input
          className={`${ui.input} ${ui.mono} ${styles.modelInput}`}
          value={model}
          placeholder="gpt-4o-mini"
          aria-label="Model"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={errors.model ? true : undefined}
          aria-describedby={errors.model ? `${id}-model-error` : undefined}
          autoFocus={!draft.id && draft.model === ""}
          onChange={(event) => setModel(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {errors.model ? (
          <span id={`${id}-model-error`} className={`${ui.fieldError} ${styles.cellError}`}>
            {errors.model}
          </span>
        ) : null}
      </th>
      {numberCell("inputPerMTok", "Input price", input, setInput)}
      {numberCell("outputPerMTok", "Output price", output, setOutput)}
      {numberCell("cachedInputPerMTok", "Cached input price", cached, setCached, "= input")}
      <td className={styles.rowActions}>
        <button type="button" className={ui.primaryButton} disabled={save.isPending} onClick={submit}>
          {save.isPending ? "Saving…" : "Save"}
        </button>
        <button type="button" className={ui.ghostButton} onClick={onDone}>
          Cancel
        </button>
        {errors.server || errors.provider ? (
          <span role="alert" className={`${ui.fieldError} ${styles.cellError}`}>
            {errors.server ?? errors.provider}
          </span>
        ) : null}
      </td>
    </tr>
  );
}
