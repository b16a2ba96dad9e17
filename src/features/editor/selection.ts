/**
 * What the editor has selected: the graph itself (nothing on the canvas), one
 * agent node or one handoff edge. Side panels, the canvas and the diagnostics
 * panel all speak this type.
 */
export type Selection = { kind: "graph" } | { kind: "agent"; id: string } | { kind: "edge"; id: string };

/** A change to the document, with a short label for the undo history ("Rename agent"). */
export type DocumentChange<Doc> = (next: Doc, label: string) => void;
