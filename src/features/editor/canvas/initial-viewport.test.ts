import { describe, expect, it } from "vitest";

import { generateLargeGraph } from "@/core/compiler/fixtures/large-graph";
import { graphDocumentSchema } from "@/core/graph/schema";

import { ESTIMATED_NODE } from "../store/estimated-node";
import { initialViewport, LARGE_GRAPH_AGENTS } from "./initial-viewport";

const limits = { minZoom: 0.05, maxZoom: 1.1, padding: 0.15 };

function graph(positions: { x: number; y: number }[]) {
  return graphDocumentSchema.parse({
    schemaVersion: 1,
    name: "G",
    rootAgentId: "a0",
    agents: positions.map((position, i) => ({ id: `a${i}`, name: `A${i}`, position })),
  });
}

describe("initialViewport", () => {
  it("uses the document's saved viewport", () => {
    const doc = { ...graph([{ x: 0, y: 0 }]), ui: { viewport: { x: 1, y: 2, zoom: 0.5 } } };
    expect(initialViewport(doc, 800, 600, limits)).toEqual({ x: 1, y: 2, zoom: 0.5 });
  });

  it("centres a small graph without zooming past the cap", () => {
    const view = initialViewport(graph([{ x: 0, y: 0 }]), 800, 600, limits);
    expect(view.zoom).toBe(1.1);
    // The node's centre lands in the canvas's centre.
    expect(view.x + (ESTIMATED_NODE.width / 2) * view.zoom).toBeCloseTo(400);
    expect(view.y + (ESTIMATED_NODE.height / 2) * view.zoom).toBeCloseTo(300);
  });

  it("fits a graph up to the large-graph size inside the canvas", () => {
    const doc = graphDocumentSchema.parse(generateLargeGraph(LARGE_GRAPH_AGENTS));
    const view = initialViewport(doc, 1000, 600, limits);
    const maxX = Math.max(...doc.agents.map((a) => a.position.x)) + ESTIMATED_NODE.width;
    expect(view.x + maxX * view.zoom).toBeLessThanOrEqual(1000);
  });

  it("frames the root and its children of a 500-agent graph, leaving the rest off screen", () => {
    const doc = graphDocumentSchema.parse(generateLargeGraph(500));
    const view = initialViewport(doc, 1000, 600, limits);
    const framed = new Set([
      doc.rootAgentId,
      ...doc.handoffs.filter((h) => h.from === doc.rootAgentId).map((h) => h.to),
    ]);
    const onScreen = (a: (typeof doc.agents)[number]) =>
      view.x + a.position.x * view.zoom >= -1 &&
      view.x + (a.position.x + ESTIMATED_NODE.width) * view.zoom <= 1001 &&
      view.y + a.position.y * view.zoom >= -1 &&
      view.y + (a.position.y + ESTIMATED_NODE.height) * view.zoom <= 601;
    for (const agent of doc.agents.filter((a) => framed.has(a.id))) expect(onScreen(agent)).toBe(true);
    expect(doc.agents.filter((a) => !onScreen(a)).length).toBeGreaterThan(400);
  });
});
