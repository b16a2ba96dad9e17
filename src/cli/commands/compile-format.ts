import type { Diagnostic } from "@/core/compiler";

/**
 * One diagnostic as a readable line:
 * `error cycle [nodes a,b edges a-b,b-a]: handoff edges form a cycle: a → b → a`.
 * The JSON path of schema errors is already at the start of their message.
 */
export function formatDiagnostic(d: Diagnostic): string {
  const where = [
    d.nodeIds.length > 0 ? `nodes ${d.nodeIds.join(",")}` : "",
    d.edgeIds.length > 0 ? `edges ${d.edgeIds.join(",")}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return `${d.severity} ${d.code}${where ? ` [${where}]` : ""}: ${d.message}`;
}

/** All diagnostics, one a line, then a count (`2 errors, 1 warning`); empty when there are none. */
export function formatDiagnostics(diagnostics: readonly Diagnostic[]): string {
  if (diagnostics.length === 0) return "";
  return `${diagnostics.map(formatDiagnostic).join("\n")}\n${summarize(diagnostics)}\n`;
}

export function summarize(diagnostics: readonly Diagnostic[]): string {
  const count = (severity: Diagnostic["severity"]) => diagnostics.filter((d) => d.severity === severity).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const parts = [plural(count("error"), "error"), plural(count("warning"), "warning")];
  const infos = count("info");
  if (infos > 0) parts.push(plural(infos, "info"));
  return parts.join(", ");
}
