import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { graphDocumentSchema, type GraphDocument } from "@/core/graph/schema";

import { addAgent, newAgent } from "./document-ops";
import { createEditorStore, inspectorSelection } from "./editor-store";

function doc(): GraphDocument {
  return graphDocumentSchema.parse({
    schemaVersion: 1,
    name: "Team",
    rootAgentId: "lead",
    agents: [
      { id: "lead", name: "Lead" },
      { id: "web", name: "Web", position: { x: 0, y: 200 } },
    ],
    handoffs: [{ id: "lead-web", from: "lead", to: "web" }],
  });
}

const rename = (document: GraphDocument, id: string, name: string): GraphDocument => ({
  ...document,
  agents: document.agents.map((agent) => (agent.id === id ? { ...agent, name } : agent)),
});

describe("editor store", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("builds the canvas view of the document, the root not deletable", () => {
    const store = createEditorStore({ graphId: "g", document: doc(), revision: 1 });
    const { nodes, edges } = store.getState();
    expect(nodes.map((n) => [n.id, n.deletable])).toEqual([
      ["lead", false],
      ["web", true],
    ]);
    expect(edges).toMatchObject([{ id: "lead-web", source: "lead", target: "web", type: "handoff" }]);
  });

  it("merges typing with the same label into one undo step, and undoes/redoes it", () => {
    const store = createEditorStore({ graphId: "g", document: doc(), revision: 1 });
    const first = store.getState().document;
    store.getState().change(rename(store.getState().document, "web", "W"), "Edit name");
    vi.advanceTimersByTime(200);
    store.getState().change(rename(store.getState().document, "web", "We"), "Edit name");
    vi.advanceTimersByTime(200);
    store.getState().change(rename(store.getState().document, "web", "Web2"), "Edit name");
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    expect(store.getState().save.status).toBe("unsaved");

    store.getState().undo();
    expect(store.getState().document).toBe(first);
    expect(store.getState().nodes[1]!.data.agent.name).toBe("Web");
    store.getState().redo();
    expect(store.getState().document.agents[1]!.name).toBe("Web2");
  });

  it("keeps structural commits as separate steps even with the same label", () => {
    const store = createEditorStore({ graphId: "g", document: doc(), revision: 1 });
    for (let i = 0; i < 2; i++) {
      const state = store.getState();
      state.commit(addAgent(state.document, newAgent(state.document, { x: 0, y: 0 })), "Add agent");
    }
    expect(store.temporal.getState().pastStates).toHaveLength(2);
    expect(store.getState().nodes).toHaveLength(4);
  });

  it("reuses the canvas nodes of unchanged agents", () => {
    const store = createEditorStore({ graphId: "g", document: doc(), revision: 1 });
    const before = store.getState().nodes;
    store.getState().change(rename(store.getState().document, "web", "Other"), "Edit name");
    const after = store.getState().nodes;
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
  });

  it("derives the inspector selection and highlights an edge's ends", () => {
    const store = createEditorStore({ graphId: "g", document: doc(), revision: 1 });
    expect(inspectorSelection(store.getState())).toEqual({ kind: "graph" });
    store.getState().select({ kind: "agent", id: "web" });
    expect(inspectorSelection(store.getState())).toEqual({ kind: "agent", id: "web" });
    store.getState().select({ kind: "edge", id: "lead-web" });
    expect(inspectorSelection(store.getState())).toEqual({ kind: "edge", id: "lead-web" });
    expect([...store.getState().highlightedNodeIds].sort()).toEqual(["lead", "web"]);
    store.getState().selectIds(["lead", "web"], []);
    expect(inspectorSelection(store.getState())).toEqual({ kind: "graph" });
  });

  it("commits a drag as one move when it ends", () => {
    const store = createEditorStore({ graphId: "g", document: doc(), revision: 1 });
    store.getState().onNodesChange([{ type: "position", id: "web", position: { x: 50, y: 60 }, dragging: true }]);
    expect(store.getState().document.agents[1]!.position).toEqual({ x: 0, y: 200 });
    store.getState().onNodesChange([{ type: "position", id: "web", position: { x: 80, y: 90 }, dragging: false }]);
    expect(store.getState().document.agents[1]!.position).toEqual({ x: 80, y: 90 });
    expect(store.temporal.getState().pastStates).toHaveLength(1);
  });

  it("replacing the draft from the server starts a fresh history", () => {
    const store = createEditorStore({ graphId: "g", document: doc(), revision: 1 });
    store.getState().change(rename(store.getState().document, "web", "X"), "Edit name");
    const theirs = rename(doc(), "lead", "Boss");
    store.getState().replaceFromServer(theirs, 5);
    expect(store.getState()).toMatchObject({ document: theirs, savedDocument: theirs, revision: 5 });
    expect(store.getState().save.status).toBe("saved");
    expect(store.temporal.getState().pastStates).toHaveLength(0);
  });
});

describe("editor store viewport", () => {
  it("records the viewport in the draft without an undo step, and keeps it across undo/redo", () => {
    const store = createEditorStore({ graphId: "g", document: doc(), revision: 1 });
    const nodes = store.getState().nodes;
    store.getState().setViewport({ x: 10, y: 20, zoom: 0.5 });
    expect(store.getState().document.ui?.viewport).toEqual({ x: 10, y: 20, zoom: 0.5 });
    expect(store.getState().nodes).toBe(nodes);
    expect(store.temporal.getState().pastStates).toHaveLength(0);
    expect(store.getState().save.status).toBe("saved");

    store.getState().commit(rename(store.getState().document, "web", "Web 2"), "Rename");
    store.getState().setViewport({ x: 30, y: 40, zoom: 1 });
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    store.getState().undo();
    expect(store.getState().document.agents[1].name).toBe("Web");
    expect(store.getState().document.ui?.viewport).toEqual({ x: 30, y: 40, zoom: 1 });
    expect(store.temporal.getState().futureStates).toHaveLength(1);
    store.getState().redo();
    expect(store.getState().document.agents[1].name).toBe("Web 2");
    expect(store.getState().document.ui?.viewport).toEqual({ x: 30, y: 40, zoom: 1 });
  });

  it("ignores a viewport that did not really move", () => {
    const store = createEditorStore({ graphId: "g", document: doc(), revision: 1 });
    store.getState().setViewport({ x: 10, y: 20, zoom: 0.5 });
    const before = store.getState().document;
    store.getState().setViewport({ x: 10.01, y: 20, zoom: 0.50001 });
    expect(store.getState().document).toBe(before);
  });
});
