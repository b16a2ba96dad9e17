/** Number formatting and a plain-text table for the report. */

export function fmtMs(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms)) return "—";
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 100) return `${ms.toFixed(0)} ms`;
  if (ms >= 1) return `${ms.toFixed(2)} ms`;
  return `${(ms * 1000).toFixed(0)} µs`;
}

export function fmtUs(us: number | null | undefined): string {
  if (us == null || !Number.isFinite(us)) return "—";
  return us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(us >= 100 ? 0 : 1)} µs`;
}

export function fmtRatio(x: number | null | undefined, digits = 2): string {
  if (x == null || !Number.isFinite(x)) return "—";
  return x >= 100 ? x.toFixed(0) : x.toFixed(digits);
}

export function fmtMb(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes)) return "—";
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

export function fmtInt(x: number | null | undefined): string {
  if (x == null || !Number.isFinite(x)) return "—";
  return Math.round(x).toLocaleString("en-US");
}

let tableStyle: "text" | "markdown" = "text";

/**
 * Renders the report's tables as Markdown while `fn` runs (for the results
 * .md file that bench/README.md quotes), then back to aligned text.
 */
export function asMarkdown<T>(fn: () => T): T {
  tableStyle = "markdown";
  try {
    return fn();
  } finally {
    tableStyle = "text";
  }
}

/** Renders rows as an aligned text table, or a Markdown table inside `asMarkdown` (first row = header). */
export function table(rows: string[][]): string {
  if (tableStyle === "markdown") {
    const line = (r: string[]) => `| ${r.map((cell) => cell.replace(/\|/g, "\\|")).join(" | ")} |`;
    // Blank lines around it: a title line before or a note after must not run into the table.
    return ["", line(rows[0]), `|${rows[0].map(() => "---").join("|")}|`, ...rows.slice(1).map(line), ""].join("\n");
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => [...(r[c] ?? "")].length)));
  const line = (r: string[]) =>
    r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ");
  const sep = widths.map((w) => "-".repeat(w)).join("  ");
  return [line(rows[0]), sep, ...rows.slice(1).map(line)].join("\n");
}
