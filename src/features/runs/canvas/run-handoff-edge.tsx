"use client";

import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from "@xyflow/react";
import { memo } from "react";

import { formatUsd } from "../shared/format";
import { statusLabel } from "../shared/status-badge";
import type { RunHandoffFlowEdge } from "./flow-types";
import styles from "./run-canvas.module.css";

/** A self-delegation edge: a loop on the node's right side. */
function loopPath(sx: number, sy: number, tx: number, ty: number): [string, number, number] {
  const reach = 140;
  return [
    `M ${sx} ${sy} C ${sx + reach} ${sy + 90}, ${tx + reach} ${ty - 90}, ${tx} ${ty}`,
    sx + reach * 0.75,
    (sy + ty) / 2,
  ];
}

/** Where along a downward edge its label sits (0 = parent, 1 = child). */
const LABEL_T = 0.7;
/** Distance from the label's centre to the child's top, at least. */
const LABEL_CLEARANCE = 32;

/** A point of React Flow's bezier for a bottom → top edge (control points half the vertical distance from each end), at LABEL_T. */
function pointTowardsChild(sx: number, sy: number, tx: number, ty: number): [number, number] {
  const t = LABEL_T;
  const u = 1 - t;
  const half = (ty - sy) / 2;
  const x = u * u * u * sx + 3 * u * u * t * sx + 3 * u * t * t * tx + t * t * t * tx;
  const y = u * u * u * sy + 3 * u * u * t * (sy + half) + 3 * u * t * t * (ty - half) + t * t * t * ty;
  return [x, Math.min(y, ty - LABEL_CLEARANCE)];
}

/** "2 completed, 1 denied". */
export function handoffCounts(byStatus: Record<string, number>): string {
  return Object.entries(byStatus)
    .sort((a, b) => b[1] - a[1])
    .map(([status, count]) => `${count} ${statusLabel(status)}`)
    .join(", ");
}

/** A handoff on the run canvas: its status, how often it happened, and what its subtree cost. */
function RunHandoffEdgeView(props: EdgeProps<RunHandoffFlowEdge>) {
  const { id, source, target, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, markerEnd, data } =
    props;
  const [path, midX, midY] =
    source === target
      ? loopPath(sourceX, sourceY, targetX, targetY)
      : getBezierPath({ sourceX, sourceY, sourcePosition, targetX, targetY, targetPosition });
  // Near the child, so the labels of siblings fanning out from one parent do not overlap.
  const [labelX, labelY] =
    source !== target && targetY > sourceY + 20 ? pointTowardsChild(sourceX, sourceY, targetX, targetY) : [midX, midY];
  if (!data) return <BaseEdge id={id} path={path} markerEnd={markerEnd} />;
  const { stats, label, background, onSelect } = data;
  const used = stats.handoffs > 0;
  const content = (
    <>
      <span className={styles.edgeTool}>{label}</span>
      <span className={styles.edgeStatus}>
        {used ? handoffCounts(stats.byStatus) : "not used"}
        {used && <span className={styles.edgeCost}> · {formatUsd(stats.costUsd)}</span>}
      </span>
    </>
  );
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        className={styles.edgePath}
        data-status={stats.status}
        data-mode={background ? "background" : "sync"}
      />
      <EdgeLabelRenderer>
        <div
          className={`${styles.edgeLabel} nodrag nopan`}
          style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
          data-status={stats.status}
          data-testid={`run-handoff-${id}`}
          title={stats.error ?? undefined}
        >
          {onSelect ? (
            <button type="button" className={styles.edgeButton} onClick={() => onSelect(id)}>
              {content}
            </button>
          ) : (
            content
          )}
        </div>
      </EdgeLabelRenderer>
    </>
  );
}

export const RunHandoffEdge = memo(RunHandoffEdgeView);
