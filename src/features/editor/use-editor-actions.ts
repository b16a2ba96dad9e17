"use client";

import { getViewportForBounds, useReactFlow, useStoreApi } from "@xyflow/react";
import { useMemo } from "react";
import { toast } from "sonner";

import type { AgentNode } from "@/core/graph/schema";

import { layoutTopDown } from "./canvas/auto-layout";
import type { Selection } from "./selection";
import {
  addAgent,
  addChild,
  copySelection,
  moveAgents,
  newAgent,
  pasteClipboard,
  removeElements,
  type Clipboard,
  type XY,
} from "./store/document-ops";
import { useEditorStoreApi } from "./store/editor-context";
import type { AgentFlowNode, HandoffFlowEdge } from "./store/flow-types";

/** Width and height of a node React Flow has not measured yet. */
const DEFAULT_NODE_SIZE = { width: 248, height: 132 };
const PASTE_OFFSET = { x: 40, y: 40 };
const FOCUS_DURATION_MS = 300;
const FIT_VIEW = { duration: FOCUS_DURATION_MS, padding: 0.15, maxZoom: 1.1 };
const FOCUS_VIEW = { duration: FOCUS_DURATION_MS, padding: 0.4, maxZoom: 1.2 };

/** Ctrl+C holds agents here, for the session (every editor tab of this page shares it). */
let clipboard: Clipboard | null = null;

export interface EditorCommands {
  /** Adds an agent (at `position` in flow coordinates, else the middle of the view) and selects it. */
  addAgent: (overrides?: Partial<AgentNode>, position?: XY) => string;
  /** Adds a child of `parentId` with a handoff to it, at `position`. */
  addChild: (parentId: string, position?: XY) => string;
  deleteSelection: () => void;
  copy: () => boolean;
  cut: () => void;
  paste: () => void;
  duplicate: () => void;
  selectAll: () => void;
  autoLayout: () => Promise<void>;
  fitView: () => void;
  /** Selects an agent or an edge and brings it into view. */
  focus: (selection: Selection) => void;
  undo: () => void;
  redo: () => void;
}

/** Every canvas command, for the keyboard, the command palette, the header and the palette. */
export function useEditorActions(): EditorCommands {
  const store = useEditorStoreApi();
  const flow = useReactFlow<AgentFlowNode, HandoffFlowEdge>();
  const flowStore = useStoreApi<AgentFlowNode, HandoffFlowEdge>();

  return useMemo(() => {
    /**
     * Frames `ids` (every agent when null). Not React Flow's fitView: that
     * counts only agents it has drawn, and in a large graph the ones off
     * screen are not drawn yet; `getNodesBounds` sizes those by their estimate.
     */
    const frame = (ids: string[] | null, view: typeof FIT_VIEW) => {
      const { width, height, minZoom, maxZoom } = flowStore.getState();
      const targets = ids ?? flow.getNodes().map((node) => node.id);
      if (targets.length === 0 || width === 0 || height === 0) return;
      const bounds = flow.getNodesBounds(targets);
      const viewport = getViewportForBounds(
        bounds,
        width,
        height,
        minZoom,
        Math.min(view.maxZoom, maxZoom),
        view.padding,
      );
      void flow.setViewport(viewport, { duration: view.duration });
    };

    const viewCenter = (): XY => {
      const pane = document.querySelector(".react-flow");
      const rect = pane?.getBoundingClientRect();
      const center = rect
        ? flow.screenToFlowPosition({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 })
        : { x: 0, y: 0 };
      return { x: center.x - DEFAULT_NODE_SIZE.width / 2, y: center.y - DEFAULT_NODE_SIZE.height / 2 };
    };

    /** A free spot near `position`: shifted down-right while it would cover another agent's top-left corner. */
    const freeSpot = (position: XY): XY => {
      const taken = store.getState().document.agents.map((agent) => agent.position);
      const spot = { ...position };
      for (let tries = 0; tries < 50; tries++) {
        const clash = taken.some((p) => Math.abs(p.x - spot.x) < 24 && Math.abs(p.y - spot.y) < 24);
        if (!clash) break;
        spot.x += PASTE_OFFSET.x;
        spot.y += PASTE_OFFSET.y;
      }
      return spot;
    };

    const selectedAgentIds = () => store.getState().selectedNodeIds;

    const copy = (): boolean => {
      const state = store.getState();
      const copied = copySelection(state.document, selectedAgentIds());
      if (!copied) return false;
      clipboard = copied;
      return true;
    };

    const pasteFrom = (source: Clipboard, label: string) => {
      const state = store.getState();
      const result = pasteClipboard(state.document, source, PASTE_OFFSET);
      state.commit(result.document, label);
      store.getState().selectIds(result.agentIds, result.edgeIds);
      // The next paste lands further along, like in design tools.
      clipboard = {
        agents: source.agents.map((agent) => ({
          ...agent,
          position: { x: agent.position.x + PASTE_OFFSET.x, y: agent.position.y + PASTE_OFFSET.y },
        })),
        handoffs: source.handoffs,
      };
    };

    const deleteSelection = () => {
      const state = store.getState();
      const agents = state.selectedNodeIds;
      const edges = state.selectedEdgeIds;
      if (agents.size === 0 && edges.size === 0) return;
      if (agents.has(state.document.rootAgentId)) {
        toast.info("The main agent stays: make another agent the main agent in the graph settings first.");
      }
      const next = removeElements(state.document, agents, edges);
      if (next === state.document) return;
      state.commit(next, "Delete");
    };

    return {
      addAgent: (overrides, position) => {
        const state = store.getState();
        const agent = newAgent(state.document, freeSpot(position ?? viewCenter()), overrides);
        state.commit(addAgent(state.document, agent), "Add agent");
        store.getState().select({ kind: "agent", id: agent.id });
        return agent.id;
      },
      addChild: (parentId, position) => {
        const state = store.getState();
        const parent = state.document.agents.find((agent) => agent.id === parentId);
        const below = parent
          ? { x: parent.position.x, y: parent.position.y + DEFAULT_NODE_SIZE.height + 90 }
          : viewCenter();
        const result = addChild(state.document, parentId, freeSpot(position ?? below));
        state.commit(result.document, "Add sub-agent");
        store.getState().select({ kind: "agent", id: result.agent.id });
        return result.agent.id;
      },
      deleteSelection,
      copy,
      cut: () => {
        if (copy()) deleteSelection();
      },
      paste: () => {
        if (clipboard) pasteFrom(clipboard, "Paste");
      },
      duplicate: () => {
        const state = store.getState();
        const copied = copySelection(state.document, selectedAgentIds());
        if (copied) pasteFrom(copied, "Duplicate");
      },
      selectAll: () => {
        const state = store.getState();
        state.selectIds(
          state.nodes.map((node) => node.id),
          state.edges.map((edge) => edge.id),
        );
      },
      autoLayout: async () => {
        const state = store.getState();
        const positions = await layoutTopDown({
          nodes: state.nodes.map((node) => ({
            id: node.id,
            width: node.measured?.width ?? DEFAULT_NODE_SIZE.width,
            height: node.measured?.height ?? DEFAULT_NODE_SIZE.height,
          })),
          edges: state.edges.map((edge) => ({ id: edge.id, source: edge.source, target: edge.target })),
        });
        const current = store.getState();
        current.commit(moveAgents(current.document, positions), "Auto-layout");
        window.requestAnimationFrame(() => frame(null, FIT_VIEW));
      },
      fitView: () => frame(null, FIT_VIEW),
      focus: (selection) => {
        const state = store.getState();
        state.select(selection);
        if (selection.kind === "graph") return;
        const ids =
          selection.kind === "agent"
            ? [selection.id]
            : (() => {
                const edge = state.edges.find((candidate) => candidate.id === selection.id);
                return edge ? [edge.source, edge.target] : [];
              })();
        if (ids.length === 0) return;
        frame(ids, FOCUS_VIEW);
      },
      undo: () => store.getState().undo(),
      redo: () => store.getState().redo(),
    };
  }, [flow, flowStore, store]);
}
