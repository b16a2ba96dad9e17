import { savedViewport, type SavedViewport } from "../store/viewport";

/**
 * Where this browser last looked at a graph. A pan or zoom is kept here at
 * once (and in the draft only with the next edit, so looking around never
 * bumps the revision and never gives another tab a conflict): the graph
 * reopens where the person left it.
 */
const key = (graphId: string) => `ags:editor-viewport:${graphId}`;

export function readLocalViewport(graphId: string): SavedViewport | null {
  try {
    const raw = window.localStorage.getItem(key(graphId));
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { x, y, zoom } = value as Record<string, unknown>;
    if (typeof x !== "number" || typeof y !== "number" || typeof zoom !== "number") return null;
    return savedViewport({ x, y, zoom });
  } catch {
    return null; // storage disabled or a damaged entry: fall back to the draft's view
  }
}

export function writeLocalViewport(graphId: string, viewport: SavedViewport): void {
  try {
    window.localStorage.setItem(key(graphId), JSON.stringify(viewport));
  } catch {
    // Storage full or disabled: the view is still saved with the next edit.
  }
}
