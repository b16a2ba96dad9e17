import { describe, expect, it } from "vitest";

import { graphDocumentSchema } from "@/core/graph/schema";

import { differsOnlyInView, sameViewport, savedViewport, withViewport } from "./viewport";

const doc = graphDocumentSchema.parse({
  schemaVersion: 1,
  name: "G",
  rootAgentId: "a",
  agents: [{ id: "a", name: "A" }],
});

describe("viewport helpers", () => {
  it("rounds a viewport worth saving and refuses a broken one", () => {
    expect(savedViewport({ x: 12.345, y: -0.04, zoom: 0.123456 })).toEqual({ x: 12.3, y: -0, zoom: 0.1235 });
    expect(savedViewport({ x: Number.NaN, y: 0, zoom: 1 })).toBeNull();
    expect(savedViewport({ x: 0, y: 0, zoom: 0 })).toBeNull();
  });

  it("compares with a tolerance", () => {
    expect(sameViewport({ x: 1, y: 2, zoom: 1 }, { x: 1.05, y: 2, zoom: 1 })).toBe(true);
    expect(sameViewport({ x: 1, y: 2, zoom: 1 }, { x: 2, y: 2, zoom: 1 })).toBe(false);
    expect(sameViewport(undefined, { x: 1, y: 2, zoom: 1 })).toBe(false);
  });

  it("sets, keeps and removes the saved viewport, and stays schema-valid", () => {
    const set = withViewport(doc, { x: 1, y: 2, zoom: 0.5 });
    expect(graphDocumentSchema.parse(set).ui?.viewport).toEqual({ x: 1, y: 2, zoom: 0.5 });
    expect(withViewport(set, { x: 1, y: 2, zoom: 0.5 })).toBe(set);
    expect(withViewport(set, undefined).ui).toEqual({});
    expect(withViewport(doc, undefined)).toBe(doc);
  });
});

describe("differsOnlyInView", () => {
  it("is true only when nothing but ui changed", () => {
    const moved = withViewport(doc, { x: 1, y: 2, zoom: 0.5 });
    expect(differsOnlyInView(doc, moved)).toBe(true);
    expect(differsOnlyInView(doc, doc)).toBe(true);
    expect(differsOnlyInView(doc, { ...moved, name: "Other" })).toBe(false);
    expect(differsOnlyInView(doc, { ...doc, agents: [...doc.agents] })).toBe(false);
  });
});
