/**
 * Text for the versions drawer's diff: short renderings of changed values
 * and a one-line summary of a whole diff.
 */
import type { DocumentDiff } from "@/core/graph/diff-documents";

/** Longest value shown inline; longer ones are cut with an ellipsis (the full text is in the tooltip). */
const MAX_VALUE_CHARS = 80;

/** A changed value as short text: "—" for absent, strings quoted, JSON otherwise. */
export function formatDiffValue(value: unknown, max = MAX_VALUE_CHARS): string {
  if (value === null || value === undefined) return "—";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The full value, for a tooltip. */
export function fullDiffValue(value: unknown): string {
  if (value === null || value === undefined) return "absent";
  return JSON.stringify(value, null, 2) ?? String(value);
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** What a summary needs of a diff (a diff as it crossed the wire fits too). */
type DiffShape = { [K in "agents" | "edges" | "settings" | "graph"]: readonly unknown[] } & Pick<
  DocumentDiff,
  "layout"
>;

/** "2 agents, 1 edge, 1 setting changed" / "No changes" / "Layout only: 3 agents moved". */
export function summarizeDiff(diff: DiffShape): string {
  const parts: string[] = [];
  if (diff.agents.length > 0) parts.push(plural(diff.agents.length, "agent"));
  if (diff.edges.length > 0) parts.push(plural(diff.edges.length, "edge"));
  if (diff.settings.length > 0) parts.push(plural(diff.settings.length, "setting"));
  if (diff.graph.length > 0) parts.push(plural(diff.graph.length, "graph field"));
  if (parts.length > 0) return `${parts.join(", ")} changed`;
  const moved = diff.layout.movedAgentIds.length;
  if (moved > 0 || diff.layout.viewportChanged)
    return moved > 0 ? `Layout only: ${plural(moved, "agent")} moved` : "Layout only: the view changed";
  return "No changes";
}
