import { checkDocument, type DocumentCheck, type StaticAnalysis } from "@/core/analysis";
import type { CompileResult, Diagnostic, DiagnosticSeverity } from "@/core/compiler";
import type { KnownTool } from "@/core/compiler/options";
import type { GraphDocument } from "@/core/graph/schema";
import type { PriceTable } from "@/core/models/pricing";

import type { Selection } from "../selection";

/** One row of the Problems panel: a compiler diagnostic or a static-analysis finding. */
export interface Problem {
  /** Stable within one list (code + index), for React keys. */
  key: string;
  diagnostic: Diagnostic;
  /** True for static-analysis findings (src/core/analysis), false for compiler diagnostics. */
  finding: boolean;
  /** What clicking it selects: the first agent it names, else its first edge, else the graph settings. */
  target: Selection;
  /** How people see the target: the agent's name (`Alpha and 2 more` when it names several), `Parent → Child` for an edge, or `Graph settings`. */
  targetLabel: string;
}

export interface ProblemList {
  problems: Problem[];
  counts: Record<DiagnosticSeverity, number>;
  analysis: StaticAnalysis;
}

/** Badge counts of one agent or edge. */
export interface TargetProblems {
  errors: number;
  warnings: number;
}

/** Key of a badge target: `agent:<id>` or `edge:<id>`. */
export type ProblemTargetKey = `agent:${string}` | `edge:${string}`;

/** Checks per known-tools array (the catalog's, or none yet), then per price table (or the defaults), then per document. */
const checks = new WeakMap<object, WeakMap<object, WeakMap<GraphDocument, DocumentCheck>>>();
const NO_CATALOG: readonly KnownTool[] = [];
const DEFAULT_PRICES = {};
let currentKnownTools: readonly KnownTool[] | undefined;
let currentPriceTable: PriceTable | undefined;

/**
 * The workspace catalog's tools every later check knows (the editor sets
 * them when `tools.catalog` arrives); an allow-list naming one of them is
 * then no `unknown_tool`. Pass the same array for the same catalog.
 */
export function setKnownTools(knownTools: readonly KnownTool[] | undefined): void {
  currentKnownTools = knownTools;
}

/**
 * The workspace's price table every later check prices with (the editor
 * sets it when `prices.list` arrives): the worst-case cost and the budget
 * findings then use the workspace's prices, not the core's defaults. Pass
 * the same array for the same table.
 */
export function setPriceTable(priceTable: PriceTable | undefined): void {
  currentPriceTable = priceTable;
}

/**
 * `checkDocument(document)` — the compiler's diagnostics, the static
 * analysis's findings and the worst-case cost from one analysis, priced
 * from the price table set by `setPriceTable` — computed once per document object (the editor's store replaces the document on every
 * change), so the panel and the canvas badges share one run.
 */
export function documentCheckOf(document: GraphDocument): DocumentCheck {
  const toolsKey = currentKnownTools ?? NO_CATALOG;
  let byPrices = checks.get(toolsKey);
  if (!byPrices) checks.set(toolsKey, (byPrices = new WeakMap()));
  const pricesKey = currentPriceTable ?? DEFAULT_PRICES;
  let byDocument = byPrices.get(pricesKey);
  if (!byDocument) byPrices.set(pricesKey, (byDocument = new WeakMap()));
  let check = byDocument.get(document);
  if (!check) {
    check = checkDocument(document, {
      ...(currentKnownTools && { knownTools: currentKnownTools }),
      ...(currentPriceTable && { priceTable: currentPriceTable }),
    });
    byDocument.set(document, check);
  }
  return check;
}

/** The static analysis of a document (findings and worst-case cost), from `documentCheckOf`. */
export function staticAnalysisOf(document: GraphDocument): StaticAnalysis {
  const { findings, cost } = documentCheckOf(document);
  return { findings, cost };
}

/**
 * The compiler's diagnostics: those of `compiled` when the editor has a
 * compile result, else the same list from `checkDocument` (no definition or
 * hash built: fast enough for every keystroke on 500 agents).
 */
export function compilerDiagnosticsOf(document: GraphDocument, compiled: CompileResult | null): Diagnostic[] {
  return compiled ? compiled.diagnostics : documentCheckOf(document).diagnostics;
}

/** The agent a diagnostic names first, else its first edge, else the graph. */
export function targetOf(diagnostic: Diagnostic): Selection {
  if (diagnostic.nodeIds.length > 0) return { kind: "agent", id: diagnostic.nodeIds[0] };
  if (diagnostic.edgeIds.length > 0) return { kind: "edge", id: diagnostic.edgeIds[0] };
  return { kind: "graph" };
}

const RANK: Record<DiagnosticSeverity, number> = { error: 0, warning: 1, info: 2 };

/** Compiler diagnostics and static-analysis findings together, errors first, then warnings, then infos. */
export function collectProblems(document: GraphDocument, compiled: CompileResult | null): ProblemList {
  const analysis = staticAnalysisOf(document);
  const names = new Map(document.agents.map((a) => [a.id, a.name]));
  const edges = new Map(document.handoffs.map((e) => [e.id, e]));
  const label = (target: Selection) => {
    if (target.kind === "agent") return names.get(target.id) ?? target.id;
    if (target.kind === "edge") {
      const edge = edges.get(target.id);
      return edge ? `${names.get(edge.from) ?? edge.from} → ${names.get(edge.to) ?? edge.to}` : target.id;
    }
    return "Graph settings";
  };
  const all = [
    ...compilerDiagnosticsOf(document, compiled).map((diagnostic) => ({ diagnostic, finding: false })),
    ...analysis.findings.map((diagnostic) => ({ diagnostic, finding: true })),
  ];
  const problems = all
    .map((entry, i) => ({ ...entry, i }))
    .sort((a, b) => RANK[a.diagnostic.severity] - RANK[b.diagnostic.severity] || a.i - b.i)
    .map(({ diagnostic, finding, i }) => {
      const target = targetOf(diagnostic);
      const others = target.kind === "agent" ? diagnostic.nodeIds.length - 1 : 0;
      const targetLabel = label(target) + (others > 0 ? ` and ${others} more` : "");
      return { key: `${diagnostic.code}:${i}`, diagnostic, finding, target, targetLabel };
    });
  const counts: Record<DiagnosticSeverity, number> = { error: 0, warning: 0, info: 0 };
  for (const p of problems) counts[p.diagnostic.severity]++;
  return { problems, counts, analysis };
}

/**
 * Errors and warnings per agent and per edge, for the canvas badges: every
 * agent and edge a diagnostic or finding names counts it (infos do not).
 */
export function problemsByTarget(
  document: GraphDocument,
  compiled: CompileResult | null,
): Map<ProblemTargetKey, TargetProblems> {
  const result = new Map<ProblemTargetKey, TargetProblems>();
  const add = (key: ProblemTargetKey, severity: DiagnosticSeverity) => {
    let entry = result.get(key);
    if (!entry) result.set(key, (entry = { errors: 0, warnings: 0 }));
    if (severity === "error") entry.errors++;
    else entry.warnings++;
  };
  const diagnostics = [...compilerDiagnosticsOf(document, compiled), ...staticAnalysisOf(document).findings];
  for (const d of diagnostics) {
    if (d.severity === "info") continue;
    for (const id of new Set(d.nodeIds)) add(`agent:${id}`, d.severity);
    for (const id of new Set(d.edgeIds)) add(`edge:${id}`, d.severity);
  }
  return result;
}

/** `$0.42`, `$1,234.50`, `<$0.01`, or `unknown` for null (a missing price is never shown as free). */
export function formatUsd(value: number | null): string {
  if (value === null) return "unknown";
  if (value === 0) return "$0";
  if (value < 0.01) return "<$0.01";
  if (value >= 1e9) return `$${value.toExponential(2)}`;
  return `$${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** `1,234` or `1.2e+12` for the very large counts a deep graph reaches. */
export function formatCount(value: number): string {
  return value >= 1e12 ? value.toExponential(1) : Math.round(value).toLocaleString("en-US");
}
