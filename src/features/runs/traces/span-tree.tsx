"use client";

import { useEffect, useRef, type KeyboardEvent } from "react";

import { formatDuration, formatUsd } from "../shared/format";
import { StatusBadge } from "../shared/status-badge";
import { isProblem, KIND_LABEL, spanTitle, type TreeRow } from "./trace-model";
import styles from "./trace-view.module.css";

/**
 * The span tree: run → agents → model calls / tool calls → handoffs → child
 * agents and tasks. An ARIA tree with one tab stop: ↑/↓ move, ←/→ collapse
 * and expand, Enter or a click selects (and every view follows).
 */
export function SpanTree(props: {
  rows: TreeRow[];
  names: Map<string, string>;
  selectedId: string | null;
  collapsed: ReadonlySet<string>;
  onSelect: (spanId: string) => void;
  onToggle: (spanId: string) => void;
}) {
  const { rows, names, selectedId, collapsed, onSelect, onToggle } = props;
  const listRef = useRef<HTMLUListElement>(null);
  const focusIndex = Math.max(
    0,
    rows.findIndex((r) => r.span.id === selectedId),
  );

  useEffect(() => {
    if (!selectedId) return;
    const item = listRef.current?.querySelector<HTMLElement>(`[data-span-id="${selectedId}"]`);
    item?.scrollIntoView({ block: "nearest" });
  }, [selectedId]);

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const row = rows[focusIndex];
    if (!row) return;
    const move = (index: number) => {
      const next = rows[Math.min(rows.length - 1, Math.max(0, index))];
      if (next) {
        onSelect(next.span.id);
        requestAnimationFrame(() =>
          listRef.current?.querySelector<HTMLElement>(`[data-span-id="${next.span.id}"]`)?.focus(),
        );
      }
    };
    if (event.key === "ArrowDown") move(focusIndex + 1);
    else if (event.key === "ArrowUp") move(focusIndex - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(rows.length - 1);
    else if (event.key === "ArrowRight" && row.hasChildren && collapsed.has(row.span.id)) onToggle(row.span.id);
    else if (event.key === "ArrowLeft" && row.hasChildren && !collapsed.has(row.span.id)) onToggle(row.span.id);
    else if (event.key === "ArrowLeft" && row.span.parentId)
      move(rows.findIndex((r) => r.span.id === row.span.parentId));
    else if (event.key === "Enter" || event.key === " ") onSelect(row.span.id);
    else return;
    event.preventDefault();
  }

  return (
    <ul ref={listRef} role="tree" aria-label="Span tree" className={styles.tree} onKeyDown={onKeyDown}>
      {rows.map((row, index) => {
        const { span } = row;
        const selected = span.id === selectedId;
        const open = !collapsed.has(span.id);
        return (
          <li
            key={span.id}
            role="treeitem"
            aria-level={row.depth + 1}
            aria-selected={selected}
            aria-expanded={row.hasChildren ? open : undefined}
            tabIndex={index === focusIndex ? 0 : -1}
            data-span-id={span.id}
            data-kind={span.kind}
            data-status={span.status}
            className={[styles.treeItem, selected && styles.selected, isProblem(span) && styles.problemRow]
              .filter(Boolean)
              .join(" ")}
            style={{ paddingLeft: 8 + row.depth * 16 }}
            onClick={() => onSelect(span.id)}
          >
            {row.hasChildren ? (
              <span
                className={styles.twisty}
                aria-hidden="true"
                onClick={(e) => {
                  e.stopPropagation();
                  onToggle(span.id);
                }}
              >
                {open ? "▾" : "▸"}
              </span>
            ) : (
              <span className={styles.twisty} aria-hidden="true" />
            )}
            <span className={styles.kindTag} data-kind={span.kind}>
              {KIND_LABEL[span.kind]}
            </span>
            <span className="visually-hidden">:</span>
            <span className={styles.treeTitle}>{spanTitle(span, names)}</span>
            {row.problemBelow && !isProblem(span) ? (
              <span className={styles.problemDot} title="Something below went wrong" aria-hidden="true" />
            ) : null}
            <span className="visually-hidden">, </span>
            <span className={styles.treeMeta}>
              {span.status !== "completed" ? (
                <StatusBadge status={span.status} />
              ) : (
                <span className="visually-hidden">completed, </span>
              )}
              <span>{formatDuration(span.durationMillis)}</span>
              {span.kind === "MODEL_CALL" && span.end?.error && (span.end.willRetry || span.end.willFallback) ? (
                <span className={styles.recovered}>{span.end.willRetry ? "→ retried" : "→ fell back"}</span>
              ) : null}
              {span.kind === "MODEL_CALL" && span.end ? <span>{formatUsd(span.costUsd)}</span> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
