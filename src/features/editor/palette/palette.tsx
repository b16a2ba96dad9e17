"use client";

import { Bot, GitBranchPlus, Sparkles } from "lucide-react";
import type { DragEvent, ReactNode } from "react";

import type { AgentNode } from "@/core/graph/schema";

import { PALETTE_DRAG_TYPE } from "../canvas/editor-canvas";
import styles from "../editor.module.css";
import { useEditor } from "../store/editor-context";
import type { EditorCommands } from "../use-editor-actions";

interface PaletteItem {
  kind: string;
  title: string;
  hint: string;
  icon: ReactNode;
  overrides: Partial<AgentNode>;
}

const ITEMS: PaletteItem[] = [
  {
    kind: "agent",
    title: "Agent",
    hint: "Can be the main agent or a delegate",
    icon: <Bot size={16} />,
    overrides: {},
  },
  {
    kind: "subagent",
    title: "Sub-agent",
    hint: "Only ever called by a parent (mode: subagent)",
    icon: <Sparkles size={16} />,
    overrides: { name: "Sub-agent", mode: "subagent" },
  },
];

/** The left rail: what can be added to the graph (click, Enter, or drag onto the canvas). */
export function Palette({ actions }: { actions: EditorCommands }) {
  const single = useEditor((state) => (state.selectedNodeIds.size === 1 ? [...state.selectedNodeIds][0]! : null));
  const singleName = useEditor((state) =>
    single ? state.document.agents.find((agent) => agent.id === single)?.name : undefined,
  );

  const onDragStart = (event: DragEvent, kind: string) => {
    event.dataTransfer.setData(PALETTE_DRAG_TYPE, kind);
    event.dataTransfer.effectAllowed = "copy";
  };

  return (
    <nav className={styles.palette} aria-label="Add to the graph" data-editor-panel="palette">
      <h2 className={styles.railTitle}>Add</h2>
      <ul className={styles.paletteList}>
        {ITEMS.map((item) => (
          <li key={item.kind}>
            <button
              type="button"
              className={styles.paletteItem}
              draggable
              onDragStart={(event) => onDragStart(event, item.kind)}
              onClick={() => void actions.addAgent(item.overrides)}
            >
              <span className={styles.paletteIcon} aria-hidden="true">
                {item.icon}
              </span>
              <span className={styles.paletteText}>
                <span className={styles.paletteName}>{item.title}</span>
                <span className={styles.paletteHint}>{item.hint}</span>
              </span>
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={styles.paletteItem}
            disabled={!single}
            onClick={() => {
              if (single) actions.addChild(single);
            }}
          >
            <span className={styles.paletteIcon} aria-hidden="true">
              <GitBranchPlus size={16} />
            </span>
            <span className={styles.paletteText}>
              <span className={styles.paletteName}>Child of selection</span>
              <span className={styles.paletteHint}>
                {singleName ? `A new delegate of ${singleName}` : "Select one agent first"}
              </span>
            </span>
          </button>
        </li>
      </ul>
      <p className={styles.paletteTip}>
        Tip: drag from an agent’s bottom handle onto empty canvas to create a child with its handoff.
      </p>
    </nav>
  );
}
