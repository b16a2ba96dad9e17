import { describe, expect, it } from "vitest";

import { diffDocuments, isEmptyDiff } from "./diff-documents";
import { graphDocumentSchema, type GraphDocument, type GraphDocumentInput } from "./schema";

function doc(overrides: Partial<GraphDocumentInput> = {}): GraphDocument {
  return graphDocumentSchema.parse({
    schemaVersion: 1,
    name: "Team",
    rootAgentId: "main",
    agents: [
      { id: "main", name: "Main", modelChain: [{ provider: "scripted", model: "m1" }] },
      { id: "writer", name: "Writer", description: "Writes." },
    ],
    handoffs: [{ id: "e1", from: "main", to: "writer" }],
    ...overrides,
  });
}

describe("diffDocuments", () => {
  it("finds nothing between equal documents, even when one spells out the defaults", () => {
    const a = doc();
    const b = graphDocumentSchema.parse(JSON.parse(JSON.stringify(a)));
    const diff = diffDocuments(a, b);
    expect(isEmptyDiff(diff)).toBe(true);
    expect(diff.layout).toEqual({ movedAgentIds: [], viewportChanged: false });
  });

  it("reports added, removed and changed agents with field paths", () => {
    const before = doc();
    const after = doc({
      agents: [
        { id: "main", name: "Main", maxSteps: 20, modelChain: [{ provider: "scripted", model: "m2" }] },
        { id: "critic", name: "Critic" },
      ],
      handoffs: [],
    });
    const diff = diffDocuments(before, after);
    expect(diff.agents).toEqual([
      {
        id: "main",
        name: "Main",
        change: "changed",
        fields: [
          { path: "modelChain[0].model", before: "m1", after: "m2" },
          { path: "maxSteps", before: 10, after: 20 },
        ],
      },
      { id: "critic", name: "Critic", change: "added", fields: [] },
      { id: "writer", name: "Writer", change: "removed", fields: [] },
    ]);
    expect(diff.edges).toEqual([{ id: "e1", name: "main → writer", change: "removed", fields: [] }]);
  });

  it("reports a model chain that grew as the new entry, with null before", () => {
    const after = doc({
      agents: [
        {
          id: "main",
          name: "Main",
          modelChain: [
            { provider: "scripted", model: "m1" },
            { provider: "openai", model: "gpt-4o-mini" },
          ],
        },
        { id: "writer", name: "Writer", description: "Writes." },
      ],
    });
    const fields = diffDocuments(doc(), after).agents[0]?.fields;
    expect(fields?.map((f) => f.path)).toEqual(["modelChain[1]"]);
    expect(fields?.[0]?.before).toBeNull();
  });

  it("reports changed edge fields by nested path, naming the edge by its tool name", () => {
    const after = doc({
      handoffs: [{ id: "e1", from: "main", to: "writer", toolName: "write", execution: { mode: "background" } }],
    });
    expect(diffDocuments(doc(), after).edges).toEqual([
      {
        id: "e1",
        name: "write",
        change: "changed",
        fields: [
          { path: "execution.mode", before: "sync", after: "background" },
          { path: "toolName", before: null, after: "write" },
        ],
      },
    ]);
  });

  it("reports settings and graph-level fields apart", () => {
    const after = doc({ name: "Renamed", settings: { maxSpawnDepth: 2, budgets: { maxSteps: 50 } } });
    const diff = diffDocuments(doc(), after);
    expect(diff.graph).toEqual([{ path: "name", before: "Team", after: "Renamed" }]);
    expect(diff.settings).toEqual([
      { path: "maxSpawnDepth", before: 1, after: 2 },
      { path: "budgets.maxSteps", before: null, after: 50 },
    ]);
  });

  it("lists moved agents and viewport changes as layout only, not as changes", () => {
    const after = doc({
      agents: [
        { id: "main", name: "Main", modelChain: [{ provider: "scripted", model: "m1" }], position: { x: 5, y: 9 } },
        { id: "writer", name: "Writer", description: "Writes." },
      ],
      ui: { viewport: { x: 1, y: 2, zoom: 1.5 } },
    });
    const diff = diffDocuments(doc(), after);
    expect(isEmptyDiff(diff)).toBe(true);
    expect(diff.agents).toEqual([]);
    expect(diff.layout).toEqual({ movedAgentIds: ["main"], viewportChanged: true });
  });

  it("treats reordered graph tools as no change but a changed tool as one", () => {
    const tools = [
      { name: "search", kind: "http" as const },
      { name: "crm", kind: "mcp" as const },
    ];
    const reordered = diffDocuments(doc({ tools }), doc({ tools: [...tools].reverse() }));
    expect(reordered.graph).toEqual([]);
    const changed = diffDocuments(doc({ tools }), doc({ tools: [tools[0]!, { name: "crm", kind: "http" }] }));
    expect(changed.graph).toEqual([{ path: "tools.crm.kind", before: "mcp", after: "http" }]);
  });
});
