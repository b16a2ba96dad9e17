"use client";

import { useEffect, useRef } from "react";

import { formatDuration } from "../shared/format";
import { statusLabel } from "../shared/status-badge";
import { formatOffset } from "./trace-format";
import { barOf, isProblem, KIND_LABEL, spanTitle, type TreeRow } from "./trace-model";
import styles from "./trace-view.module.css";

/**
 * The timeline waterfall: the tree's visible rows, each a bar placed in time
 * from the run's start, so parallel children sit side by side.
 */
export function Waterfall(props: {
  rows: TreeRow[];
  names: Map<string, string>;
  window: { start: number; end: number };
  selectedId: string | null;
  onSelect: (spanId: string) => void;
}) {
  const { rows, names, window, selectedId, onSelect } = props;
  const ref = useRef<HTMLOListElement>(null);
  const total = window.end - window.start;

  useEffect(() => {
    if (!selectedId) return;
    ref.current?.querySelector<HTMLElement>(`[data-span-id="${selectedId}"]`)?.scrollIntoView({ block: "nearest" });
  }, [selectedId]);

  return (
    <div className={styles.waterfall}>
      <div className={styles.axis} aria-hidden="true">
        <span />
        <span className={styles.axisTicks}>
          {[0, 0.25, 0.5, 0.75, 1].map((f) => (
            <span key={f} style={{ left: `${f * 100}%` }}>
              {formatOffset(total * f)}
            </span>
          ))}
        </span>
      </div>
      <ol ref={ref} className={styles.waterfallRows} aria-label="Timeline waterfall">
        {rows.map((row) => {
          const { span } = row;
          const bar = barOf(span, window);
          const title = spanTitle(span, names);
          const offset = formatOffset(span.startedAt - window.start);
          return (
            <li key={span.id}>
              <button
                type="button"
                data-span-id={span.id}
                data-kind={span.kind}
                data-status={span.status}
                aria-current={span.id === selectedId ? "true" : undefined}
                className={[styles.waterfallRow, span.id === selectedId && styles.selected].filter(Boolean).join(" ")}
                onClick={() => onSelect(span.id)}
              >
                <span className={styles.waterfallLabel} style={{ paddingLeft: row.depth * 12 }}>
                  {title}
                  <span className="visually-hidden">
                    {`, ${KIND_LABEL[span.kind].toLowerCase()}, starts ${offset}, ${statusLabel(span.status)}, lasts `}
                  </span>
                </span>
                <span className={styles.waterfallTrack}>
                  <span
                    className={styles.waterfallBar}
                    data-bar=""
                    data-kind={span.kind}
                    data-problem={isProblem(span) || undefined}
                    data-running={span.status === "running" || undefined}
                    style={{ left: `${bar.left * 100}%`, width: `max(2px, ${bar.width * 100}%)` }}
                  />
                  <span
                    className={styles.waterfallTime}
                    style={{ left: `${(bar.left + bar.width) * 100}%`, paddingLeft: 6 }}
                  >
                    {formatDuration(span.durationMillis)}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
