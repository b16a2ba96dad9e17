import { beforeAll, describe, expect, it } from "vitest";

import { setupTestDatabase } from "@/server/db/test-db";
import { GraphNotFoundError } from "@/server/errors/graph-not-found-error";
import { GraphVersionNotFoundError } from "@/server/errors/graph-version-not-found-error";
import { GraphRepository } from "./graph-repository";
import { GraphVersionRepository } from "./graph-version-repository";
import { WorkspaceRepository } from "./workspace-repository";

const db = setupTestDatabase();
let graphs: GraphRepository;
let versions: GraphVersionRepository;
let workspaceId: string;
let otherWorkspaceId: string;

const snapshot = (n: number) => ({
  document: { schemaVersion: 1, name: `v${n}` },
  definition: { agents: [`agent-${n}`] },
  contentHash: `hash-${n}`,
});

beforeAll(async () => {
  graphs = new GraphRepository(db.prisma);
  versions = new GraphVersionRepository(db.prisma);
  const workspaces = new WorkspaceRepository(db.prisma);
  workspaceId = (await workspaces.createWorkspace({ slug: "versions-test", name: "Versions" })).id;
  otherWorkspaceId = (await workspaces.createWorkspace({ slug: "versions-other", name: "Other" })).id;
});

async function newGraph(name: string): Promise<string> {
  return (await graphs.create({ workspaceId, name, draft: { schemaVersion: 1, name } })).id;
}

describe("GraphVersionRepository", () => {
  it("numbers versions 1, 2, 3, … even when created concurrently", async () => {
    const graphId = await newGraph("Concurrent");
    const created = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => versions.create({ workspaceId, graphId, ...snapshot(n) })),
    );
    expect(created.map((version) => version.version).sort()).toEqual([1, 2, 3, 4, 5]);

    const listed = await versions.list({ workspaceId, graphId });
    expect(listed.map((version) => version.version)).toEqual([5, 4, 3, 2, 1]);
    expect(listed[0]).not.toHaveProperty("document");
    expect((await graphs.get({ workspaceId, graphId })).lastVersion).toBe(5);
  });

  it("stores and returns the snapshot, definition and hash", async () => {
    const graphId = await newGraph("Snapshot");
    const created = await versions.create({ workspaceId, graphId, ...snapshot(1) });
    expect(created).toMatchObject({ graphId, version: 1, published: false, publishedAt: null, ...snapshot(1) });
    expect(await versions.get({ workspaceId, graphId, version: 1 })).toEqual(created);
    await expect(versions.get({ workspaceId, graphId, version: 2 })).rejects.toBeInstanceOf(GraphVersionNotFoundError);
    await expect(versions.get({ workspaceId: otherWorkspaceId, graphId, version: 1 })).rejects.toBeInstanceOf(
      GraphVersionNotFoundError,
    );
  });

  it("publishes a version once, keeping its first publish time", async () => {
    const graphId = await newGraph("Publish");
    await versions.create({ workspaceId, graphId, ...snapshot(1) });
    await versions.create({ workspaceId, graphId, ...snapshot(2) });

    const published = await versions.publish({ workspaceId, graphId, version: 1 });
    expect(published).toMatchObject({ version: 1, published: true, publishedAt: expect.any(Date) });
    expect(await versions.publish({ workspaceId, graphId, version: 1 })).toEqual(published);
    expect((await versions.list({ workspaceId, graphId })).map((v) => [v.version, v.published])).toEqual([
      [2, false],
      [1, true],
    ]);
    await expect(versions.publish({ workspaceId, graphId, version: 9 })).rejects.toBeInstanceOf(
      GraphVersionNotFoundError,
    );
    await expect(versions.publish({ workspaceId: otherWorkspaceId, graphId, version: 2 })).rejects.toBeInstanceOf(
      GraphVersionNotFoundError,
    );
  });

  it("refuses versions of a graph outside the workspace or gone", async () => {
    const graphId = await newGraph("Gone");
    await expect(versions.create({ workspaceId: otherWorkspaceId, graphId, ...snapshot(1) })).rejects.toBeInstanceOf(
      GraphNotFoundError,
    );
    await expect(versions.list({ workspaceId: otherWorkspaceId, graphId })).rejects.toBeInstanceOf(GraphNotFoundError);
    await versions.create({ workspaceId, graphId, ...snapshot(1) });
    await graphs.delete({ workspaceId, graphId });
    await expect(versions.create({ workspaceId, graphId, ...snapshot(2) })).rejects.toBeInstanceOf(GraphNotFoundError);
    expect(await db.prisma.graphVersion.count({ where: { graphId } })).toBe(0);
  });
});
