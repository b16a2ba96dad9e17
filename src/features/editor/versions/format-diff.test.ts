import { describe, expect, it } from "vitest";

import type { DocumentDiff } from "@/core/graph/diff-documents";

import { formatDiffValue, fullDiffValue, summarizeDiff } from "./format-diff";

const EMPTY: DocumentDiff = {
  agents: [],
  edges: [],
  settings: [],
  graph: [],
  layout: { movedAgentIds: [], viewportChanged: false },
};

describe("formatDiffValue", () => {
  it("shows absent values as a dash, strings quoted, and cuts long values", () => {
    expect(formatDiffValue(null)).toBe("—");
    expect(formatDiffValue("sync")).toBe('"sync"');
    expect(formatDiffValue(3)).toBe("3");
    expect(formatDiffValue(["a", "b"])).toBe('["a","b"]');
    const long = formatDiffValue("x".repeat(200));
    expect(long).toHaveLength(80);
    expect(long.endsWith("…")).toBe(true);
    expect(fullDiffValue(undefined)).toBe("absent");
  });
});

describe("summarizeDiff", () => {
  it("counts what changed, tells layout-only apart from nothing", () => {
    expect(summarizeDiff(EMPTY)).toBe("No changes");
    expect(summarizeDiff({ ...EMPTY, layout: { movedAgentIds: ["a", "b"], viewportChanged: false } })).toBe(
      "Layout only: 2 agents moved",
    );
    expect(
      summarizeDiff({
        ...EMPTY,
        agents: [{ id: "a", name: "A", change: "added", fields: [] }],
        settings: [
          { path: "x", before: 1, after: 2 },
          { path: "y", before: 1, after: 2 },
        ],
      }),
    ).toBe("1 agent, 2 settings changed");
  });
});
