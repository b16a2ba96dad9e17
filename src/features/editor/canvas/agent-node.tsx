"use client";

import { Handle, Position, type NodeProps } from "@xyflow/react";
import { AlertTriangle, Bot, Crown, Cpu, EyeOff, ShieldCheck, Wrench, XCircle } from "lucide-react";
import { memo } from "react";

import type { AgentSummary } from "../compile/summaries";
import { useEditor } from "../store/editor-context";
import type { AgentFlowNode } from "../store/flow-types";
import styles from "./canvas.module.css";
import { useDetailedZoom } from "./zoom-detail";

const ROLE_LABEL: Record<AgentSummary["role"], string> = {
  main: "Main",
  orchestrator: "Orchestrator",
  leaf: "Leaf",
  unreachable: "Unreachable",
};

const ROLE_HINT: Record<AgentSummary["role"], string> = {
  main: "The root agent: every run starts here.",
  orchestrator: "Can still delegate: it is above the depth limit.",
  leaf: "Does the work itself: at the depth limit, it gets no handoff tools.",
  unreachable: "No handoff path from the main agent reaches it: it never runs.",
};

/** An agent on the canvas: name, role, model chain, tools, policy and problems at a glance. */
function AgentNodeView({ id, data, selected }: NodeProps<AgentFlowNode>) {
  const summary = useEditor((state) => state.summaries.agents.get(id));
  const highlighted = useEditor((state) => state.highlightedNodeIds.has(id));
  const { agent } = data;
  const detailed = useDetailedZoom();
  const role = summary?.role ?? (summary === undefined ? null : "unreachable");
  const isRoot = summary?.isRoot ?? false;

  if (!detailed) {
    // Zoomed far out (a big graph at "fit view"): the name and the problems only, cheap to draw.
    return (
      <div
        className={`${styles.node} ${styles.nodeCompact}`}
        data-selected={selected || undefined}
        data-highlighted={highlighted || undefined}
        data-root={isRoot || undefined}
        data-role={role ?? undefined}
        data-testid={`agent-node-${id}`}
      >
        <Handle type="target" position={Position.Top} className={styles.handle} />
        <span className={styles.compactName}>{agent.name}</span>
        <ProblemBadge errors={summary?.errors ?? 0} warnings={summary?.warnings ?? 0} />
        <Handle type="source" position={Position.Bottom} className={styles.handle} />
      </div>
    );
  }

  return (
    <div
      className={styles.node}
      data-selected={selected || undefined}
      data-highlighted={highlighted || undefined}
      data-root={isRoot || undefined}
      data-role={role ?? undefined}
      data-testid={`agent-node-${id}`}
    >
      <Handle type="target" position={Position.Top} className={styles.handle} />
      <div className={styles.nodeHeader}>
        <span className={styles.nodeIcon} aria-hidden="true">
          {isRoot ? <Crown size={15} /> : <Bot size={15} />}
        </span>
        <span className={styles.nodeTitle}>
          <span className={styles.nodeName} title={agent.name}>
            {agent.name}
          </span>
          <span className={styles.nodeId}>{agent.id}</span>
        </span>
        <ProblemBadge errors={summary?.errors ?? 0} warnings={summary?.warnings ?? 0} />
      </div>
      <div className={styles.nodeBadges}>
        {role && (
          <span className={styles.roleBadge} data-role={role} title={ROLE_HINT[role]}>
            {isRoot ? "Main · root" : ROLE_LABEL[role]}
          </span>
        )}
        {agent.mode !== "all" && <span className={styles.modeBadge}>{agent.mode}</span>}
        {agent.hidden && (
          <span className={styles.modeBadge} title="Hidden from the visible agent list">
            <EyeOff size={11} aria-hidden="true" /> hidden
          </span>
        )}
      </div>
      <dl className={styles.nodeFacts}>
        <div className={styles.fact}>
          <dt>
            <Cpu size={13} aria-hidden="true" />
            <span className="visually-hidden">Model</span>
          </dt>
          <dd title={summary?.chainInherited ? "Inherited from the graph defaults" : undefined}>
            <span className={styles.factText}>{summary?.firstModel ?? "environment default"}</span>
            {summary && summary.chainLength > 1 && (
              <span className={styles.factExtra} title={`${summary.chainLength} models in the fallback chain`}>
                +{summary.chainLength - 1}
              </span>
            )}
            {summary?.chainInherited && <span className={styles.factExtra}>inherited</span>}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>
            <Wrench size={13} aria-hidden="true" />
            <span className="visually-hidden">Tools</span>
          </dt>
          <dd>
            <span className={styles.factText}>
              {summary?.toolCount === 1 ? "1 tool" : `${summary?.toolCount ?? agent.tools.length} tools`}
              {summary && summary.handoffCount > 0
                ? ` · ${summary.handoffCount} handoff${summary.handoffCount === 1 ? "" : "s"}`
                : ""}
            </span>
          </dd>
        </div>
        {summary?.policy && (
          <div className={styles.fact}>
            <dt>
              <ShieldCheck size={13} aria-hidden="true" />
              <span className="visually-hidden">Handoff policy</span>
            </dt>
            <dd>
              <span className={styles.factText}>{summary.policy}</span>
            </dd>
          </div>
        )}
      </dl>
      <Handle
        type="source"
        position={Position.Bottom}
        className={styles.handle}
        title="Drag onto an agent to connect, or onto empty canvas to create a child"
      />
    </div>
  );
}

/** Error and warning counts of a node or an edge. */
export function ProblemBadge({ errors, warnings }: { errors: number; warnings: number }) {
  if (errors === 0 && warnings === 0) return null;
  const label = [
    errors > 0 ? `${errors} error${errors === 1 ? "" : "s"}` : null,
    warnings > 0 ? `${warnings} warning${warnings === 1 ? "" : "s"}` : null,
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <span className={styles.problems} data-severity={errors > 0 ? "error" : "warning"} title={label}>
      {errors > 0 ? <XCircle size={12} aria-hidden="true" /> : <AlertTriangle size={12} aria-hidden="true" />}
      <span aria-hidden="true">{errors > 0 ? errors : warnings}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export const AgentNodeComponent = memo(AgentNodeView);
