"use client";

import {
  Background,
  BackgroundVariant,
  ConnectionLineType,
  ControlButton,
  Controls,
  MarkerType,
  MiniMap,
  ReactFlow,
  useReactFlow,
  useStore,
  type ReactFlowState,
  type ColorMode,
  type Connection,
  type DefaultEdgeOptions,
  type Edge,
  type EdgeTypes,
  type IsValidConnection,
  type NodeTypes,
  type OnConnectEnd,
  type Viewport,
} from "@xyflow/react";
import { Maximize } from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type DragEvent } from "react";

import { connect, hasHandoff, reconnect, removeElements } from "../store/document-ops";
import { useEditor, useEditorStoreApi } from "../store/editor-context";
import type { AgentFlowNode, HandoffFlowEdge } from "../store/flow-types";
import { savedViewport } from "../store/viewport";
import { useEditorActions } from "../use-editor-actions";
import { AgentNodeComponent } from "./agent-node";
import styles from "./canvas.module.css";
import { graphOverflows } from "./graph-overflows";
import { HandoffEdgeComponent } from "./handoff-edge";
import { initialViewport } from "./initial-viewport";
import { readLocalViewport, writeLocalViewport } from "./local-viewport";
import { useCanvasColorMode } from "./use-canvas-color-mode";

const nodeTypes: NodeTypes = { agent: AgentNodeComponent };
const edgeTypes: EdgeTypes = { handoff: HandoffEdgeComponent };
const defaultEdgeOptions: DefaultEdgeOptions = {
  markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 },
};
const MINIMAP_SIZE = { width: 168, height: 112 };
const fitViewOptions = { padding: 0.15, maxZoom: 1.1 };

const DELETE_KEYS = ["Backspace", "Delete"];
/** Shift+click adds to the selection (as in design tools); Ctrl/⌘+click too (React Flow's default). */
const MULTI_SELECT_KEYS = ["Shift", "Meta", "Control"];
const MIN_ZOOM = 0.05;
const MAX_ZOOM = 2;
/** Quiet time after a pan or zoom ends before the viewport is recorded in the draft. */
const VIEWPORT_SAVE_DELAY_MS = 400;
/** The MIME type the palette puts on a drag. */
export const PALETTE_DRAG_TYPE = "application/x-agent-graph-palette";

/** Colours of the minimap's nodes: root and problems stand out. */
function minimapNodeClass(node: AgentFlowNode): string {
  return node.deletable === false ? styles.minimapRoot : styles.minimapNode;
}

/** Whether part of the graph is out of view (measured agents; ones not drawn yet count at their position). */
function selectGraphOverflows(state: ReactFlowState): boolean {
  const boxes = Array.from(state.nodeLookup.values(), (node) => ({
    ...node.internals.positionAbsolute,
    width: node.measured.width ?? 0,
    height: node.measured.height ?? 0,
  }));
  return graphOverflows(boxes, state.width, state.height, state.transform);
}

/**
 * The minimap, shown while part of the graph is out of view: that is when it
 * helps finding your way, and a graph that fits on screen is never covered by it.
 */
function OverviewMinimap() {
  const overflows = useStore(selectGraphOverflows);
  if (!overflows) return null;
  return (
    <MiniMap
      pannable
      zoomable
      nodeClassName={minimapNodeClass}
      ariaLabel="Minimap"
      className={styles.minimap}
      style={MINIMAP_SIZE}
    />
  );
}

/** The canvas: agents and handoffs, drawn and edited with React Flow. */
export function EditorCanvas({ colorMode: colorModeOverride }: { colorMode?: ColorMode }) {
  const store = useEditorStoreApi();
  const themeColorMode = useCanvasColorMode();
  const colorMode = colorModeOverride ?? themeColorMode;
  const nodes = useEditor((state) => state.nodes);
  const edges = useEditor((state) => state.edges);
  const onNodesChange = useEditor((state) => state.onNodesChange);
  const onEdgesChange = useEditor((state) => state.onEdgesChange);
  const actions = useEditorActions();
  const flow = useReactFlow<AgentFlowNode, HandoffFlowEdge>();
  const frame = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<Viewport | null>(null);

  useLayoutEffect(() => {
    const element = frame.current;
    if (!element || viewport) return;
    const { graphId, document } = store.getState();
    const local = readLocalViewport(graphId);
    // Where this browser left the graph also goes into the draft (saved with the next edit).
    if (local) store.getState().setViewport(local);
    setViewport(
      local ??
        initialViewport(document, element.clientWidth, element.clientHeight, {
          minZoom: MIN_ZOOM,
          ...fitViewOptions,
        }),
    );
  }, [store, viewport]);

  // Pans and zooms are kept in this browser at once and in document.ui.viewport (not an undo step;
  // saved with the next edit), so the graph opens where it was left. Only the end of a move counts.
  const viewportTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onMoveEnd = useCallback(
    (_event: unknown, next: Viewport) => {
      if (viewportTimer.current !== null) clearTimeout(viewportTimer.current);
      viewportTimer.current = setTimeout(() => {
        viewportTimer.current = null;
        const saved = savedViewport(next);
        if (!saved) return;
        writeLocalViewport(store.getState().graphId, saved);
        store.getState().setViewport(saved);
      }, VIEWPORT_SAVE_DELAY_MS);
    },
    [store],
  );
  useEffect(
    () => () => {
      if (viewportTimer.current !== null) clearTimeout(viewportTimer.current);
    },
    [],
  );

  const isValidConnection: IsValidConnection<HandoffFlowEdge> = useCallback(
    (connection: Connection | Edge) =>
      connection.source !== connection.target &&
      !hasHandoff(store.getState().document, connection.source, connection.target),
    [store],
  );

  const onConnect = useCallback(
    (connection: Connection) => {
      const state = store.getState();
      if (connection.source === connection.target) return;
      if (hasHandoff(state.document, connection.source, connection.target)) return;
      const result = connect(state.document, connection.source, connection.target);
      state.commit(result.document, "Connect agents");
      store.getState().select({ kind: "edge", id: result.edge.id });
    },
    [store],
  );

  // Dropping a connection on empty canvas creates the child there (React Flow's "add node on edge drop").
  const onConnectEnd: OnConnectEnd = useCallback(
    (event, connectionState) => {
      if (connectionState.isValid || !connectionState.fromNode || connectionState.toNode) return;
      if (connectionState.fromHandle?.type !== "source") return;
      const target = event.target instanceof Element ? event.target : null;
      if (!target?.classList.contains("react-flow__pane")) return;
      const point = "changedTouches" in event ? event.changedTouches[0]! : event;
      const position = flow.screenToFlowPosition({ x: point.clientX, y: point.clientY });
      actions.addChild(connectionState.fromNode.id, { x: position.x - 124, y: position.y });
    },
    [actions, flow],
  );

  const onReconnect = useCallback(
    (oldEdge: HandoffFlowEdge, connection: Connection) => {
      const state = store.getState();
      if (connection.source === connection.target) return;
      if (
        (connection.source !== oldEdge.source || connection.target !== oldEdge.target) &&
        hasHandoff(state.document, connection.source, connection.target)
      ) {
        return;
      }
      state.commit(reconnect(state.document, oldEdge.id, connection.source, connection.target), "Reconnect handoff");
    },
    [store],
  );

  const onDelete = useCallback(
    ({ nodes: removedNodes, edges: removedEdges }: { nodes: AgentFlowNode[]; edges: HandoffFlowEdge[] }) => {
      const state = store.getState();
      const next = removeElements(
        state.document,
        removedNodes.map((node) => node.id),
        removedEdges.map((edge) => edge.id),
      );
      state.commit(next, "Delete");
    },
    [store],
  );

  const onDragOver = useCallback((event: DragEvent) => {
    if (!event.dataTransfer.types.includes(PALETTE_DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
  }, []);

  const onDrop = useCallback(
    (event: DragEvent) => {
      const kind = event.dataTransfer.getData(PALETTE_DRAG_TYPE);
      if (!kind) return;
      event.preventDefault();
      const position = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
      actions.addAgent(kind === "subagent" ? { name: "Sub-agent", mode: "subagent" } : {}, {
        x: position.x - 124,
        y: position.y - 40,
      });
    },
    [actions, flow],
  );

  return (
    <div ref={frame} className={styles.canvas} onDragOver={onDragOver} onDrop={onDrop}>
      {viewport && (
        <ReactFlow<AgentFlowNode, HandoffFlowEdge>
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          defaultEdgeOptions={defaultEdgeOptions}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={onConnect}
          onConnectEnd={onConnectEnd}
          onReconnect={onReconnect}
          onDelete={onDelete}
          isValidConnection={isValidConnection}
          connectionLineType={ConnectionLineType.Bezier}
          colorMode={colorMode}
          defaultViewport={viewport}
          onMoveEnd={onMoveEnd}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          onlyRenderVisibleElements
          deleteKeyCode={DELETE_KEYS}
          multiSelectionKeyCode={MULTI_SELECT_KEYS}
          aria-label="Agent graph canvas"
        >
          <Background variant={BackgroundVariant.Dots} gap={20} size={1.2} />
          <OverviewMinimap />
          <Controls className={styles.controls} showInteractive={false} showFitView={false} aria-label="Zoom controls">
            {/* The editor's fit view, which also frames agents not drawn yet (React Flow's counts drawn ones). */}
            <ControlButton onClick={actions.fitView} title="Fit view" aria-label="Fit view">
              <Maximize aria-hidden="true" />
            </ControlButton>
          </Controls>
        </ReactFlow>
      )}
    </div>
  );
}
