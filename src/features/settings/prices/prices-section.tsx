"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Info, Pencil, Plus, RotateCcw, Trash2 } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useMemo, useState } from "react";
import { toast } from "sonner";

import { priceFor } from "@/core/models/pricing";
import { PRICE_PROVIDER_LABELS, type PriceProvider } from "@/core/providers/price-input";
import { CHAIN_PROVIDER_OF_KIND } from "@/core/providers/provider-input";
import { useWorkspaceRole } from "@/features/settings/providers/use-workspace-role";
import ui from "@/features/settings/providers/settings-ui.module.css";
import { useTRPC, type RouterOutputs } from "@/trpc/react";

import { formatPrice } from "./format-price";
import { PriceRowEditor, type PriceDraft } from "./price-row-editor";
import styles from "./prices.module.css";

type Price = RouterOutputs["prices"]["list"][number];

/** Which row is being edited: an existing one (its id), a new one, or none. */
type Editing = { kind: "row"; id: string } | { kind: "new"; draft: PriceDraft } | null;

const NEW_ROW: PriceDraft = {
  provider: "openai",
  model: "",
  inputPerMTok: null,
  outputPerMTok: null,
  cachedInputPerMTok: null,
};

/**
 * Settings → Prices: the workspace's price table (USD per 1M tokens), which
 * every run's cost uses. Owners edit rows inline, add and delete them, and
 * reset the table to the defaults. Models of the workspace's providers that
 * have no row are listed as "unknown".
 */
export function PricesSection() {
  const trpc = useTRPC();
  const prices = useQuery(trpc.prices.list.queryOptions());
  const providers = useQuery(trpc.providers.list.queryOptions());
  const { role, isOwner } = useWorkspaceRole();
  const [filter, setFilter] = useState("");
  const [editing, setEditing] = useState<Editing>(null);

  const needle = filter.trim().toLowerCase();
  const matches = (provider: string, model: string) =>
    needle === "" || model.toLowerCase().includes(needle) || provider.toLowerCase().includes(needle);
  const rows = (prices.data ?? []).filter((row) => matches(row.provider, row.model));
  const unpriced = useMemo(() => {
    const table = (prices.data ?? []).map(({ provider, model, inputPerMTok, outputPerMTok }) => ({
      provider,
      model,
      inputPerMTok,
      outputPerMTok,
    }));
    const seen = new Set<string>();
    const out: { provider: PriceProvider; model: string }[] = [];
    for (const provider of providers.data ?? []) {
      const chainProvider = CHAIN_PROVIDER_OF_KIND[provider.kind];
      for (const model of provider.models) {
        const key = `${chainProvider}\u0000${model}`;
        if (seen.has(key) || priceFor(table, chainProvider, model)) continue;
        seen.add(key);
        out.push({ provider: chainProvider, model });
      }
    }
    return out;
  }, [prices.data, providers.data]).filter((row) => matches(row.provider, row.model));

  return (
    <section aria-labelledby="prices-title">
      <div className={ui.toolbar}>
        <div>
          <h2 id="prices-title" className="visually-hidden">
            Prices
          </h2>
          <p className={ui.toolbarText}>
            USD per 1M tokens. Every run prices its model calls from this table when it starts; a model without a row
            costs “unknown”, never zero.
          </p>
        </div>
        <div className={ui.toolbarActions}>
          <input
            type="search"
            className={`${ui.input} ${styles.filter}`}
            placeholder="Filter by model or provider"
            aria-label="Filter prices"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
          {isOwner ? (
            <>
              <button
                type="button"
                className={ui.primaryButton}
                disabled={editing?.kind === "new"}
                onClick={() => setEditing({ kind: "new", draft: NEW_ROW })}
              >
                <Plus size={16} aria-hidden="true" />
                Add price
              </button>
              <ResetButton />
            </>
          ) : null}
        </div>
      </div>
      {role && !isOwner ? (
        <p className={ui.note}>
          <Info size={16} aria-hidden="true" />
          You are {role === "editor" ? "an editor" : "a viewer"} here: only owners change prices.
        </p>
      ) : null}
      {prices.isPending ? (
        <div className={ui.card} role="status" aria-busy="true" aria-label="Loading prices" style={{ padding: 16 }}>
          {[0, 1, 2, 3].map((row) => (
            <span key={row} className={ui.skeleton} style={{ width: `${70 - row * 10}%`, marginBottom: 12 }} />
          ))}
        </div>
      ) : prices.isError ? (
        <div className={ui.error} role="alert">
          <p className={ui.errorTitle}>Couldn’t load the prices</p>
          <p className={ui.errorMessage}>{prices.error.message}</p>
          <button type="button" className={ui.secondaryButton} onClick={() => void prices.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div className={`${ui.card} ${styles.tableWrap}`}>
          <table className={styles.table} aria-label="Prices">
            <caption>
              {prices.data.length === 1 ? "1 price" : `${prices.data.length} prices`} · USD per 1M tokens · an empty
              cached input price means the input price applies
            </caption>
            <thead>
              <tr>
                <th scope="col">Provider</th>
                <th scope="col">Model</th>
                <th scope="col" className={styles.numeric}>
                  Input
                </th>
                <th scope="col" className={styles.numeric}>
                  Output
                </th>
                <th scope="col" className={styles.numeric}>
                  Cached input
                </th>
                <th scope="col" className={styles.rowActions}>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {editing?.kind === "new" ? (
                <PriceRowEditor key="new" draft={editing.draft} onDone={() => setEditing(null)} />
              ) : null}
              {rows.map((row) =>
                editing?.kind === "row" && editing.id === row.id ? (
                  <PriceRowEditor key={row.id} draft={row} onDone={() => setEditing(null)} />
                ) : (
                  <PriceRow
                    key={row.id}
                    row={row}
                    canEdit={isOwner}
                    onEdit={() => setEditing({ kind: "row", id: row.id })}
                  />
                ),
              )}
              {rows.length === 0 && editing?.kind !== "new" ? (
                <tr>
                  <td colSpan={6} className={styles.unknown}>
                    {prices.data.length === 0
                      ? "The table is empty: every model call is priced “unknown”."
                      : `No price matches “${filter.trim()}”.`}
                  </td>
                </tr>
              ) : null}
              {unpriced.length > 0 ? (
                <tr className={styles.sectionRow}>
                  <th scope="colgroup" colSpan={6}>
                    Models of your providers without a price
                  </th>
                </tr>
              ) : null}
              {unpriced.map((row) => (
                <tr key={`${row.provider}:${row.model}`} className={styles.unpriced}>
                  <td>{PRICE_PROVIDER_LABELS[row.provider]}</td>
                  <th scope="row">{row.model}</th>
                  <td className={`${styles.numeric} ${styles.unknown}`}>unknown</td>
                  <td className={`${styles.numeric} ${styles.unknown}`}>unknown</td>
                  <td className={`${styles.numeric} ${styles.unknown}`}>unknown</td>
                  <td className={styles.rowActions}>
                    {isOwner ? (
                      <button
                        type="button"
                        className={ui.ghostButton}
                        onClick={() => setEditing({ kind: "new", draft: { ...NEW_ROW, ...row } })}
                      >
                        <Plus size={14} aria-hidden="true" />
                        Set price<span className="visually-hidden"> of {row.model}</span>
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function PriceRow({ row, canEdit, onEdit }: { row: Price; canEdit: boolean; onEdit: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.prices.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.prices.list.queryKey() });
        toast.success(`Deleted the price of ${row.model}: its calls now cost “unknown”`);
      },
      onError: (error) => toast.error(`Couldn’t delete the price: ${error.message}`),
    }),
  );
  return (
    <tr>
      <td>{PRICE_PROVIDER_LABELS[row.provider]}</td>
      <th scope="row">{row.model}</th>
      <td className={styles.numeric}>{formatPrice(row.inputPerMTok)}</td>
      <td className={styles.numeric}>{formatPrice(row.outputPerMTok)}</td>
      <td className={styles.numeric}>
        {row.cachedInputPerMTok === null ? (
          <span className={styles.same}>= input</span>
        ) : (
          formatPrice(row.cachedInputPerMTok)
        )}
      </td>
      <td className={styles.rowActions}>
        {canEdit ? (
          <>
            <button type="button" className={ui.ghostButton} onClick={onEdit}>
              <Pencil size={14} aria-hidden="true" />
              <span className="visually-hidden">Edit the price of {row.model}</span>
            </button>
            <button
              type="button"
              className={`${ui.ghostButton} ${ui.ghostDanger}`}
              onClick={() => setConfirming(true)}
              disabled={remove.isPending}
            >
              <Trash2 size={14} aria-hidden="true" />
              <span className="visually-hidden">Delete the price of {row.model}</span>
            </button>
            <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
              <AlertDialog.Portal>
                <AlertDialog.Overlay className={ui.overlay} />
                <AlertDialog.Content className={ui.dialog}>
                  <AlertDialog.Title className={ui.dialogTitle}>Delete the price of {row.model}?</AlertDialog.Title>
                  <AlertDialog.Description className={ui.dialogDescription}>
                    Calls to {row.model} in new runs will cost “unknown” until a price is set again.
                  </AlertDialog.Description>
                  <div className={ui.dialogActions}>
                    <AlertDialog.Cancel asChild>
                      <button type="button" className={ui.secondaryButton}>
                        Cancel
                      </button>
                    </AlertDialog.Cancel>
                    <AlertDialog.Action asChild>
                      <button type="button" className={ui.dangerButton} onClick={() => remove.mutate({ id: row.id })}>
                        Delete price
                      </button>
                    </AlertDialog.Action>
                  </div>
                </AlertDialog.Content>
              </AlertDialog.Portal>
            </AlertDialog.Root>
          </>
        ) : null}
      </td>
    </tr>
  );
}

function ResetButton() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reset = useMutation(
    trpc.prices.resetToDefaults.mutationOptions({
      onSuccess: async (rows) => {
        await queryClient.invalidateQueries({ queryKey: trpc.prices.list.queryKey() });
        toast.success(`Reset the price table to the ${rows.length} default prices`);
      },
      onError: (error) => toast.error(`Couldn’t reset the prices: ${error.message}`),
    }),
  );
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button type="button" className={ui.secondaryButton} disabled={reset.isPending}>
          <RotateCcw size={14} aria-hidden="true" />
          Reset to defaults
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={ui.overlay} />
        <AlertDialog.Content className={ui.dialog}>
          <AlertDialog.Title className={ui.dialogTitle}>Reset the price table?</AlertDialog.Title>
          <AlertDialog.Description className={ui.dialogDescription}>
            Every edit and every added row is replaced by the built-in list prices of OpenAI and Anthropic models. Runs
            already finished keep their costs.
          </AlertDialog.Description>
          <div className={ui.dialogActions}>
            <AlertDialog.Cancel asChild>
              <button type="button" className={ui.secondaryButton}>
                Cancel
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className={ui.dangerButton} onClick={() => reset.mutate()}>
                Reset prices
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
