"use client";

import {
  Background,
  BackgroundVariant,
  Controls,
  MarkerType,
  ReactFlow,
  type DefaultEdgeOptions,
  type EdgeTypes,
  type NodeTypes,
} from "@xyflow/react";
import { useEffect, useMemo, useState } from "react";

import "@xyflow/react/dist/style.css";

import type { TraceState } from "@/core/trace";

import type { RunAgentFlowNode, RunCanvasDocument, RunHandoffFlowEdge } from "./flow-types";
import { layoutRunGraph } from "./layout";
import { RunAgentNode } from "./run-agent-node";
import styles from "./run-canvas.module.css";
import { runGraphStats, type RunGraphStats } from "./run-graph-stats";
import { RunHandoffEdge } from "./run-handoff-edge";
import { factsFromSpanTree, factsFromTrace, type RunSpanNode } from "./run-spans";
import { useColorMode } from "./use-color-mode";

export type { RunCanvasDocument } from "./flow-types";

/**
 * Props of `RunGraphCanvas` (stable interface; the playground and the trace
 * view use it):
 * - `document`: the graph document the run ran (a parsed `GraphDocument` — the
 *   version's `document` from versions.get, or graphs.get's `draft` — fits).
 * - `trace` OR `spans`: the run's spans, either as a `TraceState` reduced in the
 *   browser (live: pass each new state, nodes re-light as events arrive) or as
 *   `runs.get`'s `spans` tree. Neither: every node shows "not run".
 * - `selectedAgentId`: the agent to outline (e.g. the one whose spans are shown).
 * - `onSelectAgent(agentId)`: makes each agent a button (click, Enter, Space).
 * - `onSelectEdge(handoffId)`: makes each handoff's label a button; the id is the
 *   document's handoff id (`document.handoffs[i].id`).
 * - `className`: sizes the frame. The canvas fills its container: give the
 *   container (or this class) a height.
 * - `ariaLabel`: the canvas's accessible name (default "Run graph").
 */
export interface RunGraphCanvasProps {
  document: RunCanvasDocument;
  trace?: TraceState | null;
  spans?: readonly RunSpanNode[] | null;
  selectedAgentId?: string | null;
  onSelectAgent?: (agentId: string) => void;
  onSelectEdge?: (handoffId: string) => void;
  className?: string;
  ariaLabel?: string;
}

const nodeTypes: NodeTypes = { runAgent: RunAgentNode };
const edgeTypes: EdgeTypes = { runHandoff: RunHandoffEdge };
const defaultEdgeOptions: DefaultEdgeOptions = { markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 } };
const fitViewOptions = { padding: 0.12, maxZoom: 1 };

/** The same statistics the canvas draws, for views beside it (a side panel, a summary line). */
export function useRunGraphStats(
  document: RunCanvasDocument,
  trace?: TraceState | null,
  spans?: readonly RunSpanNode[] | null,
): RunGraphStats {
  return useMemo(() => {
    const facts = trace ? factsFromTrace(trace) : spans ? factsFromSpanTree(spans) : [];
    return runGraphStats(document, facts);
  }, [document, trace, spans]);
}

/** Structure of the graph only (what the layout depends on), so a new trace state does not lay out again. */
function structureKey(document: RunCanvasDocument): string {
  return JSON.stringify([document.agents.map((a) => a.id), document.handoffs.map((h) => [h.id, h.from, h.to])]);
}

/**
 * A read-only canvas of a run's graph: every agent lit by its status
 * (running, completed, failed…) with its time, model calls, tokens and cost
 * (its share of the run's cost, the costliest agent marked), and every
 * handoff edge with what its handoffs ended as and what everything below it
 * cost. Laid out top-down with ELK.
 */
export function RunGraphCanvas({
  document,
  trace,
  spans,
  selectedAgentId = null,
  onSelectAgent,
  onSelectEdge,
  className,
  ariaLabel = "Run graph",
}: RunGraphCanvasProps) {
  const colorMode = useColorMode();
  const stats = useRunGraphStats(document, trace, spans);
  const key = structureKey(document);
  const [layout, setLayout] = useState<{ key: string; positions: Map<string, { x: number; y: number }> } | null>(null);

  useEffect(() => {
    let cancelled = false;
    const agentIds = document.agents.map((agent) => agent.id);
    layoutRunGraph(agentIds, document.handoffs)
      .catch(() => new Map<string, { x: number; y: number }>())
      .then((positions) => {
        if (!cancelled) setLayout({ key, positions });
      });
    return () => {
      cancelled = true;
    };
    // The layout follows the graph's structure only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const nodes = useMemo<RunAgentFlowNode[]>(() => {
    const positions = layout?.positions;
    return document.agents.map((agent, index) => ({
      id: agent.id,
      type: "runAgent",
      position: positions?.get(agent.id) ?? { x: (index % 4) * 260, y: Math.floor(index / 4) * 180 },
      data: {
        name: agent.name,
        stats: stats.agents.get(agent.id)!,
        isRoot: agent.id === document.rootAgentId,
        isTop: agent.id === stats.topAgentId && document.agents.length > 1,
        isSelected: agent.id === selectedAgentId,
        onSelect: onSelectAgent,
      },
      draggable: false,
      connectable: false,
      selectable: false,
      focusable: false,
      ariaLabel: undefined,
    }));
  }, [document, layout, stats, selectedAgentId, onSelectAgent]);

  const edges = useMemo<RunHandoffFlowEdge[]>(() => {
    const agentIds = new Set(document.agents.map((agent) => agent.id));
    return document.handoffs
      .filter((handoff) => agentIds.has(handoff.from) && agentIds.has(handoff.to))
      .map((handoff) => ({
        id: handoff.id,
        type: "runHandoff",
        source: handoff.from,
        target: handoff.to,
        data: {
          label: handoff.toolName ?? `${handoff.from} → ${handoff.to}`,
          background: handoff.execution?.mode === "background",
          stats: stats.edges.get(handoff.id)!,
          onSelect: onSelectEdge,
        },
        selectable: false,
        focusable: false,
      }));
  }, [document, stats, onSelectEdge]);

  return (
    <div className={[styles.canvas, className].filter(Boolean).join(" ")} data-testid="run-graph-canvas">
      {layout?.key === key ? (
        <ReactFlow<RunAgentFlowNode, RunHandoffFlowEdge>
          key={key}
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          defaultEdgeOptions={defaultEdgeOptions}
          colorMode={colorMode}
          fitView
          fitViewOptions={fitViewOptions}
          minZoom={0.1}
          maxZoom={2}
          nodesDraggable={false}
          nodesConnectable={false}
          nodesFocusable={false}
          edgesFocusable={false}
          elementsSelectable={false}
          deleteKeyCode={null}
          proOptions={{ hideAttribution: true }}
          aria-label={ariaLabel}
        >
          <Background variant={BackgroundVariant.Dots} gap={20} size={1.2} />
          <Controls className={styles.controls} showInteractive={false} aria-label="Zoom controls" />
        </ReactFlow>
      ) : (
        <p className={styles.placeholder} role="status">
          Laying out the graph…
        </p>
      )}
    </div>
  );
}
