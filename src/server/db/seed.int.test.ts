import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GraphRepository } from "@/server/repositories/graph-repository";
import { WorkspaceRepository } from "@/server/repositories/workspace-repository";
import { DEFAULT_WORKSPACE, LOCAL_USER, seedDefaults } from "./seed";
import { truncateAppTables, setupTestDatabase } from "./test-db";

const db = setupTestDatabase();
let examplesDir: string;
let emptyDir: string;

beforeAll(async () => {
  examplesDir = await mkdtemp(path.join(os.tmpdir(), "ags-examples-"));
  emptyDir = await mkdtemp(path.join(os.tmpdir(), "ags-no-examples-"));
  const write = (file: string, value: unknown) => writeFile(path.join(examplesDir, file), JSON.stringify(value));
  await write("research-team.json", {
    schemaVersion: 1,
    name: "Research team",
    description: "Parallel researchers",
    agents: [],
  });
  await write("support-triage.json", { schemaVersion: 1, name: "Support triage", agents: [] });
  await write("nameless.json", { schemaVersion: 1, agents: [] });
  await writeFile(path.join(examplesDir, "broken.json"), "{ not json");
  await writeFile(path.join(examplesDir, "README.md"), "not an example");
});
afterAll(() => Promise.all([examplesDir, emptyDir].map((dir) => rm(dir, { recursive: true, force: true }))));

describe("seedDefaults", () => {
  it("creates the default workspace, the local owner and the examples, once", async () => {
    await truncateAppTables(db.prisma);
    const warnings: string[] = [];
    const first = await seedDefaults(db.prisma, { examplesDir, warn: (message) => warnings.push(message) });
    expect(first.importedGraphs).toEqual(["Research team", "Support triage"]);
    expect(warnings).toEqual([expect.stringContaining("broken.json"), expect.stringContaining("nameless.json")]);

    const workspaces = new WorkspaceRepository(db.prisma);
    const workspace = await workspaces.findWorkspaceBySlug(DEFAULT_WORKSPACE.slug);
    expect(workspace).toMatchObject({ id: first.workspaceId, name: "Default workspace" });
    const user = await workspaces.findUserByEmail(LOCAL_USER.email);
    expect(user).toMatchObject({ id: first.userId, name: "Local user" });
    expect(await workspaces.findRole({ workspaceId: first.workspaceId, userId: first.userId })).toBe("owner");

    const graphs = new GraphRepository(db.prisma);
    const listed = await graphs.list(first.workspaceId);
    const research = listed.find((graph) => graph.name === "Research team");
    expect(research).toMatchObject({ description: "Parallel researchers", createdById: first.userId });
    expect((await graphs.get({ workspaceId: first.workspaceId, graphId: research!.id })).draft).toEqual({
      schemaVersion: 1,
      name: "Research team",
      description: "Parallel researchers",
      agents: [],
    });

    const second = await seedDefaults(db.prisma, { examplesDir, warn: () => {} });
    expect(second).toEqual({ ...first, importedGraphs: [] });
    expect(await db.prisma.workspace.count()).toBe(1);
    expect(await db.prisma.user.count()).toBe(1);
    expect(await db.prisma.membership.count()).toBe(1);
    expect(await db.prisma.graph.count()).toBe(2);
  });

  it("is safe to run concurrently", async () => {
    await truncateAppTables(db.prisma);
    const results = await Promise.all([1, 2, 3].map(() => seedDefaults(db.prisma, { examplesDir, warn: () => {} })));
    expect(results.flatMap((result) => result.importedGraphs).sort()).toEqual(["Research team", "Support triage"]);
    expect(await db.prisma.graph.count()).toBe(2);
    expect(await db.prisma.workspace.count()).toBe(1);
  });

  it("warns and imports nothing when there are no examples", async () => {
    await truncateAppTables(db.prisma);
    const warnings: string[] = [];
    const result = await seedDefaults(db.prisma, { examplesDir: emptyDir, warn: (message) => warnings.push(message) });
    expect(result.importedGraphs).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining("No example graphs")]);
    expect(await db.prisma.workspace.count()).toBe(1);
  });
});
