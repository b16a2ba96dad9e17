import { beforeAll, describe, expect, it } from "vitest";

import { setupTestDatabase } from "@/server/db/test-db";
import { GraphNotFoundError } from "@/server/errors/graph-not-found-error";
import { GraphRevisionConflictError } from "@/server/errors/graph-revision-conflict-error";
import { GraphRepository } from "./graph-repository";
import { WorkspaceRepository } from "./workspace-repository";

const db = setupTestDatabase();
let graphs: GraphRepository;
let workspaceId: string;
let otherWorkspaceId: string;

const doc = (name: string, extra: Record<string, unknown> = {}) => ({
  schemaVersion: 1,
  name,
  agents: [],
  edges: [],
  ...extra,
});

beforeAll(async () => {
  graphs = new GraphRepository(db.prisma);
  const workspaces = new WorkspaceRepository(db.prisma);
  workspaceId = (await workspaces.createWorkspace({ slug: "graphs-test", name: "Graphs" })).id;
  otherWorkspaceId = (await workspaces.createWorkspace({ slug: "graphs-other", name: "Other" })).id;
});

describe("GraphRepository", () => {
  it("creates, gets and lists graphs of one workspace", async () => {
    const created = await graphs.create({
      workspaceId,
      name: "Research team",
      description: "parallel",
      draft: doc("Research team"),
    });
    expect(created).toMatchObject({
      workspaceId,
      name: "Research team",
      description: "parallel",
      revision: 1,
      lastVersion: 0,
    });
    expect(created.draft).toEqual(doc("Research team"));

    expect(await graphs.get({ workspaceId, graphId: created.id })).toEqual(created);
    const listed = await graphs.list(workspaceId);
    expect(listed.map((graph) => graph.id)).toContain(created.id);
    expect(listed[0]).not.toHaveProperty("draft");
    expect(await graphs.list(otherWorkspaceId)).toEqual([]);
  });

  it("does not reach a graph through another workspace", async () => {
    const { id } = await graphs.create({ workspaceId, name: "Private", draft: doc("Private") });
    await expect(graphs.get({ workspaceId: otherWorkspaceId, graphId: id })).rejects.toBeInstanceOf(GraphNotFoundError);
    await expect(graphs.delete({ workspaceId: otherWorkspaceId, graphId: id })).rejects.toBeInstanceOf(
      GraphNotFoundError,
    );
    await expect(
      graphs.updateDraft({ workspaceId: otherWorkspaceId, graphId: id, expectedRevision: 1, draft: doc("x") }),
    ).rejects.toBeInstanceOf(GraphNotFoundError);
    expect((await graphs.get({ workspaceId, graphId: id })).revision).toBe(1);
  });

  it("saves a draft based on the current revision and bumps it", async () => {
    const { id } = await graphs.create({ workspaceId, name: "Triage", draft: doc("Triage") });
    const updated = await graphs.updateDraft({
      workspaceId,
      graphId: id,
      expectedRevision: 1,
      draft: doc("Support triage"),
      name: "Support triage",
    });
    expect(updated).toMatchObject({ id, revision: 2, name: "Support triage", draft: doc("Support triage") });
    expect(await graphs.get({ workspaceId, graphId: id })).toEqual(updated);
  });

  it("rejects a save based on an old revision, naming the graph and both revisions", async () => {
    const { id } = await graphs.create({ workspaceId, name: "Reviewer", draft: doc("Reviewer") });
    await graphs.updateDraft({
      workspaceId,
      graphId: id,
      expectedRevision: 1,
      draft: doc("Reviewer", { description: "first" }),
    });

    const error = await graphs
      .updateDraft({ workspaceId, graphId: id, expectedRevision: 1, draft: doc("Reviewer", { description: "stale" }) })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GraphRevisionConflictError);
    expect(error).toMatchObject({ graphId: id, expectedRevision: 1, actualRevision: 2 });
    expect((error as Error).message).toContain(id);
    expect((await graphs.get({ workspaceId, graphId: id })).draft).toEqual(doc("Reviewer", { description: "first" }));
  });

  it("lets exactly one of two concurrent saves of the same revision win", async () => {
    const { id } = await graphs.create({ workspaceId, name: "Race", draft: doc("Race") });
    const results = await Promise.allSettled(
      ["a", "b", "c"].map((who) =>
        graphs.updateDraft({ workspaceId, graphId: id, expectedRevision: 1, draft: doc(who) }),
      ),
    );
    const won = results.filter((result) => result.status === "fulfilled");
    const lost = results.filter((result) => result.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost.map((result) => (result as PromiseRejectedResult).reason)).toEqual([
      expect.any(GraphRevisionConflictError),
      expect.any(GraphRevisionConflictError),
    ]);
    expect((await graphs.get({ workspaceId, graphId: id })).revision).toBe(2);
  });

  it("duplicates a draft into a new graph and deletes graphs", async () => {
    const source = await graphs.create({ workspaceId, name: "Original", draft: doc("Original") });
    await graphs.updateDraft({
      workspaceId,
      graphId: source.id,
      expectedRevision: 1,
      draft: doc("Original", { description: "v2" }),
    });

    const copy = await graphs.duplicate({ workspaceId, graphId: source.id });
    expect(copy).toMatchObject({
      name: "Original (copy)",
      revision: 1,
      lastVersion: 0,
      draft: doc("Original", { description: "v2" }),
    });
    expect(copy.id).not.toBe(source.id);
    expect((await graphs.duplicate({ workspaceId, graphId: source.id, name: "Named" })).name).toBe("Named");

    await graphs.delete({ workspaceId, graphId: source.id });
    await expect(graphs.get({ workspaceId, graphId: source.id })).rejects.toBeInstanceOf(GraphNotFoundError);
    await expect(graphs.delete({ workspaceId, graphId: source.id })).rejects.toBeInstanceOf(GraphNotFoundError);
    expect((await graphs.get({ workspaceId, graphId: copy.id })).name).toBe("Original (copy)");
  });
});
