"use client";

import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from "@xyflow/react";
import { Clock, Repeat, Zap } from "lucide-react";
import { memo } from "react";

import { useEditor } from "../store/editor-context";
import type { HandoffFlowEdge } from "../store/flow-types";
import { ProblemBadge } from "./agent-node";
import styles from "./canvas.module.css";
import { useDetailedZoom } from "./zoom-detail";

/** A self-delegation edge (general-purpose clone): a loop on the node's right side. */
function loopPath(sourceX: number, sourceY: number, targetX: number, targetY: number): [string, number, number] {
  const reach = 150;
  const path = `M ${sourceX} ${sourceY} C ${sourceX + reach} ${sourceY + 90}, ${targetX + reach} ${targetY - 90}, ${targetX} ${targetY}`;
  return [path, sourceX + reach * 0.75, (sourceY + targetY) / 2];
}

/** Where along a downward edge its label sits: near the child, so the labels of siblings do not overlap. */
const LABEL_T = 0.72;
/** Distance from the label's centre to the child's top handle, at least. */
const LABEL_CLEARANCE = 30;

/**
 * A point of React Flow's bezier for a bottom → top edge (control points
 * half the vertical distance from each end), at LABEL_T.
 */
function pointTowardsChild(sx: number, sy: number, tx: number, ty: number): [number, number] {
  const t = LABEL_T;
  const u = 1 - t;
  const half = (ty - sy) / 2;
  const x = u * u * u * sx + 3 * u * u * t * sx + 3 * u * t * t * tx + t * t * t * tx;
  const y = u * u * u * sy + 3 * u * u * t * (sy + half) + 3 * u * t * t * (ty - half) + t * t * t * ty;
  // Keep the label clear of the arrowhead on the child's top handle.
  return [x, Math.min(y, ty - LABEL_CLEARANCE)];
}

/** A handoff on the canvas: the tool name, sync or background, and the session mode on its label. */
function HandoffEdgeView({
  id,
  source,
  target,
  sourceX,
  sourceY,
  targetX,
  targetY,
  sourcePosition,
  targetPosition,
  selected,
  markerEnd,
  data,
}: EdgeProps<HandoffFlowEdge>) {
  const summary = useEditor((state) => state.summaries.edges.get(id));
  const select = useEditor((state) => state.select);
  const detailed = useDetailedZoom();
  const [path, midX, midY] =
    source === target
      ? loopPath(sourceX, sourceY, targetX, targetY)
      : getBezierPath({ sourceX, sourceY, sourcePosition, targetX, targetY, targetPosition });
  const [labelX, labelY] =
    source !== target && targetY > sourceY + 20 ? pointTowardsChild(sourceX, sourceY, targetX, targetY) : [midX, midY];
  const handoff = data?.handoff;
  const mode = summary?.mode ?? handoff?.execution.mode ?? "sync";
  const session = summary?.sessionMode ?? handoff?.sessionMode ?? "NEW_SESSION";
  const severity = summary && summary.errors > 0 ? "error" : summary && summary.warnings > 0 ? "warning" : undefined;

  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        className={styles.edgePath}
        data-selected={selected || undefined}
        data-severity={severity}
        data-mode={mode}
        interactionWidth={24}
      />
      {detailed && (
        <EdgeLabelRenderer>
          <div
            className={`${styles.edgeLabel} nodrag nopan`}
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
            data-selected={selected || undefined}
            data-severity={severity}
            data-testid={`handoff-label-${id}`}
            onClick={() => select({ kind: "edge", id })}
          >
            <span className={styles.edgeTool}>{summary?.toolName ?? handoff?.toolName ?? "…"}</span>
            <span className={styles.edgeChips}>
              <span
                className={styles.edgeChip}
                data-kind={mode}
                title={mode === "sync" ? "Sync: the parent waits" : "Background: the parent continues"}
              >
                {mode === "sync" ? <Clock size={11} aria-hidden="true" /> : <Zap size={11} aria-hidden="true" />}
                {mode === "sync" ? "sync" : "background"}
              </span>
              <span
                className={styles.edgeChip}
                data-kind={session}
                title={
                  session === "NEW_SESSION"
                    ? "A fresh session on every call"
                    : "Reuses the child's session across calls"
                }
              >
                {session === "REUSE_SESSION" && <Repeat size={11} aria-hidden="true" />}
                {session === "NEW_SESSION" ? "new session" : "reused session"}
              </span>
              <ProblemBadge errors={summary?.errors ?? 0} warnings={summary?.warnings ?? 0} />
            </span>
            {handoff?.label && <span className={styles.edgeUserLabel}>{handoff.label}</span>}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

export const HandoffEdgeComponent = memo(HandoffEdgeView);
