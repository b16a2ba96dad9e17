import { describe, expect, it } from "vitest";
import { GRAPH_MIGRATIONS, migrateGraphDocument, type GraphMigration } from "./migrate";
import { parseGraphDocument } from "./parse";

/** A made-up v0 format: `nodes`/`edges`/`root`, as a pre-release might have written it. */
const v0Document = {
  schemaVersion: 0,
  title: "Old graph",
  root: "main",
  nodes: [
    { id: "main", label: "Main" },
    { id: "helper", label: "Helper", about: "Helps." },
  ],
  edges: [{ id: "e1", source: "main", target: "helper" }],
};

const fakeV0Migration: GraphMigration = {
  from: 0,
  description: "renamed nodes/edges/root to agents/handoffs/rootAgentId",
  migrate: (doc) => ({
    schemaVersion: 0,
    name: doc.title,
    rootAgentId: doc.root,
    agents: (doc.nodes as { id: string; label: string; about?: string }[]).map((n) => ({
      id: n.id,
      name: n.label,
      description: n.about ?? "",
    })),
    handoffs: (doc.edges as { id: string; source: string; target: string }[]).map((e) => ({
      id: e.id,
      from: e.source,
      to: e.target,
    })),
  }),
};

describe("migrateGraphDocument", () => {
  it("has no migrations yet: v1 is the first format", () => {
    expect(GRAPH_MIGRATIONS).toEqual([]);
  });

  it("passes a current document through untouched", () => {
    const doc = { schemaVersion: 1, name: "x" };
    const result = migrateGraphDocument(doc);
    expect(result).toEqual({ ok: true, document: doc, migratedFrom: null, diagnostics: [] });
  });

  it("runs a registered migration and the result parses with the current schema", () => {
    const result = parseGraphDocument(v0Document, { migrations: [fakeV0Migration] });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.migratedFrom).toBe(0);
    expect(result.document.agents.map((a) => a.name)).toEqual(["Main", "Helper"]);
    expect(result.document.handoffs[0]).toMatchObject({ from: "main", to: "helper" });
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: "document_migrated", severity: "info" })]);
    expect(result.diagnostics[0].message).toContain("renamed nodes/edges/root");
  });

  it("chains migrations v0 → v1 → v2 when the current version is 2", () => {
    const toV2: GraphMigration = { from: 1, description: "added tags", migrate: (doc) => ({ ...doc, tags: [] }) };
    const result = migrateGraphDocument(v0Document, { migrations: [fakeV0Migration, toV2], currentVersion: 2 });
    expect(result.ok && result.document).toMatchObject({ schemaVersion: 2, tags: [], name: "Old graph" });
  });

  it("does not change the caller's object", () => {
    const input = structuredClone(v0Document);
    migrateGraphDocument(input, { migrations: [fakeV0Migration] });
    expect(input).toEqual(v0Document);
  });

  it("explains a missing schemaVersion", () => {
    const result = migrateGraphDocument({ name: "x" });
    expect(result).toMatchObject({
      ok: false,
      diagnostics: [{ code: "missing_schema_version", path: "schemaVersion" }],
    });
  });

  it.each([["1"], [1.5], [-1], [null]])("rejects a schemaVersion of %j", (version) => {
    const result = migrateGraphDocument({ schemaVersion: version });
    expect(result).toMatchObject({ ok: false, diagnostics: [{ code: "invalid_schema_version" }] });
  });

  it("refuses a future version with a hint to upgrade", () => {
    const result = migrateGraphDocument({ schemaVersion: 7 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.diagnostics[0].code).toBe("unsupported_schema_version");
    expect(result.diagnostics[0].message).toMatch(/version 7.*up to 1.*newer build/);
  });

  it("refuses an old version with no migration path", () => {
    const result = migrateGraphDocument({ schemaVersion: 0 });
    expect(result).toMatchObject({ ok: false, diagnostics: [{ code: "unsupported_schema_version" }] });
    if (!result.ok) expect(result.diagnostics[0].message).toContain("no migration from version 0");
  });

  it("reports a migration that throws", () => {
    const broken: GraphMigration = {
      from: 0,
      description: "broken",
      migrate: () => {
        throw new Error("nodes missing");
      },
    };
    const result = migrateGraphDocument({ schemaVersion: 0 }, { migrations: [broken] });
    expect(result).toMatchObject({ ok: false, diagnostics: [{ code: "migration_failed" }] });
    if (!result.ok) expect(result.diagnostics[0].message).toContain("nodes missing");
  });

  it.each([[null], [[1, 2]], [42], ["text"]])("rejects %j as not a document object", (value) => {
    expect(migrateGraphDocument(value)).toMatchObject({ ok: false, diagnostics: [{ code: "invalid_document" }] });
  });
});
