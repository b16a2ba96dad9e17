"use client";

import type { CompileResult } from "@/core/compiler";
import type { GraphDocument } from "@/core/graph/schema";

import type { DocumentChange, Selection } from "../selection";

export interface InspectorPanelProps {
  document: GraphDocument;
  selection: Selection;
  /** The browser-side compile of `document` (null while the first compile runs). */
  compiled: CompileResult | null;
  onChange: DocumentChange<GraphDocument>;
  /** Select another agent/edge (e.g. a link from the edge panel to its child). */
  onSelect: (selection: Selection) => void;
}

/** The side panel for the selection. (Placeholder until the panels land.) */
export function InspectorPanel({ selection }: InspectorPanelProps) {
  return <aside aria-label="Inspector">{selection.kind}</aside>;
}
