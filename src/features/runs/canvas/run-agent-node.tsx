"use client";

import { Handle, Position, type NodeProps } from "@xyflow/react";
import { Bot, Coins, Crown, Timer, TrendingUp } from "lucide-react";
import { memo } from "react";

import { formatDuration, formatTokens, formatUsd } from "../shared/format";
import { StatusBadge } from "../shared/status-badge";
import type { RunAgentFlowNode } from "./flow-types";
import { attemptChips, formatShare, plural } from "./agent-summary";
import styles from "./run-canvas.module.css";

/** An agent on the run canvas, lit by its status, with its time, calls, tokens and cost. */
function RunAgentNodeView({ id, data }: NodeProps<RunAgentFlowNode>) {
  const { stats, name, isRoot, isTop, isSelected, onSelect } = data;
  const ran = stats.status !== "idle";
  const extras = attemptChips(stats);
  const body = (
    <>
      <span className={styles.nodeHeader}>
        <span className={styles.nodeIcon} aria-hidden="true">
          {isRoot ? <Crown size={14} /> : <Bot size={14} />}
        </span>
        <span className={styles.nodeTitle}>
          <span className={styles.nodeName} title={name}>
            {name}
          </span>
          <span className={styles.nodeId}>{id}</span>
        </span>
      </span>
      {!ran && <span className={styles.notRun}>not run</span>}
      {ran && (
        <span className={styles.nodeFacts}>
          <span className={styles.fact}>
            <StatusBadge status={stats.status} />
            <Timer size={12} aria-hidden="true" />
            <span className="visually-hidden">Time </span>
            {formatDuration(stats.durationMillis)}
            <span className={styles.factMuted}>
              {" · "}
              {plural(stats.modelCalls, "model call")}
              {stats.sessions > 1 ? ` · ${stats.sessions} sessions` : ""}
            </span>
          </span>
          <span className={styles.fact}>
            <Coins size={12} aria-hidden="true" />
            <span className="visually-hidden">Cost </span>
            <strong className={styles.cost} data-unknown={stats.costUsd === null || undefined}>
              {formatUsd(stats.costUsd)}
            </strong>
            {stats.costUsd === null && stats.pricedCostUsd > 0 && (
              <span className={styles.factMuted}>(priced part {formatUsd(stats.pricedCostUsd)})</span>
            )}
            {stats.costShare > 0 && <span className={styles.factMuted}>{formatShare(stats.costShare)} of cost</span>}
          </span>
          <span className={styles.fact}>
            <span className={styles.factMuted}>
              {formatTokens(stats.inputTokens)} in · {formatTokens(stats.outputTokens)} out tokens
            </span>
          </span>
        </span>
      )}
      {(isTop || extras.length > 0) && (
        <span className={styles.chips}>
          {isTop && (
            <span className={styles.topChip}>
              <TrendingUp size={11} aria-hidden="true" /> Costliest agent
            </span>
          )}
          {extras.map((text) => (
            <span key={text} className={styles.warnChip}>
              {text}
            </span>
          ))}
        </span>
      )}
    </>
  );

  return (
    <div
      className={styles.node}
      data-status={stats.status}
      data-root={isRoot || undefined}
      data-top={isTop || undefined}
      data-selected={isSelected || undefined}
      data-testid={`run-agent-${id}`}
    >
      <Handle type="target" position={Position.Top} className={styles.handle} isConnectable={false} />
      {onSelect ? (
        <button
          type="button"
          className={`${styles.nodeBody} ${styles.nodeButton} nodrag nopan`}
          aria-pressed={isSelected}
          onClick={() => onSelect(id)}
        >
          {body}
        </button>
      ) : (
        <div className={styles.nodeBody}>{body}</div>
      )}
      <Handle type="source" position={Position.Bottom} className={styles.handle} isConnectable={false} />
    </div>
  );
}

export const RunAgentNode = memo(RunAgentNodeView);
