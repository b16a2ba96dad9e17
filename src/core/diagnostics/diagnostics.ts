import type { Diagnostic, DiagnosticSeverity } from "./diagnostic-schema";
import { DIAGNOSTIC_CODES, type DiagnosticCode } from "./diagnostic-codes";

/** Where a diagnostic points: nodes, edges and/or a JSON path. */
export interface DiagnosticLocation {
  nodeIds?: readonly string[];
  edgeIds?: readonly string[];
  path?: string;
}

/**
 * Builds a diagnostic with the severity registered for its code, so one code
 * always has one severity wherever it is raised.
 */
export function diagnostic(code: DiagnosticCode, message: string, at: DiagnosticLocation = {}): Diagnostic {
  const result: Diagnostic = {
    code,
    severity: DIAGNOSTIC_CODES[code].severity,
    message,
    nodeIds: unique(at.nodeIds ?? []),
    edgeIds: unique(at.edgeIds ?? []),
  };
  if (at.path !== undefined) result.path = at.path;
  return result;
}

const SEVERITY_RANK: Record<DiagnosticSeverity, number> = { error: 0, warning: 1, info: 2 };

/** Errors first, then warnings, then infos; stable within a severity (rule order, then document order). */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics
    .map((d, i) => ({ d, i }))
    .sort((a, b) => SEVERITY_RANK[a.d.severity] - SEVERITY_RANK[b.d.severity] || a.i - b.i)
    .map(({ d }) => d);
}

/** True when any diagnostic is an error (which blocks the definition). */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

/** Quotes an id or name for a message: `"researcher"`. */
export function q(value: string): string {
  return JSON.stringify(value);
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
