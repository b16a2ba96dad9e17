"use client";

import { useEffect, useRef, useState } from "react";

import { formatDuration } from "../shared/format";
import { statusLabel } from "../shared/status-badge";
import type { LaneArrow, Swimlanes as SwimlaneModel } from "./trace-model";
import styles from "./trace-view.module.css";

const LANE_HEIGHT = 64;
const BAR_TOP = 18;
const BAR_HEIGHT = 28;
const LABEL_WIDTH = 190;

/**
 * Swimlanes per agent: one lane per agent path, each session a bar in time,
 * an arrow for each handoff (parent → child, red when it failed) and each
 * announce (a background task's result back to its owner), and below, the
 * same arrows in words with the task each child actually received.
 */
export function Swimlanes(props: {
  model: SwimlaneModel;
  window: { start: number; end: number };
  /** The selected span, and the agent session it belongs to (highlighted). */
  selectedId: string | null;
  selectedAgentId: string | null;
  onSelect: (spanId: string) => void;
}) {
  const { model, window, selectedId, selectedAgentId, onSelect } = props;
  const trackRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);

  useEffect(() => {
    const el = trackRef.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(200, entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const laneIndex = new Map(model.lanes.map((lane, i) => [lane.path, i]));
  const total = window.end - window.start;
  const x = (time: number) => Math.min(width - 2, Math.max(2, ((time - window.start) / total) * (width - 4) + 2));
  const height = model.lanes.length * LANE_HEIGHT;
  // Handoffs made at the same moment (parallel children) leave a few pixels apart, so each arrow shows.
  const departures = new Map<string, number>();
  const lastDeparture = new Map<string, number>();
  for (const arrow of [...model.arrows].sort((a, b) => a.fromTime - b.fromTime)) {
    let at = x(arrow.fromTime);
    const previous = lastDeparture.get(arrow.fromPath);
    if (previous !== undefined && at - previous < 8) at = previous + 8;
    lastDeparture.set(arrow.fromPath, at);
    departures.set(`${arrow.kind}-${arrow.spanId}`, at);
  }

  return (
    <div className={styles.swimlanes}>
      <div className={styles.laneGrid} style={{ height }}>
        <ul className={styles.laneLabels} style={{ width: LABEL_WIDTH }} aria-label="Agents">
          {model.lanes.map((lane) => (
            <li key={lane.path} className={styles.laneLabel} style={{ height: LANE_HEIGHT }} data-lane={lane.path}>
              <span className={styles.laneName} style={{ paddingLeft: lane.depth * 12 }}>
                {lane.name}
              </span>
              <span className={styles.lanePath}>
                {lane.path}
                {lane.neverRan ? " · never ran" : lane.sessions.length > 1 ? ` · ${lane.sessions.length} sessions` : ""}
              </span>
            </li>
          ))}
        </ul>
        <div ref={trackRef} className={styles.laneTrack}>
          {model.lanes.map((lane, i) => (
            <div key={lane.path} className={styles.laneStripe} style={{ top: i * LANE_HEIGHT, height: LANE_HEIGHT }} />
          ))}
          {model.lanes.flatMap((lane, i) =>
            lane.sessions.map((session) => {
              const left = x(session.startedAt);
              const right = x(session.endedAt ?? window.end);
              return (
                <button
                  key={session.id}
                  type="button"
                  className={[styles.laneBar, session.id === selectedAgentId && styles.selected]
                    .filter(Boolean)
                    .join(" ")}
                  data-span-id={session.id}
                  data-status={session.status}
                  aria-current={session.id === selectedId ? "true" : undefined}
                  title={session.start.input}
                  style={{ left, width: Math.max(6, right - left), top: i * LANE_HEIGHT + BAR_TOP, height: BAR_HEIGHT }}
                  onClick={() => onSelect(session.id)}
                >
                  <span className="visually-hidden">
                    {`${lane.name} session, ${statusLabel(session.status)}, ${formatDuration(session.durationMillis)}: `}
                  </span>
                  <span className={styles.laneBarText}>
                    {session.start.depth > 0 ? session.start.input : statusLabel(session.status)}
                  </span>
                </button>
              );
            }),
          )}
          <svg className={styles.arrows} width={width} height={height} aria-hidden="true">
            <defs>
              {(["ok", "failed", "announce"] as const).map((tone) => (
                <marker
                  key={tone}
                  id={`arrow-${tone}`}
                  viewBox="0 0 10 10"
                  refX="9"
                  refY="5"
                  markerWidth="7"
                  markerHeight="7"
                  orient="auto-start-reverse"
                >
                  <path d="M0,0 L10,5 L0,10 z" className={styles[`arrowHead_${tone}`]} />
                </marker>
              ))}
            </defs>
            {model.arrows.map((arrow) => {
              const from = laneIndex.get(arrow.fromPath);
              const to = laneIndex.get(arrow.toPath);
              if (from === undefined || to === undefined) return null;
              const tone = arrowTone(arrow);
              const x1 = departures.get(`${arrow.kind}-${arrow.spanId}`) ?? x(arrow.fromTime);
              const x2 = x(arrow.toTime);
              const down = to > from;
              const y1 = from * LANE_HEIGHT + BAR_TOP + (down ? BAR_HEIGHT : 0);
              const y2 = to * LANE_HEIGHT + BAR_TOP + (down ? 0 : BAR_HEIGHT);
              const mid = (y1 + y2) / 2;
              return (
                <path
                  key={`${arrow.kind}-${arrow.spanId}`}
                  d={`M${x1},${y1} C${x1},${mid} ${x2},${mid} ${x2},${y2}`}
                  className={[
                    styles.arrow,
                    styles[`arrow_${tone}`],
                    arrow.spanId === selectedId && styles.arrowSelected,
                  ]
                    .filter(Boolean)
                    .join(" ")}
                  markerEnd={`url(#arrow-${tone})`}
                  data-arrow={arrow.kind}
                  data-status={arrow.status}
                />
              );
            })}
          </svg>
          {model.arrows
            .filter((a) => a.failed)
            .map((arrow) => {
              const to = laneIndex.get(arrow.toPath);
              if (to === undefined) return null;
              return (
                <button
                  key={`flag-${arrow.spanId}`}
                  type="button"
                  className={styles.failFlag}
                  style={{ left: Math.min(width - 90, x(arrow.toTime) + 4), top: to * LANE_HEIGHT + BAR_TOP + 2 }}
                  onClick={() => onSelect(arrow.spanId)}
                >
                  <span aria-hidden="true">✕ </span>
                  {statusLabel(arrow.status)}
                  <span className="visually-hidden">{`: ${arrow.label}`}</span>
                </button>
              );
            })}
        </div>
      </div>

      <ol className={styles.arrowList} aria-label="Handoffs and announces">
        {model.arrows.map((arrow) => (
          <li key={`${arrow.kind}-${arrow.spanId}`}>
            <button
              type="button"
              className={[
                styles.arrowItem,
                arrow.failed && styles.arrowItemFailed,
                arrow.spanId === selectedId && styles.selected,
              ]
                .filter(Boolean)
                .join(" ")}
              data-arrow={arrow.kind}
              data-span-id={arrow.spanId}
              data-status={arrow.status}
              onClick={() => onSelect(arrow.spanId)}
            >
              <span className={styles.arrowKind} aria-hidden="true">
                {arrow.kind === "handoff" ? "→" : "↩"}
              </span>
              <span>
                <span className={styles.arrowSentence}>{arrow.label}</span>
                {arrow.receivedTask !== null ? (
                  <span className={styles.receivedTask}>
                    Task received: <q>{arrow.receivedTask}</q>
                  </span>
                ) : null}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}

function arrowTone(arrow: LaneArrow): "ok" | "failed" | "announce" {
  if (arrow.failed) return "failed";
  return arrow.kind === "announce" ? "announce" : "ok";
}
