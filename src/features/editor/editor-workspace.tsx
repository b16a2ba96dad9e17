"use client";

import { ChevronDown, ChevronUp } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";

import { graphDocumentSchema } from "@/core/graph/schema";

import { ConflictDialog } from "./autosave/conflict-dialog";
import { useAutosave } from "./autosave/use-autosave";
import { EditorCanvas } from "./canvas/editor-canvas";
import { useLiveCompile } from "./compile/use-live-compile";
import { DiagnosticsPanel } from "./diagnostics/diagnostics-panel";
import styles from "./editor.module.css";
import { useGraphsClient, useToolCatalog } from "./graph-api";
import { EditorHeader } from "./header/editor-header";
import { CommandPalette } from "./keyboard/command-palette";
import { ShortcutsDialog } from "./keyboard/shortcuts-dialog";
import { useEditorShortcuts } from "./keyboard/use-editor-shortcuts";
import { Palette } from "./palette/palette";
import { InspectorPanel } from "./panels/inspector-panel";
import { useWorkspaceModels } from "./panels/use-workspace-models";
import type { Selection } from "./selection";
import { useEditor, useEditorStoreApi } from "./store/editor-context";
import { inspectorSelection } from "./store/editor-store";
import { useEditorActions } from "./use-editor-actions";
import { ImportExportMenu } from "./versions/import-export-menu";
import { VersionsDrawer } from "./versions/versions-drawer";

/** The loaded editor: header, palette, canvas, inspector and problems, wired to one store. */
export function EditorWorkspace() {
  const store = useEditorStoreApi();
  const graphs = useGraphsClient();
  const catalog = useToolCatalog();
  useEffect(() => {
    if (catalog.data) store.getState().setCatalog(catalog.data);
  }, [catalog.data, store]);
  // The Problems panel's cost and budget findings are priced from the workspace's table once it loads.
  const { priceTable, pricesLoaded } = useWorkspaceModels();
  useEffect(() => {
    if (pricesLoaded) store.getState().setPriceTable(priceTable);
  }, [priceTable, pricesLoaded, store]);
  useLiveCompile();
  const autosave = useAutosave();
  const actions = useEditorActions();

  const graphId = useEditor((state) => state.graphId);
  const document = useEditor((state) => state.document);
  const compiled = useEditor((state) => state.compiled);
  const revision = useEditor((state) => state.revision);
  const change = useEditor((state) => state.change);
  const selectedNodeIds = useEditor((state) => state.selectedNodeIds);
  const selectedEdgeIds = useEditor((state) => state.selectedEdgeIds);
  const selection = useMemo(
    () => inspectorSelection({ selectedNodeIds, selectedEdgeIds }),
    [selectedNodeIds, selectedEdgeIds],
  );

  const [versionsOpen, setVersionsOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [problemsOpen, setProblemsOpen] = useState(true);

  const flush = useCallback(() => autosave.flush(), [autosave]);

  /** Takes the server's draft (after a restore, an import or "reload theirs"). */
  const reloadFromServer = useCallback(async () => {
    const record = await graphs.get.query({ graphId: store.getState().graphId });
    const parsed = graphDocumentSchema.parse(record.draft);
    store.getState().replaceFromServer(parsed, record.revision);
    window.requestAnimationFrame(() => actions.fitView());
  }, [actions, graphs, store]);

  const onSelect = useCallback((next: Selection) => actions.focus(next), [actions]);

  useEditorShortcuts({
    actions,
    openShortcuts: () => setShortcutsOpen(true),
    openCommandPalette: () => setPaletteOpen(true),
    flush,
  });

  return (
    <div className={styles.editor}>
      <EditorHeader
        actions={actions}
        autosave={autosave}
        onOpenVersions={() => setVersionsOpen(true)}
        onOpenShortcuts={() => setShortcutsOpen(true)}
        onOpenCommandPalette={() => setPaletteOpen(true)}
        importExport={
          <ImportExportMenu
            graphId={graphId}
            revision={revision}
            onImported={() => void reloadFromServer()}
            flush={flush}
          />
        }
      />
      <div className={styles.body}>
        <Palette actions={actions} />
        <div className={styles.center}>
          <div className={styles.canvasArea}>
            <EditorCanvas />
          </div>
          <ProblemsDock open={problemsOpen} onOpenChange={setProblemsOpen}>
            <DiagnosticsPanel document={document} compiled={compiled} onFocus={onSelect} />
          </ProblemsDock>
        </div>
        <div className={styles.inspector} data-editor-panel="inspector">
          <InspectorPanel
            document={document}
            selection={selection}
            compiled={compiled}
            onChange={change}
            onSelect={onSelect}
          />
        </div>
      </div>
      <VersionsDrawer
        graphId={graphId}
        open={versionsOpen}
        onOpenChange={setVersionsOpen}
        onRestored={() => void reloadFromServer()}
        flush={flush}
      />
      <ConflictDialog autosave={autosave} onReloadTheirs={reloadFromServer} />
      <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
      <CommandPalette
        open={paletteOpen}
        onOpenChange={setPaletteOpen}
        actions={actions}
        onOpenVersions={() => setVersionsOpen(true)}
        onOpenShortcuts={() => setShortcutsOpen(true)}
      />
    </div>
  );
}

/** The problems panel under the canvas; it can be folded away to a one-line bar. */
function ProblemsDock({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: React.ReactNode;
}) {
  const diagnostics = useEditor((state) => state.compiled?.diagnostics);
  const errors = diagnostics?.filter((d) => d.severity === "error").length ?? 0;
  const warnings = diagnostics?.filter((d) => d.severity === "warning").length ?? 0;
  return (
    <section className={styles.problemsDock} data-open={open || undefined} aria-label="Problems dock">
      <button
        type="button"
        className={styles.dockToggle}
        aria-expanded={open}
        aria-controls="editor-problems"
        onClick={() => onOpenChange(!open)}
      >
        {open ? (
          <>
            <ChevronDown size={14} aria-hidden="true" />
            Hide problems
          </>
        ) : (
          <>
            <ChevronUp size={14} aria-hidden="true" />
            <span className={styles.dockTitle}>Problems</span>
            <span className={styles.dockCount} data-severity={errors > 0 ? "error" : undefined}>
              {errors} {errors === 1 ? "error" : "errors"}
            </span>
            <span className={styles.dockCount} data-severity={warnings > 0 ? "warning" : undefined}>
              {warnings} {warnings === 1 ? "warning" : "warnings"}
            </span>
          </>
        )}
      </button>
      <div id="editor-problems" className={styles.dockBody} hidden={!open} data-editor-panel="problems">
        {children}
      </div>
    </section>
  );
}
