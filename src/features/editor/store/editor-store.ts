import { applyEdgeChanges, applyNodeChanges, type EdgeChange, type NodeChange } from "@xyflow/react";
import { temporal } from "zundo";
import { createStore } from "zustand/vanilla";

import type { CompileResult, GraphAnalysis } from "@/core/compiler";
import type { GraphDocument } from "@/core/graph/schema";
import type { PriceTable } from "@/core/models/pricing";

import { EMPTY_SUMMARIES, type Summaries } from "../compile/summaries";
import type { CatalogOption } from "../panels/tool-catalog";
import type { Selection } from "../selection";
import { moveAgents, type XY } from "./document-ops";
import { differsOnlyInView, sameViewport, withViewport, type SavedViewport } from "./viewport";
import type { AgentFlowNode, HandoffFlowEdge } from "./flow-types";
import { selectedIds, syncEdges, syncNodes, withoutEstimate } from "./view-sync";

/** Where the draft stands against the server. */
export type SaveStatus = "saved" | "unsaved" | "saving" | "error" | "conflict";

export interface SaveState {
  status: SaveStatus;
  /** Message of the last failed save. */
  error: string | null;
  /** The server's revision when a save hit a conflict. */
  conflictRevision: number | null;
}

export interface EditorState {
  graphId: string;
  /** The schema-valid draft being edited (the one thing undo/redo tracks). */
  document: GraphDocument;
  /** The revision of the draft on the server this editor last read or wrote. */
  revision: number;
  /** The document the server holds at `revision` (what "saved" compares against). */
  savedDocument: GraphDocument;
  save: SaveState;

  /** The canvas's view of the document (selection and measured sizes live here). */
  nodes: AgentFlowNode[];
  edges: HandoffFlowEdge[];
  selectedNodeIds: ReadonlySet<string>;
  selectedEdgeIds: ReadonlySet<string>;
  /** Parents and children of the selected edges (drawn highlighted). */
  highlightedNodeIds: ReadonlySet<string>;

  /** The browser-side compile of `document` (lags behind it by a debounce). */
  compiled: CompileResult | null;
  /** The document `compiled` was made from. */
  compiledDocument: GraphDocument | null;
  analysis: GraphAnalysis | null;
  summaries: Summaries;
  /** The workspace's tool catalog (tools.catalog), once loaded: the checklist lists it, the compile knows its tools. */
  catalog: readonly CatalogOption[] | null;
  /** The workspace's price table (prices.list), once loaded: the check prices the worst-case cost and budget findings with it. */
  priceTable: PriceTable | null;
}

export interface EditorActions {
  /** A change from a panel or the canvas: one undo step, except repeated changes with the same label (typing) within a second. */
  change: (next: GraphDocument, label: string) => void;
  /** A change that is always its own undo step (add, delete, paste, layout). */
  commit: (next: GraphDocument, label: string) => void;
  undo: () => void;
  redo: () => void;
  /**
   * Records where the canvas looks (`document.ui.viewport`): saved with the
   * draft, but not an undo step (undo/redo keep the current viewport).
   */
  setViewport: (viewport: SavedViewport) => void;
  onNodesChange: (changes: NodeChange<AgentFlowNode>[]) => void;
  onEdgesChange: (changes: EdgeChange<HandoffFlowEdge>[]) => void;
  /** Selects exactly these agents and edges. */
  selectIds: (nodeIds: Iterable<string>, edgeIds: Iterable<string>) => void;
  select: (selection: Selection) => void;
  setCompiled: (
    document: GraphDocument,
    compiled: CompileResult,
    analysis: GraphAnalysis,
    summaries: Summaries,
  ) => void;
  setSave: (save: Partial<SaveState>) => void;
  /** The workspace's tool catalog arrived (or changed): the next compile uses it. */
  setCatalog: (catalog: readonly CatalogOption[]) => void;
  /** The workspace's prices arrived (or changed): the next check uses them. */
  setPriceTable: (priceTable: PriceTable) => void;
  /** The server accepted `document` as `revision`. */
  markSaved: (document: GraphDocument, revision: number) => void;
  /** Replaces the draft with the server's (reload, restore, import): history starts over. */
  replaceFromServer: (document: GraphDocument, revision: number) => void;
}

export type EditorStore = ReturnType<typeof createEditorStore>;

/** Changes with the same label closer than this merge into one undo step. */
const COALESCE_MS = 1000;
const HISTORY_LIMIT = 200;

function highlightOf(edges: readonly HandoffFlowEdge[], selectedEdges: ReadonlySet<string>): Set<string> {
  const ids = new Set<string>();
  if (selectedEdges.size === 0) return ids;
  for (const edge of edges) {
    if (!selectedEdges.has(edge.id)) continue;
    ids.add(edge.source);
    ids.add(edge.target);
  }
  return ids;
}

/** The selection the inspector shows: one agent, one edge, or the graph. */
export function inspectorSelection(state: Pick<EditorState, "selectedNodeIds" | "selectedEdgeIds">): Selection {
  const { selectedNodeIds: nodes, selectedEdgeIds: edges } = state;
  if (nodes.size === 1 && edges.size === 0) return { kind: "agent", id: nodes.values().next().value! };
  if (edges.size === 1 && nodes.size === 0) return { kind: "edge", id: edges.values().next().value! };
  return { kind: "graph" };
}

/** One editor's state: the document with its undo history, the canvas view, the compile and the save state. */
export function createEditorStore(init: { graphId: string; document: GraphDocument; revision: number }) {
  let lastLabel: string | null = null;
  let lastChangeAt = 0;

  const store = createStore<EditorState & EditorActions>()(
    temporal(
      (set, get) => {
        /** The document and the canvas view of it, in one update. */
        const withDocument = (document: GraphDocument): Partial<EditorState> => {
          const state = get();
          const nodes = syncNodes(document, state.nodes);
          const edges = syncEdges(document, state.edges);
          const selectedNodeIds = selectedIds(nodes);
          const selectedEdgeIds = selectedIds(edges);
          return {
            document,
            nodes,
            edges,
            selectedNodeIds,
            selectedEdgeIds,
            highlightedNodeIds: highlightOf(edges, selectedEdgeIds),
          };
        };

        const applySelection = (nodeIds: ReadonlySet<string>, edgeIds: ReadonlySet<string>) => {
          const state = get();
          const nodes = state.nodes.map((node) =>
            (node.selected ?? false) === nodeIds.has(node.id) ? node : { ...node, selected: nodeIds.has(node.id) },
          );
          const edges = state.edges.map((edge) =>
            (edge.selected ?? false) === edgeIds.has(edge.id) ? edge : { ...edge, selected: edgeIds.has(edge.id) },
          );
          const selectedNodeIds = selectedIds(nodes);
          const selectedEdgeIds = selectedIds(edges);
          set({
            nodes,
            edges,
            selectedNodeIds,
            selectedEdgeIds,
            highlightedNodeIds: highlightOf(edges, selectedEdgeIds),
          });
        };

        const commitDocument = (next: GraphDocument, label: string, coalesce: boolean) => {
          if (next === get().document) return;
          const now = Date.now();
          const merge = coalesce && label === lastLabel && now - lastChangeAt < COALESCE_MS;
          lastLabel = label;
          lastChangeAt = now;
          const history = store.temporal.getState();
          if (merge) history.pause();
          set(withDocument(next));
          if (merge) history.resume();
          refreshSaveStatus();
        };

        /** Saved or unsaved, after the document changed (a save in flight or a conflict keeps its status). */
        const refreshSaveStatus = () => {
          const { save, document, savedDocument } = get();
          if (save.status === "saving" || save.status === "conflict") return;
          // A pan or zoom alone is saved with the next edit; nothing to report until then.
          const status = differsOnlyInView(savedDocument, document) ? "saved" : "unsaved";
          if (status !== save.status) set({ save: { ...save, status } });
        };

        /** Undo or redo a document change; the viewport stays where the person looks now. */
        const travel = (direction: "undo" | "redo") => {
          lastLabel = null;
          const viewport = get().document.ui?.viewport;
          const history = store.temporal.getState();
          history[direction]();
          history.pause();
          set(withDocument(withViewport(get().document, viewport)));
          history.resume();
          refreshSaveStatus();
        };

        const initialNodes = syncNodes(init.document, []);
        const initialEdges = syncEdges(init.document, []);

        return {
          graphId: init.graphId,
          document: init.document,
          revision: init.revision,
          savedDocument: init.document,
          save: { status: "saved", error: null, conflictRevision: null },
          nodes: initialNodes,
          edges: initialEdges,
          selectedNodeIds: new Set(),
          selectedEdgeIds: new Set(),
          highlightedNodeIds: new Set(),
          compiled: null,
          compiledDocument: null,
          analysis: null,
          summaries: EMPTY_SUMMARIES,
          catalog: null,
          priceTable: null,

          change: (next, label) => commitDocument(next, label, true),
          commit: (next, label) => commitDocument(next, label, false),

          undo: () => travel("undo"),
          redo: () => travel("redo"),
          setViewport: (viewport) => {
            const { document } = get();
            if (sameViewport(document.ui?.viewport, viewport)) return;
            // The agents are unchanged: the canvas view is not rebuilt, and the history does not see it.
            const history = store.temporal.getState();
            history.pause();
            set({ document: withViewport(document, viewport) });
            history.resume();
            refreshSaveStatus();
          },

          onNodesChange: (changes) => {
            // Removals go through onDelete (one undo step for nodes and edges together).
            const relevant = changes.filter((change) => change.type !== "remove");
            if (relevant.length === 0) return;
            let nodes = applyNodeChanges(relevant, get().nodes);
            if (relevant.some((change) => change.type === "dimensions")) {
              const measured = new Set(relevant.flatMap((change) => (change.type === "dimensions" ? [change.id] : [])));
              nodes = nodes.map((node) => (measured.has(node.id) ? withoutEstimate(node) : node));
            }
            const dropped = new Map<string, XY>();
            let selectionChanged = false;
            let byId: Map<string, AgentFlowNode> | null = null;
            for (const change of relevant) {
              if (change.type === "select") selectionChanged = true;
              if (change.type === "position" && change.dragging === false) {
                // One lookup table, not a search per node: dropping 500 dragged agents stays O(n).
                byId ??= new Map(nodes.map((node) => [node.id, node]));
                const position = change.position ?? byId.get(change.id)?.position;
                if (position) dropped.set(change.id, position);
              }
            }
            if (selectionChanged) {
              const selectedNodeIds = selectedIds(nodes);
              set({ nodes, selectedNodeIds });
            } else {
              set({ nodes });
            }
            if (dropped.size > 0) {
              // Moves merge like typing: a burst of arrow-key nudges is one undo step.
              const document = moveAgents(get().document, dropped);
              get().change(document, dropped.size === 1 ? "Move agent" : "Move agents");
            }
          },

          onEdgesChange: (changes) => {
            const relevant = changes.filter((change) => change.type !== "remove");
            if (relevant.length === 0) return;
            const edges = applyEdgeChanges(relevant, get().edges);
            const selectedEdgeIds = selectedIds(edges);
            set({ edges, selectedEdgeIds, highlightedNodeIds: highlightOf(edges, selectedEdgeIds) });
          },

          selectIds: (nodeIds, edgeIds) => applySelection(new Set(nodeIds), new Set(edgeIds)),
          select: (selection) =>
            applySelection(
              new Set(selection.kind === "agent" ? [selection.id] : []),
              new Set(selection.kind === "edge" ? [selection.id] : []),
            ),

          setCompiled: (compiledDocument, compiled, analysis, summaries) =>
            set({ compiledDocument, compiled, analysis, summaries }),
          setSave: (save) => set({ save: { ...get().save, ...save } }),
          setCatalog: (catalog) => set({ catalog }),
          setPriceTable: (priceTable) => set({ priceTable }),
          markSaved: (document, revision) => {
            const dirty = get().document !== document;
            set({
              savedDocument: document,
              revision,
              save: { status: dirty ? "unsaved" : "saved", error: null, conflictRevision: null },
            });
          },
          replaceFromServer: (document, revision) => {
            lastLabel = null;
            store.temporal.getState().pause();
            set({
              ...withDocument(document),
              savedDocument: document,
              revision,
              save: { status: "saved", error: null, conflictRevision: null },
            });
            store.temporal.getState().resume();
            store.temporal.getState().clear();
          },
        };
      },
      {
        partialize: (state) => ({ document: state.document }),
        equality: (past, current) => past.document === current.document,
        limit: HISTORY_LIMIT,
      },
    ),
  );
  return store;
}
