"use client";

import {
  ChevronLeft,
  Command as CommandIcon,
  History,
  Keyboard,
  LayoutGrid,
  Maximize,
  Play,
  Redo2,
  Undo2,
} from "lucide-react";
import Link from "next/link";
import { Tooltip } from "radix-ui";
import type { ReactNode } from "react";

import type { AutosaveController } from "../autosave/autosave-controller";
import styles from "../editor.module.css";
import { useEditor, useHistoryAvailability } from "../store/editor-context";
import type { EditorCommands } from "../use-editor-actions";
import { GraphNameInput } from "./graph-name-input";
import { SaveIndicator } from "./save-indicator";

export interface EditorHeaderProps {
  actions: EditorCommands;
  autosave: AutosaveController;
  onOpenVersions: () => void;
  onOpenShortcuts: () => void;
  onOpenCommandPalette: () => void;
  importExport: ReactNode;
}

/** A toolbar icon button with a tooltip that names it (and its shortcut). */
export function ToolButton({
  label,
  shortcut,
  onClick,
  disabled,
  children,
}: {
  label: string;
  shortcut?: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <button type="button" className={styles.iconButton} onClick={onClick} disabled={disabled} aria-label={label}>
          {children}
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content className={styles.tooltip} sideOffset={6}>
          {label}
          {shortcut && <kbd className={styles.tooltipKbd}>{shortcut}</kbd>}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

/** The editor's top bar: the graph's name and save state, history, layout, versions, import/export, run. */
export function EditorHeader({
  actions,
  autosave,
  onOpenVersions,
  onOpenShortcuts,
  onOpenCommandPalette,
  importExport,
}: EditorHeaderProps) {
  const graphId = useEditor((state) => state.graphId);
  const { canUndo, canRedo } = useHistoryAvailability();

  return (
    <Tooltip.Provider delayDuration={400}>
      <header className={styles.header}>
        <div className={styles.headerStart}>
          <Link href="/graphs" className={styles.backLink} aria-label="Back to graphs">
            <ChevronLeft size={16} aria-hidden="true" />
          </Link>
          <GraphNameInput />
          <SaveIndicator autosave={autosave} />
        </div>
        <div className={styles.headerTools} role="toolbar" aria-label="Editor tools">
          <ToolButton label="Undo" shortcut="Ctrl Z" onClick={actions.undo} disabled={!canUndo}>
            <Undo2 size={16} aria-hidden="true" />
          </ToolButton>
          <ToolButton label="Redo" shortcut="Ctrl Shift Z" onClick={actions.redo} disabled={!canRedo}>
            <Redo2 size={16} aria-hidden="true" />
          </ToolButton>
          <span className={styles.toolSeparator} aria-hidden="true" />
          <ToolButton label="Auto-layout" shortcut="Shift L" onClick={() => void actions.autoLayout()}>
            <LayoutGrid size={16} aria-hidden="true" />
          </ToolButton>
          <ToolButton label="Fit view" shortcut="Shift 1" onClick={actions.fitView}>
            <Maximize size={16} aria-hidden="true" />
          </ToolButton>
          <span className={styles.toolSeparator} aria-hidden="true" />
          <ToolButton label="Command palette" shortcut="Ctrl K" onClick={onOpenCommandPalette}>
            <CommandIcon size={16} aria-hidden="true" />
          </ToolButton>
          <ToolButton label="Keyboard shortcuts" shortcut="?" onClick={onOpenShortcuts}>
            <Keyboard size={16} aria-hidden="true" />
          </ToolButton>
        </div>
        <div className={styles.headerEnd}>
          <button type="button" className={styles.secondaryButton} onClick={onOpenVersions}>
            <History size={15} aria-hidden="true" />
            Versions
          </button>
          {importExport}
          <Link href={`/playground?graph=${encodeURIComponent(graphId)}`} className={styles.primaryButton}>
            <Play size={14} aria-hidden="true" />
            Run
          </Link>
        </div>
      </header>
    </Tooltip.Provider>
  );
}
