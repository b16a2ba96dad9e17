import { readdirSync } from "node:fs";
import path from "node:path";

import { beforeEach, describe, expect, it } from "vitest";

import { createCaller } from "@/server/api/root";
import { seedDefaults } from "@/server/db/seed";
import { setupTestDatabase, truncateAppTables } from "@/server/db/test-db";
import { GraphRepository } from "@/server/repositories/graph-repository";
import { WorkspaceRepository } from "@/server/repositories/workspace-repository";

const db = setupTestDatabase();
const api = () => createCaller({ headers: new Headers(), getDb: () => db.prisma });

const EXAMPLES_DIR = path.join(__dirname, "../../../../examples");

beforeEach(async () => {
  await truncateAppTables(db.prisma);
});

describe("graph.list", () => {
  it("lists the seeded example graphs with their agent counts", async () => {
    await seedDefaults(db.prisma, { warn: () => {} });

    const graphs = await api().graph.list();

    const exampleCount = readdirSync(EXAMPLES_DIR).filter((file) => file.endsWith(".json")).length;
    expect(graphs).toHaveLength(exampleCount);
    const research = graphs.find((graph) => graph.name === "Research team");
    expect(research).toMatchObject({ revision: 1, lastVersion: 0, agentCount: 4 });
    expect(research?.description).not.toBe("");
    expect(new Date(research?.updatedAt ?? "").toISOString()).toBe(research?.updatedAt);
  });

  it("lists only the default workspace's graphs, most recently updated first", async () => {
    const workspaces = new WorkspaceRepository(db.prisma);
    const repo = new GraphRepository(db.prisma);
    const main = await workspaces.ensureWorkspace({ slug: "default", name: "Default workspace" });
    const other = await workspaces.createWorkspace({ slug: "other", name: "Other" });
    const older = await repo.create({ workspaceId: main.id, name: "Older", draft: { agents: [{}] } });
    await repo.create({ workspaceId: main.id, name: "Newer", draft: { agents: [{}, {}] } });
    await repo.create({ workspaceId: other.id, name: "Elsewhere", draft: { agents: [] } });
    await repo.updateDraft({ workspaceId: main.id, graphId: older.id, expectedRevision: 1, draft: { agents: [] } });

    const graphs = await api().graph.list();

    expect(graphs.map((graph) => [graph.name, graph.agentCount, graph.revision])).toEqual([
      ["Older", 0, 2],
      ["Newer", 2, 1],
    ]);
  });

  it("says how to fix a database that was never seeded", async () => {
    await expect(api().graph.list()).rejects.toMatchObject({
      code: "PRECONDITION_FAILED",
      message: expect.stringContaining("npm start"),
    });
  });
});
