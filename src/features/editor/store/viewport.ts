import type { GraphDocument } from "@/core/graph/schema";

/** Where the canvas looks, as saved in `document.ui.viewport`. */
export type SavedViewport = NonNullable<NonNullable<GraphDocument["ui"]>["viewport"]>;

/** Pans below a tenth of a pixel and zooms below 1/10000 are no change (rounding noise). */
export function sameViewport(a: SavedViewport | undefined, b: SavedViewport | undefined): boolean {
  if (!a || !b) return a === b;
  return Math.abs(a.x - b.x) < 0.1 && Math.abs(a.y - b.y) < 0.1 && Math.abs(a.zoom - b.zoom) < 1e-4;
}

/** A viewport worth saving: finite, rounded (x, y to 0.1 px; zoom to 1e-4), zoom positive; else null. */
export function savedViewport(viewport: { x: number; y: number; zoom: number }): SavedViewport | null {
  const { x, y, zoom } = viewport;
  if (![x, y, zoom].every(Number.isFinite) || zoom <= 0) return null;
  return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10, zoom: Math.max(Math.round(zoom * 1e4) / 1e4, 1e-4) };
}

/**
 * The document with `viewport` saved in `ui` (removed when undefined); the
 * same document when it already holds that viewport.
 */
export function withViewport(document: GraphDocument, viewport: SavedViewport | undefined): GraphDocument {
  const current = document.ui?.viewport;
  if (current === viewport || (current && viewport && sameViewport(current, viewport))) return document;
  if (!viewport) {
    const { viewport: _drop, ...rest } = document.ui ?? {};
    return { ...document, ui: rest };
  }
  return { ...document, ui: { ...document.ui, viewport } };
}

/** True when `b` is `a` with at most its `ui` (the saved viewport) changed: nothing the compiler reads differs. */
export function differsOnlyInView(a: GraphDocument, b: GraphDocument): boolean {
  if (a === b) return true;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete("ui");
  for (const key of keys) {
    if (a[key as keyof GraphDocument] !== b[key as keyof GraphDocument]) return false;
  }
  return true;
}
