"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleAlert, GitCompareArrows, History, Loader2, Plus, RotateCcw, Upload, X } from "lucide-react";
import { AlertDialog, Dialog } from "radix-ui";
import { useState } from "react";
import { toast } from "sonner";

import { useTRPC, type RouterOutputs } from "@/trpc/react";

import { formatDiffValue, fullDiffValue, summarizeDiff } from "./format-diff";
import styles from "./versions.module.css";

export interface VersionsDrawerProps {
  graphId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after a restore made a version's document the draft, with the new revision. */
  onRestored: (revision: number) => void;
  /** Saves pending edits first, so a version is made of what the user sees. */
  flush: () => Promise<void>;
  /**
   * The revision the editor holds, sent with a restore. Optional: without it
   * the drawer reads the stored revision after `flush()`.
   */
  revision?: number;
}

type VersionItem = RouterOutputs["versions"]["list"][number];
type VersionDiff = RouterOutputs["versions"]["diff"];

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

interface ErrorDiagnostic {
  message: string;
  severity: string;
  code?: string;
}

/** An error's diagnostics (from `versions.create`), if the server sent them. */
function errorDiagnostics(error: unknown): ErrorDiagnostic[] {
  const data = (error as { data?: { diagnostics?: unknown } } | null)?.data;
  return Array.isArray(data?.diagnostics) ? (data.diagnostics as ErrorDiagnostic[]) : [];
}

/** Error diagnostics shown in the drawer after a refused version. */
const SHOWN_ERRORS = 5;

/**
 * The versions of a graph, in a sheet at the right: create a version of the
 * draft, see the list (published one marked), compare two versions or a
 * version with the draft, publish one, restore one into the draft.
 */
export function VersionsDrawer(props: VersionsDrawerProps) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.sheet} aria-describedby="versions-drawer-description">
          <div className={styles.sheetHeader}>
            <Dialog.Title className={styles.sheetTitle}>
              <History size={18} aria-hidden="true" /> Versions
            </Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className={styles.iconButton} aria-label="Close versions">
                <X size={18} aria-hidden="true" />
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description id="versions-drawer-description" className={styles.sheetDescription}>
            A version is a compiled, immutable snapshot of the draft. Publish the one runs should use.
          </Dialog.Description>
          {props.open ? <VersionsBody {...props} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function VersionsBody(props: VersionsDrawerProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const versions = useQuery(trpc.versions.list.queryOptions({ graphId: props.graphId }));
  const [selected, setSelected] = useState<number[]>([]);
  const [restoring, setRestoring] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  /** The errors that refused the last "Create version" (the draft does not compile). */
  const [refusal, setRefusal] = useState<ErrorDiagnostic[] | null>(null);

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.versions.list.queryKey({ graphId: props.graphId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.graphs.get.queryKey({ graphId: props.graphId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.versions.diff.pathKey() }),
    ]);
  };

  const create = useMutation(trpc.versions.create.mutationOptions());
  const publish = useMutation(
    trpc.versions.publish.mutationOptions({
      onSuccess: async (result) => {
        await refresh();
        toast.success(`Published version ${result.version}`);
      },
      onError: (error) => toast.error(`Couldn’t publish: ${error.message}`),
    }),
  );
  const restore = useMutation(trpc.versions.restore.mutationOptions());

  async function createVersion() {
    setCreating(true);
    setRefusal(null);
    try {
      await props.flush();
      const result = await create.mutateAsync({ graphId: props.graphId });
      await refresh();
      if (result.created) toast.success(`Created version ${result.version}`);
      else toast.info(`No changes since version ${result.version}: no new version was made`);
    } catch (error) {
      const errors = errorDiagnostics(error).filter((d) => d.severity === "error");
      // A draft that does not compile: its errors stay in the drawer (next to the button) until the next try.
      if (errors.length > 0) setRefusal(errors);
      else
        toast.error(`Couldn’t create a version: ${error instanceof Error ? error.message : String(error)}`, {
          duration: 12_000,
        });
    } finally {
      setCreating(false);
    }
  }

  async function restoreVersion(version: number) {
    try {
      await props.flush();
      const revision =
        props.revision ??
        (
          await queryClient.fetchQuery({
            ...trpc.graphs.get.queryOptions({ graphId: props.graphId }),
            staleTime: 0,
          })
        ).revision;
      const result = await restore.mutateAsync({ graphId: props.graphId, version, revision });
      await refresh();
      toast.success(`Restored version ${version} into the draft`);
      setRestoring(null);
      props.onRestored(result.revision);
    } catch (error) {
      toast.error(`Couldn’t restore version ${version}: ${error instanceof Error ? error.message : String(error)}`, {
        duration: 12_000,
      });
    }
  }

  function toggle(version: number) {
    setSelected((current) =>
      current.includes(version) ? current.filter((v) => v !== version) : [...current, version].slice(-2),
    );
  }

  return (
    <div className={styles.body}>
      <button type="button" className={styles.primaryButton} onClick={() => void createVersion()} disabled={creating}>
        {creating ? (
          <Loader2 size={16} className={styles.spin} aria-hidden="true" />
        ) : (
          <Plus size={16} aria-hidden="true" />
        )}
        {creating ? "Creating version…" : "Create version"}
      </button>

      {refusal ? (
        <div className={styles.refusal} role="alert">
          <p className={styles.refusalTitle}>
            <CircleAlert size={16} aria-hidden="true" />
            The draft does not compile, so no version was created.
          </p>
          <ul className={styles.refusalList}>
            {refusal.slice(0, SHOWN_ERRORS).map((d, index) => (
              <li key={index}>
                {d.message}
                {d.code ? <code className={styles.refusalCode}>{d.code}</code> : null}
              </li>
            ))}
          </ul>
          {refusal.length > SHOWN_ERRORS ? (
            <p>
              And {refusal.length - SHOWN_ERRORS} more error{refusal.length - SHOWN_ERRORS === 1 ? "" : "s"}.
            </p>
          ) : null}
          <p className={styles.refusalHint}>
            Fix {refusal.length === 1 ? "it" : "them"} (the Problems panel under the canvas lists every problem and
            focuses each one), then create the version again.
          </p>
        </div>
      ) : null}

      {versions.isPending ? (
        <p className={styles.muted} role="status">
          Loading versions…
        </p>
      ) : versions.isError ? (
        <div className={styles.errorBox} role="alert">
          <p>Couldn’t load the versions: {versions.error.message}</p>
          <button type="button" className={styles.secondaryButton} onClick={() => void versions.refetch()}>
            Try again
          </button>
        </div>
      ) : versions.data.length === 0 ? (
        <p className={styles.muted}>
          No versions yet. Create one to snapshot the draft; it must compile without errors.
        </p>
      ) : (
        <>
          <p className={styles.hint}>
            Tick one version to compare it with the draft, or two to compare them with each other.
          </p>
          <ul className={styles.list} aria-label="Versions">
            {versions.data.map((item) => (
              <VersionRow
                key={item.version}
                item={item}
                checked={selected.includes(item.version)}
                onToggle={() => toggle(item.version)}
                onPublish={() => publish.mutate({ graphId: props.graphId, version: item.version })}
                publishing={publish.isPending && publish.variables?.version === item.version}
                onRestore={() => setRestoring(item.version)}
              />
            ))}
          </ul>
        </>
      )}

      {selected.length > 0 ? <DiffView graphId={props.graphId} selected={selected} /> : null}

      <AlertDialog.Root open={restoring !== null} onOpenChange={(open) => !open && setRestoring(null)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={styles.alertOverlay} />
          <AlertDialog.Content className={styles.alert}>
            <AlertDialog.Title className={styles.alertTitle}>Restore version {restoring}?</AlertDialog.Title>
            <AlertDialog.Description className={styles.muted}>
              The draft is replaced by version {restoring}’s document, as a new revision. Create a version of the
              current draft first if you want to keep it.
            </AlertDialog.Description>
            <div className={styles.alertActions}>
              <AlertDialog.Cancel asChild>
                <button type="button" className={styles.secondaryButton}>
                  Cancel
                </button>
              </AlertDialog.Cancel>
              <button
                type="button"
                className={styles.primaryButton}
                disabled={restore.isPending}
                onClick={() => restoring !== null && void restoreVersion(restoring)}
              >
                {restore.isPending ? "Restoring…" : "Restore"}
              </button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}

function VersionRow(props: {
  item: VersionItem;
  checked: boolean;
  onToggle: () => void;
  onPublish: () => void;
  publishing: boolean;
  onRestore: () => void;
}) {
  const { item } = props;
  const checkboxId = `version-compare-${item.version}`;
  return (
    <li className={styles.item} aria-label={`Version ${item.version}${item.published ? " (published)" : ""}`}>
      <div className={styles.itemMain}>
        <input
          id={checkboxId}
          type="checkbox"
          checked={props.checked}
          onChange={props.onToggle}
          className={styles.checkbox}
        />
        <label htmlFor={checkboxId} className={styles.itemTitle}>
          Version {item.version}
          <span className="visually-hidden"> — compare</span>
        </label>
        {item.published ? <span className={styles.badge}>Published</span> : null}
      </div>
      <div className={styles.itemMeta}>
        <time dateTime={item.createdAt}>{dateFormat.format(new Date(item.createdAt))}</time>
        <span>
          {item.agentCount} {item.agentCount === 1 ? "agent" : "agents"}
        </span>
        <code title={`Content hash ${item.contentHash}`}>{item.contentHash.slice(0, 10)}</code>
      </div>
      <div className={styles.itemActions}>
        {!item.published ? (
          <button type="button" className={styles.smallButton} onClick={props.onPublish} disabled={props.publishing}>
            <Upload size={14} aria-hidden="true" />
            {props.publishing ? "Publishing…" : "Publish"}
            <span className="visually-hidden"> version {item.version}</span>
          </button>
        ) : null}
        <button type="button" className={styles.smallButton} onClick={props.onRestore}>
          <RotateCcw size={14} aria-hidden="true" />
          Restore…<span className="visually-hidden"> version {item.version}</span>
        </button>
      </div>
    </li>
  );
}

function DiffView({ graphId, selected }: { graphId: string; selected: number[] }) {
  const trpc = useTRPC();
  const [a, b] = selected;
  const from = b === undefined ? a! : Math.min(a!, b);
  const to: number | "draft" = b === undefined ? "draft" : Math.max(a!, b);
  const diff = useQuery(trpc.versions.diff.queryOptions({ graphId, from, to }));
  const title = `Version ${from} → ${to === "draft" ? "draft" : `version ${to}`}`;
  const label = `Changes from version ${from} to ${to === "draft" ? "the draft" : `version ${to}`}`;
  return (
    <section className={styles.diff} aria-label={label}>
      <h3 className={styles.diffTitle}>
        <GitCompareArrows size={16} aria-hidden="true" /> {title}
      </h3>
      {diff.isPending ? (
        <p className={styles.muted}>Comparing…</p>
      ) : diff.isError ? (
        <p className={styles.errorText} role="alert">
          Couldn’t compare: {diff.error.message}
        </p>
      ) : (
        <DiffContent diff={diff.data} />
      )}
    </section>
  );
}

function DiffContent({ diff }: { diff: VersionDiff }) {
  return (
    <>
      <p className={styles.diffSummary}>{summarizeDiff(diff)}</p>
      {diff.graph.length > 0 ? <FieldTable caption="Graph" fields={diff.graph} /> : null}
      {diff.settings.length > 0 ? <FieldTable caption="Graph settings" fields={diff.settings} /> : null}
      {diff.agents.map((item) => (
        <ItemChange key={`agent-${item.id}`} kind="Agent" item={item} />
      ))}
      {diff.edges.map((item) => (
        <ItemChange key={`edge-${item.id}`} kind="Handoff" item={item} />
      ))}
      {diff.layout.movedAgentIds.length > 0 ? (
        <p className={styles.muted}>Layout only (no effect on runs): moved {diff.layout.movedAgentIds.join(", ")}.</p>
      ) : null}
    </>
  );
}

function ItemChange({ kind, item }: { kind: string; item: VersionDiff["agents"][number] }) {
  return (
    <div className={styles.change}>
      <p className={styles.changeHead}>
        <span className={styles[`change_${item.change}`]}>{item.change}</span>
        <span>
          {kind} <strong>{item.name}</strong> <code>{item.id}</code>
        </span>
      </p>
      {item.fields.length > 0 ? (
        <FieldTable caption={`${kind} ${item.name}: changed fields`} fields={item.fields} hideCaption />
      ) : null}
    </div>
  );
}

function FieldTable(props: { caption: string; fields: VersionDiff["settings"]; hideCaption?: boolean }) {
  return (
    <table className={styles.fields}>
      <caption className={props.hideCaption ? "visually-hidden" : styles.fieldsCaption}>{props.caption}</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {props.fields.map((field) => (
          <tr key={field.path}>
            <th scope="row">
              <code>{field.path}</code>
            </th>
            <td className={styles.before} title={fullDiffValue(field.before)}>
              {formatDiffValue(field.before)}
            </td>
            <td className={styles.after} title={fullDiffValue(field.after)}>
              {formatDiffValue(field.after)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
