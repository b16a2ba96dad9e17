"use client";

import { Command } from "cmdk";
import {
  Bot,
  Copy,
  Crosshair,
  History,
  Keyboard,
  LayoutGrid,
  Maximize,
  Play,
  Redo2,
  SquareDashedMousePointer,
  Trash2,
  Undo2,
  UserPlus,
} from "lucide-react";
import { useRouter } from "next/navigation";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";

import styles from "../editor.module.css";
import { useEditor } from "../store/editor-context";
import type { EditorCommands } from "../use-editor-actions";

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  actions: EditorCommands;
  onOpenVersions: () => void;
  onOpenShortcuts: () => void;
}

/** Ctrl+K: every editor action, and "go to agent", by typing. */
export function CommandPalette({ open, onOpenChange, actions, onOpenVersions, onOpenShortcuts }: CommandPaletteProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.commandDialog} aria-describedby={undefined}>
          <Dialog.Title className="visually-hidden">Command palette</Dialog.Title>
          {open && (
            <CommandList
              actions={actions}
              close={() => onOpenChange(false)}
              onOpenVersions={onOpenVersions}
              onOpenShortcuts={onOpenShortcuts}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CommandList({
  actions,
  close,
  onOpenVersions,
  onOpenShortcuts,
}: Omit<CommandPaletteProps, "open" | "onOpenChange"> & { close: () => void }) {
  const router = useRouter();
  const agents = useEditor((state) => state.document.agents);
  const graphId = useEditor((state) => state.graphId);
  const selectedCount = useEditor((state) => state.selectedNodeIds.size + state.selectedEdgeIds.size);
  const singleAgent = useEditor((state) => (state.selectedNodeIds.size === 1 ? [...state.selectedNodeIds][0]! : null));

  const item = (value: string, icon: ReactNode, label: string, action: () => void, shortcut?: string) => (
    <Command.Item
      value={value}
      className={styles.commandItem}
      onSelect={() => {
        close();
        // After the dialog has closed and given focus back.
        window.requestAnimationFrame(action);
      }}
    >
      <span className={styles.commandIcon} aria-hidden="true">
        {icon}
      </span>
      <span className={styles.commandLabel}>{label}</span>
      {shortcut && <kbd className={styles.kbd}>{shortcut}</kbd>}
    </Command.Item>
  );

  return (
    <Command label="Command palette" className={styles.command} loop>
      <Command.Input className={styles.commandInput} placeholder="Type a command or an agent name…" autoFocus />
      <Command.List className={styles.commandList}>
        <Command.Empty className={styles.commandEmpty}>Nothing matches.</Command.Empty>
        <Command.Group heading="Create" className={styles.commandGroup}>
          {item("add agent", <Bot size={15} />, "Add agent", () => void actions.addAgent(), "A")}
          {singleAgent &&
            item(
              "add sub-agent child",
              <UserPlus size={15} />,
              "Add sub-agent of the selected agent",
              () => void actions.addChild(singleAgent),
              "Shift A",
            )}
          {selectedCount > 0 &&
            item("duplicate selection", <Copy size={15} />, "Duplicate selection", actions.duplicate)}
        </Command.Group>
        <Command.Group heading="Edit" className={styles.commandGroup}>
          {item("undo", <Undo2 size={15} />, "Undo", actions.undo)}
          {item("redo", <Redo2 size={15} />, "Redo", actions.redo)}
          {item("select all", <SquareDashedMousePointer size={15} />, "Select all", actions.selectAll)}
          {selectedCount > 0 &&
            item("delete selection", <Trash2 size={15} />, "Delete selection", actions.deleteSelection)}
        </Command.Group>
        <Command.Group heading="View" className={styles.commandGroup}>
          {item(
            "auto layout tree",
            <LayoutGrid size={15} />,
            "Auto-layout",
            () => void actions.autoLayout(),
            "Shift L",
          )}
          {item("fit view zoom", <Maximize size={15} />, "Fit view", actions.fitView, "Shift 1")}
          {item("versions publish diff", <History size={15} />, "Open versions", onOpenVersions)}
          {item("keyboard shortcuts help", <Keyboard size={15} />, "Keyboard shortcuts", onOpenShortcuts, "?")}
          {item("run playground", <Play size={15} />, "Run in the playground", () =>
            router.push(`/playground?graph=${encodeURIComponent(graphId)}`),
          )}
        </Command.Group>
        <Command.Group heading="Go to agent" className={styles.commandGroup}>
          {agents.map((agent) => (
            <Command.Item
              key={agent.id}
              value={`go to ${agent.name} ${agent.id}`}
              className={styles.commandItem}
              onSelect={() => {
                close();
                window.requestAnimationFrame(() => actions.focus({ kind: "agent", id: agent.id }));
              }}
            >
              <span className={styles.commandIcon} aria-hidden="true">
                <Crosshair size={15} />
              </span>
              <span className={styles.commandLabel}>{agent.name}</span>
              <span className={styles.commandHint}>{agent.id}</span>
            </Command.Item>
          ))}
        </Command.Group>
      </Command.List>
    </Command>
  );
}
