import { readFileSync } from "node:fs";
import path from "node:path";

import { beforeEach, describe, expect, it } from "vitest";

import { compile } from "@/core/compiler";
import { callerFor, dbSnapshot, expectRefusal, resetWorld } from "@/server/api/testing/api-fixtures";
import { setupTestDatabase } from "@/server/db/test-db";

const db = setupTestDatabase();
const api = () => callerFor(db.prisma);

const EXAMPLES_DIR = path.join(__dirname, "../../../../examples");
const UNKNOWN_ID = "0190c3e2-7f4a-7b1e-9d2c-3a4b5c6d7e8f";

let world: { otherGraphId: string; researchId: string };
beforeEach(async () => {
  world = await resetWorld(db.prisma);
});

/** Saves the draft with a changed maxSteps on the root agent; returns the new revision. */
async function editDraft(graphId: string, maxSteps: number): Promise<number> {
  const graph = await api().graphs.get({ graphId });
  const agents = graph.draft.agents.map((a) => (a.id === graph.draft.rootAgentId ? { ...a, maxSteps } : a));
  return (await api().graphs.updateDraft({ graphId, revision: graph.revision, draft: { ...graph.draft, agents } }))
    .revision;
}

describe("versions.create", () => {
  it("compiles the draft into version 1 with its definition and hash", async () => {
    const created = await api().versions.create({ graphId: world.researchId });
    const draft = (await api().graphs.get({ graphId: world.researchId })).draft;
    const compiled = compile(draft);
    expect(created).toEqual({ version: 1, created: true, contentHash: compiled.hash });

    const stored = await db.prisma.graphVersion.findFirstOrThrow({ where: { graphId: world.researchId } });
    expect(stored).toMatchObject({ version: 1, contentHash: compiled.hash, published: false });
    expect(stored.definition).toEqual(compiled.definition);
    expect(stored.document).toEqual(draft);
    expect((await api().graphs.get({ graphId: world.researchId })).lastVersion).toBe(1);
  });

  it("does not create a version of a draft identical to the latest version", async () => {
    await api().versions.create({ graphId: world.researchId });
    const before = await dbSnapshot(db.prisma);
    const again = await api().versions.create({ graphId: world.researchId });
    expect(again).toMatchObject({ version: 1, created: false });
    expect(await dbSnapshot(db.prisma)).toEqual(before);
  });

  it("creates a new version after a change, and again for a change back", async () => {
    await api().versions.create({ graphId: world.researchId });
    await editDraft(world.researchId, 42);
    expect(await api().versions.create({ graphId: world.researchId })).toMatchObject({ version: 2, created: true });
    await editDraft(world.researchId, 6);
    expect(await api().versions.create({ graphId: world.researchId })).toMatchObject({ version: 3, created: true });
  });

  it("refuses a draft with compile errors, returning the diagnostics and writing nothing", async () => {
    const cycle = JSON.parse(readFileSync(path.join(EXAMPLES_DIR, "broken/cycle.json"), "utf8")) as unknown;
    await api().graphs.updateDraft({ graphId: world.researchId, revision: 1, draft: cycle });
    const error = await expectRefusal(
      db.prisma,
      { path: "versions.create", input: { graphId: world.researchId } },
      "UNPROCESSABLE_CONTENT",
      /does not compile, so no version was created: .*\(and 2 more errors\)\. Fix the errors/,
    );
    expect(error.status).toBe(422);
    expect(error.data.diagnostics?.some((d) => d.severity === "error" && /cycle/i.test(d.code))).toBe(true);
  });

  it("refuses an unknown graph, another workspace's graph and a malformed id", async () => {
    await expectRefusal(
      db.prisma,
      { path: "versions.create", input: { graphId: UNKNOWN_ID } },
      "NOT_FOUND",
      new RegExp(UNKNOWN_ID),
    );
    await expectRefusal(db.prisma, { path: "versions.create", input: { graphId: world.otherGraphId } }, "NOT_FOUND");
    await expectRefusal(
      db.prisma,
      { path: "versions.create", input: { graphId: "1" } },
      "BAD_REQUEST",
      /input\.graphId/,
    );
  });
});

describe("versions.list and versions.get", () => {
  it("lists versions newest first with agent counts and reads one back with document and definition", async () => {
    await api().versions.create({ graphId: world.researchId });
    await editDraft(world.researchId, 42);
    await api().versions.create({ graphId: world.researchId });

    const list = await api().versions.list({ graphId: world.researchId });
    expect(list.map((v) => [v.version, v.agentCount, v.published, v.publishedAt])).toEqual([
      [2, 4, false, null],
      [1, 4, false, null],
    ]);
    expect(new Date(list[0]!.createdAt).toISOString()).toBe(list[0]!.createdAt);

    const v1 = await api().versions.get({ graphId: world.researchId, version: 1 });
    expect(v1.document.agents.find((a) => a.id === "lead")?.maxSteps).toBe(6);
    expect(v1.definition).toEqual(compile(v1.document).definition);
    expect(v1.contentHash).toBe(list[1]!.contentHash);
  });

  it("keeps versions immutable: later drafts, restores and publishes never change a version's content", async () => {
    await api().versions.create({ graphId: world.researchId });
    const original = await db.prisma.graphVersion.findFirstOrThrow({
      where: { graphId: world.researchId, version: 1 },
    });
    const revision = await editDraft(world.researchId, 99);
    await api().versions.create({ graphId: world.researchId });
    await api().versions.publish({ graphId: world.researchId, version: 1 });
    await api().versions.restore({ graphId: world.researchId, version: 2, revision });
    const after = await db.prisma.graphVersion.findFirstOrThrow({ where: { graphId: world.researchId, version: 1 } });
    expect({ ...after, published: false, publishedAt: null }).toEqual(original);
  });

  it("refuses an unknown version naming it, and versions of another workspace's graph", async () => {
    await expectRefusal(
      db.prisma,
      { path: "versions.get", input: { graphId: world.researchId, version: 7 }, kind: "query" },
      "NOT_FOUND",
      /has no version 7/,
    );
    await expectRefusal(
      db.prisma,
      { path: "versions.list", input: { graphId: world.otherGraphId }, kind: "query" },
      "NOT_FOUND",
    );
    await expectRefusal(
      db.prisma,
      { path: "versions.get", input: { graphId: world.researchId, version: 0 }, kind: "query" },
      "BAD_REQUEST",
      /input\.version: version numbers start at 1/,
    );
    await expectRefusal(
      db.prisma,
      { path: "versions.get", input: { graphId: world.researchId, version: 1.5 }, kind: "query" },
      "BAD_REQUEST",
      /input\.version/,
    );
  });
});

describe("versions.diff", () => {
  it("diffs two versions and a version against the draft", async () => {
    await api().versions.create({ graphId: world.researchId });
    await editDraft(world.researchId, 42);
    await api().versions.create({ graphId: world.researchId });

    const diff = await api().versions.diff({ graphId: world.researchId, from: 1, to: 2 });
    expect(diff.agents).toEqual([
      { id: "lead", name: "Lead researcher", change: "changed", fields: [{ path: "maxSteps", before: 6, after: 42 }] },
    ]);
    expect(diff.edges).toEqual([]);

    const graph = await api().graphs.get({ graphId: world.researchId });
    const draft = {
      ...graph.draft,
      agents: graph.draft.agents.filter((a) => a.id !== "critic"),
      handoffs: graph.draft.handoffs.filter((h) => h.to !== "critic"),
    };
    await api().graphs.updateDraft({ graphId: world.researchId, revision: graph.revision, draft });
    const toDraft = await api().versions.diff({ graphId: world.researchId, from: 2, to: "draft" });
    expect(toDraft.agents).toEqual([{ id: "critic", name: "Critic", change: "removed", fields: [] }]);
    expect(toDraft.edges.map((e) => e.change)).toEqual(["removed"]);
  });

  it("refuses an unknown version and a bad `to`", async () => {
    await api().versions.create({ graphId: world.researchId });
    await expectRefusal(
      db.prisma,
      { path: "versions.diff", input: { graphId: world.researchId, from: 1, to: 5 }, kind: "query" },
      "NOT_FOUND",
      /has no version 5/,
    );
    await expectRefusal(
      db.prisma,
      { path: "versions.diff", input: { graphId: world.researchId, from: 1, to: "latest" }, kind: "query" },
      "BAD_REQUEST",
      /input\.to/,
    );
  });
});

describe("versions.publish", () => {
  it("keeps exactly one published version per graph", async () => {
    await api().versions.create({ graphId: world.researchId });
    await editDraft(world.researchId, 42);
    await api().versions.create({ graphId: world.researchId });

    const first = await api().versions.publish({ graphId: world.researchId, version: 1 });
    expect(first).toMatchObject({ version: 1, published: true, publishedAt: expect.any(String) });
    expect((await api().graphs.get({ graphId: world.researchId })).publishedVersion).toBe(1);

    await api().versions.publish({ graphId: world.researchId, version: 2 });
    const list = await api().versions.list({ graphId: world.researchId });
    expect(list.map((v) => [v.version, v.published])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(list[1]!.publishedAt).toBeNull();
    expect((await api().graphs.get({ graphId: world.researchId })).publishedVersion).toBe(2);
  });

  it("leaves one published version when two publishes race", async () => {
    await api().versions.create({ graphId: world.researchId });
    await editDraft(world.researchId, 42);
    await api().versions.create({ graphId: world.researchId });
    await Promise.all([
      api().versions.publish({ graphId: world.researchId, version: 1 }),
      api().versions.publish({ graphId: world.researchId, version: 2 }),
    ]);
    expect(await db.prisma.graphVersion.count({ where: { graphId: world.researchId, published: true } })).toBe(1);
  });

  it("refuses an unknown version and another workspace's graph, changing nothing", async () => {
    await api().versions.create({ graphId: world.researchId });
    await api().versions.publish({ graphId: world.researchId, version: 1 });
    await expectRefusal(
      db.prisma,
      { path: "versions.publish", input: { graphId: world.researchId, version: 3 } },
      "NOT_FOUND",
      /has no version 3/,
    );
    await expectRefusal(
      db.prisma,
      { path: "versions.publish", input: { graphId: world.otherGraphId, version: 1 } },
      "NOT_FOUND",
    );
  });
});

describe("versions.restore", () => {
  it("makes a version's document the draft as a new revision", async () => {
    await api().versions.create({ graphId: world.researchId });
    const revision = await editDraft(world.researchId, 42);
    const restored = await api().versions.restore({ graphId: world.researchId, version: 1, revision });
    expect(restored).toEqual({ revision: revision + 1 });
    const graph = await api().graphs.get({ graphId: world.researchId });
    expect(graph.draft).toEqual((await api().versions.get({ graphId: world.researchId, version: 1 })).document);
    expect(graph.revision).toBe(revision + 1);
    // The restored draft is the latest version again: no new version for it.
    expect(await api().versions.create({ graphId: world.researchId })).toMatchObject({ version: 1, created: false });
  });

  it("refuses a stale revision with CONFLICT and an unknown version with NOT_FOUND, changing nothing", async () => {
    await api().versions.create({ graphId: world.researchId });
    await editDraft(world.researchId, 42);
    const error = await expectRefusal(
      db.prisma,
      { path: "versions.restore", input: { graphId: world.researchId, version: 1, revision: 1 } },
      "CONFLICT",
      /revision 2/,
    );
    expect(error.data.currentRevision).toBe(2);
    await expectRefusal(
      db.prisma,
      { path: "versions.restore", input: { graphId: world.researchId, version: 9, revision: 2 } },
      "NOT_FOUND",
    );
    await expectRefusal(
      db.prisma,
      { path: "versions.restore", input: { graphId: world.researchId, version: 1 } },
      "BAD_REQUEST",
      /input\.revision/,
    );
  });
});
