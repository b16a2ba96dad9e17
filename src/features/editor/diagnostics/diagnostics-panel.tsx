"use client";

import type { CompileResult } from "@/core/compiler";
import type { GraphDocument } from "@/core/graph/schema";

import type { Selection } from "../selection";

export interface DiagnosticsPanelProps {
  document: GraphDocument;
  compiled: CompileResult | null;
  /** Select and focus the offending agent/edge. */
  onFocus: (selection: Selection) => void;
}

/** Compiler diagnostics and static-analysis findings. (Placeholder until it lands.) */
export function DiagnosticsPanel({ compiled }: DiagnosticsPanelProps) {
  return <section aria-label="Problems">{compiled?.diagnostics.length ?? 0}</section>;
}
