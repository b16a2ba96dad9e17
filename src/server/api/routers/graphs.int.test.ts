import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { strToU8, zipSync } from "fflate";
import { beforeEach, describe, expect, it } from "vitest";

import { compile } from "@/core/compiler";
import { graphDocumentSchema, type GraphDocument } from "@/core/graph/schema";
import { callerFor, expectRefusal, httpCall, resetWorld } from "@/server/api/testing/api-fixtures";
import { seedDefaults } from "@/server/db/seed";
import { setupTestDatabase, truncateAppTables } from "@/server/db/test-db";
import { GraphRepository } from "@/server/repositories/graph-repository";
import { WorkspaceRepository } from "@/server/repositories/workspace-repository";

const db = setupTestDatabase();
const api = () => callerFor(db.prisma);

const EXAMPLES_DIR = path.join(__dirname, "../../../../examples");
const UNKNOWN_ID = "0190c3e2-7f4a-7b1e-9d2c-3a4b5c6d7e8f";

function example(file: string): GraphDocument {
  return graphDocumentSchema.parse(JSON.parse(readFileSync(path.join(EXAMPLES_DIR, file), "utf8")));
}

describe("graphs.list", () => {
  beforeEach(async () => {
    await truncateAppTables(db.prisma);
  });

  it("lists the seeded example graphs with their agent counts", async () => {
    await seedDefaults(db.prisma, { warn: () => {} });

    const graphs = await api().graphs.list();

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
    const owner = await workspaces.ensureUser({ email: "local@agent-graph.studio", name: "Local user" });
    await workspaces.setMembership({ workspaceId: main.id, userId: owner.id, role: "owner" });
    const older = await repo.create({ workspaceId: main.id, name: "Older", draft: { agents: [{}] } });
    await repo.create({ workspaceId: main.id, name: "Newer", draft: { agents: [{}, {}] } });
    await repo.create({ workspaceId: other.id, name: "Elsewhere", draft: { agents: [] } });
    await repo.updateDraft({ workspaceId: main.id, graphId: older.id, expectedRevision: 1, draft: { agents: [] } });

    const graphs = await api().graphs.list();

    expect(graphs.map((graph) => [graph.name, graph.agentCount, graph.revision])).toEqual([
      ["Older", 0, 2],
      ["Newer", 2, 1],
    ]);
  });

  it("refuses a caller who is not signed in", async () => {
    await expect(api().graphs.list()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: "Sign in to continue.",
    });
  });
});

describe("graphs procedures", () => {
  let world: { otherGraphId: string; researchId: string };
  beforeEach(async () => {
    world = await resetWorld(db.prisma);
  });

  describe("get", () => {
    it("returns the draft with defaults filled, the revision and no published version", async () => {
      const graph = await api().graphs.get({ graphId: world.researchId });
      expect(graph).toMatchObject({ id: world.researchId, name: "Research team", revision: 1, lastVersion: 0 });
      expect(graph.publishedVersion).toBeNull();
      expect(graph.draft).toEqual(example("research-team.json"));
      expect(new Date(graph.createdAt).toISOString()).toBe(graph.createdAt);
    });

    it("refuses an unknown id with NOT_FOUND naming it", async () => {
      await expectRefusal(
        db.prisma,
        { path: "graphs.get", input: { graphId: UNKNOWN_ID }, kind: "query" },
        "NOT_FOUND",
        new RegExp(`Graph ${UNKNOWN_ID} does not exist`),
      );
    });

    it("answers a graph of another workspace exactly like an unknown one", async () => {
      const error = await expectRefusal(
        db.prisma,
        { path: "graphs.get", input: { graphId: world.otherGraphId }, kind: "query" },
        "NOT_FOUND",
      );
      expect(error.message).not.toMatch(/Secret/);
    });

    it("refuses a malformed id and wrong types with a readable BAD_REQUEST", async () => {
      await expectRefusal(
        db.prisma,
        { path: "graphs.get", input: { graphId: "not-a-uuid" }, kind: "query" },
        "BAD_REQUEST",
        /input\.graphId: must be a graph id/,
      );
      await expectRefusal(
        db.prisma,
        { path: "graphs.get", input: { graphId: 42 }, kind: "query" },
        "BAD_REQUEST",
        /input\.graphId/,
      );
      await expectRefusal(db.prisma, { path: "graphs.get", input: {}, kind: "query" }, "BAD_REQUEST", /graphId/);
    });
  });

  describe("templates and create", () => {
    it("lists every example as a template with its agent count", async () => {
      const templates = await api().graphs.templates();
      expect(templates.map((t) => t.id).sort()).toEqual(["research-team", "reviewer-session", "support-triage"]);
      expect(templates.find((t) => t.id === "support-triage")).toMatchObject({ agentCount: 3 });
    });

    it("creates a blank graph that compiles, named as asked", async () => {
      const { id } = await api().graphs.create({ name: "My team" });
      const graph = await api().graphs.get({ graphId: id });
      expect(graph).toMatchObject({ name: "My team", revision: 1, lastVersion: 0 });
      expect(graph.draft.name).toBe("My team");
      expect(graph.draft.agents).toHaveLength(1);
      expect(compile(graph.draft).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    });

    it("creates a blank graph with a default name when none is given", async () => {
      const { id } = await api().graphs.create({});
      expect((await api().graphs.get({ graphId: id })).name).toBe("Untitled graph");
    });

    it("creates a graph from a template", async () => {
      const { id } = await api().graphs.create({ templateId: "support-triage", name: "Support v2" });
      const graph = await api().graphs.get({ graphId: id });
      expect(graph.name).toBe("Support v2");
      expect(graph.draft).toEqual({ ...example("support-triage.json"), name: "Support v2" });
      expect(graph.description).toBe(example("support-triage.json").description);
    });

    it("refuses an unknown template and an empty name, writing nothing", async () => {
      await expectRefusal(
        db.prisma,
        { path: "graphs.create", input: { templateId: "nope" } },
        "BAD_REQUEST",
        /no template "nope"/,
      );
      await expectRefusal(
        db.prisma,
        { path: "graphs.create", input: { name: "   " } },
        "BAD_REQUEST",
        /input\.name: a graph needs a name/,
      );
      await expectRefusal(db.prisma, { path: "graphs.create", input: { name: 7 } }, "BAD_REQUEST", /input\.name/);
    });
  });

  describe("updateDraft", () => {
    it("saves a draft at the revision read, and the name and description follow the draft", async () => {
      const { draft } = await api().graphs.get({ graphId: world.researchId });
      const next = { ...draft, name: "Research crew", description: "New words" };
      const saved = await api().graphs.updateDraft({ graphId: world.researchId, revision: 1, draft: next });
      expect(saved.revision).toBe(2);
      const graph = await api().graphs.get({ graphId: world.researchId });
      expect(graph).toMatchObject({
        revision: 2,
        name: "Research crew",
        description: "New words",
        updatedAt: saved.updatedAt,
      });
      expect(graph.draft).toEqual(next);
    });

    it("accepts a draft with compile errors (a cycle)", async () => {
      const cycle = JSON.parse(readFileSync(path.join(EXAMPLES_DIR, "broken/cycle.json"), "utf8")) as unknown;
      const saved = await api().graphs.updateDraft({ graphId: world.researchId, revision: 1, draft: cycle });
      expect(saved.revision).toBe(2);
    });

    it("refuses a stale revision with CONFLICT naming the current revision, changing nothing", async () => {
      const { draft } = await api().graphs.get({ graphId: world.researchId });
      await api().graphs.updateDraft({ graphId: world.researchId, revision: 1, draft });
      const error = await expectRefusal(
        db.prisma,
        {
          path: "graphs.updateDraft",
          input: { graphId: world.researchId, revision: 1, draft: { ...draft, name: "Mine" } },
        },
        "CONFLICT",
        /based on revision 1 but the graph is at revision 2/,
      );
      expect(error.status).toBe(409);
      expect(error.data.currentRevision).toBe(2);
    });

    it("refuses a schema-invalid draft with BAD_REQUEST naming the path, changing nothing", async () => {
      const { draft } = await api().graphs.get({ graphId: world.researchId });
      const broken = { ...draft, agents: [{ ...draft.agents[0], maxSteps: "many" }, ...draft.agents.slice(1)] };
      const error = await expectRefusal(
        db.prisma,
        { path: "graphs.updateDraft", input: { graphId: world.researchId, revision: 1, draft: broken } },
        "BAD_REQUEST",
        /The draft is not a valid graph document: agents\.0\.maxSteps: Invalid input: expected number/,
      );
      expect(error.data.diagnostics?.[0]).toMatchObject({ code: "schema_invalid", path: "agents.0.maxSteps" });
    });

    it("refuses wrong types, an unknown graph and another workspace's graph", async () => {
      const { draft } = await api().graphs.get({ graphId: world.researchId });
      await expectRefusal(
        db.prisma,
        { path: "graphs.updateDraft", input: { graphId: world.researchId, revision: "1", draft } },
        "BAD_REQUEST",
        /input\.revision/,
      );
      await expectRefusal(
        db.prisma,
        { path: "graphs.updateDraft", input: { graphId: world.researchId, revision: 1, draft: null } },
        "BAD_REQUEST",
        /not a valid graph document/,
      );
      await expectRefusal(
        db.prisma,
        { path: "graphs.updateDraft", input: { graphId: UNKNOWN_ID, revision: 1, draft } },
        "NOT_FOUND",
        new RegExp(UNKNOWN_ID),
      );
      await expectRefusal(
        db.prisma,
        { path: "graphs.updateDraft", input: { graphId: world.otherGraphId, revision: 1, draft } },
        "NOT_FOUND",
      );
    });

    it("refuses a 10 MB document: 413 over HTTP, a BAD_REQUEST naming the limit in-process", async () => {
      const { draft } = await api().graphs.get({ graphId: world.researchId });
      const huge = { ...draft, description: "x".repeat(10 * 1024 * 1024) };
      const error = await expectRefusal(
        db.prisma,
        { path: "graphs.updateDraft", input: { graphId: world.researchId, revision: 1, draft: huge } },
        "PAYLOAD_TOO_LARGE",
        /limit/,
      );
      expect(error.status).toBe(413);
      await expect(
        api().graphs.updateDraft({ graphId: world.researchId, revision: 1, draft: huge }),
      ).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/more than the limit of 5\.0 MB/),
      });
      expect((await api().graphs.get({ graphId: world.researchId })).revision).toBe(1);
    });
  });

  describe("rename, duplicate, delete", () => {
    it("renames the graph and its draft as a new revision", async () => {
      const result = await api().graphs.rename({ graphId: world.researchId, name: "  Scholars  " });
      expect(result.revision).toBe(2);
      const graph = await api().graphs.get({ graphId: world.researchId });
      expect(graph).toMatchObject({ name: "Scholars", revision: 2 });
      expect(graph.draft.name).toBe("Scholars");
    });

    it("refuses a too-long name and another workspace's graph", async () => {
      await expectRefusal(
        db.prisma,
        { path: "graphs.rename", input: { graphId: world.researchId, name: "x".repeat(201) } },
        "BAD_REQUEST",
        /at most 200 characters/,
      );
      await expectRefusal(
        db.prisma,
        { path: "graphs.rename", input: { graphId: world.otherGraphId, name: "Mine" } },
        "NOT_FOUND",
      );
    });

    it("duplicates the draft into a new graph named (copy), without versions", async () => {
      await api().versions.create({ graphId: world.researchId });
      const { id } = await api().graphs.duplicate({ graphId: world.researchId });
      expect(id).not.toBe(world.researchId);
      const copy = await api().graphs.get({ graphId: id });
      expect(copy).toMatchObject({ name: "Research team (copy)", revision: 1, lastVersion: 0 });
      expect(copy.draft).toEqual({ ...example("research-team.json"), name: "Research team (copy)" });
      await expectRefusal(db.prisma, { path: "graphs.duplicate", input: { graphId: world.otherGraphId } }, "NOT_FOUND");
    });

    it("deletes a graph with its versions; a second delete is NOT_FOUND", async () => {
      await api().versions.create({ graphId: world.researchId });
      expect(await api().graphs.delete({ graphId: world.researchId })).toEqual({ id: world.researchId });
      expect(await db.prisma.graphVersion.count({ where: { graphId: world.researchId } })).toBe(0);
      await expectRefusal(
        db.prisma,
        { path: "graphs.delete", input: { graphId: world.researchId } },
        "NOT_FOUND",
        new RegExp(world.researchId),
      );
      await expectRefusal(db.prisma, { path: "graphs.delete", input: { graphId: world.otherGraphId } }, "NOT_FOUND");
      expect(await db.prisma.graph.count({ where: { id: world.otherGraphId } })).toBe(1);
    });
  });

  describe("JSON import and export", () => {
    it("round-trips a graph through exportJson and importJson into a new graph", async () => {
      const exported = await api().graphs.exportJson({ graphId: world.researchId });
      expect(exported.fileName).toBe("research-team.json");
      const { id, revision } = await api().graphs.importJson({ text: exported.text });
      expect(revision).toBe(1);
      const imported = await api().graphs.get({ graphId: id });
      expect(imported.draft).toEqual(example("research-team.json"));
      expect(imported.name).toBe("Research team");
    });

    it("imports into an existing graph as a new revision, or refuses a stale one", async () => {
      const text = (await api().graphs.exportJson({ graphId: world.researchId })).text;
      const support = (await api().graphs.list()).find((g) => g.name === "Support triage")!;
      const result = await api().graphs.importJson({ text, graphId: support.id, revision: 1 });
      expect(result).toEqual({ id: support.id, revision: 2 });
      expect((await api().graphs.get({ graphId: support.id })).name).toBe("Research team");
      const error = await expectRefusal(
        db.prisma,
        { path: "graphs.importJson", input: { text, graphId: support.id, revision: 1 } },
        "CONFLICT",
      );
      expect(error.data.currentRevision).toBe(2);
    });

    it("refuses JSON with a syntax error naming line and column", async () => {
      await expectRefusal(
        db.prisma,
        { path: "graphs.importJson", input: { text: '{\n  "schemaVersion": 1,\n  "name": ,\n}' } },
        "BAD_REQUEST",
        /The JSON file is not a valid graph document: the document is not valid JSON at line 3, column \d+/,
      );
    });

    it("refuses a schema-invalid document, half a target, and text over the limit", async () => {
      await expectRefusal(
        db.prisma,
        { path: "graphs.importJson", input: { text: '{"schemaVersion":1,"name":"x","rootAgentId":"a"}' } },
        "BAD_REQUEST",
        /agents/,
      );
      await expectRefusal(
        db.prisma,
        { path: "graphs.importJson", input: { text: "{}", graphId: world.researchId } },
        "BAD_REQUEST",
        /input\.revision: importing into an existing graph needs the revision/,
      );
      const result = await httpCall(db.prisma, "graphs.importJson", { text: "x".repeat(6 * 1024 * 1024) }, "mutation");
      expect(result.ok).toBe(false);
      await expect(api().graphs.importJson({ text: " ".repeat(5 * 1024 * 1024 + 1) })).rejects.toMatchObject({
        code: "BAD_REQUEST",
      });
    });

    it("refuses exporting another workspace's graph", async () => {
      await expectRefusal(
        db.prisma,
        { path: "graphs.exportJson", input: { graphId: world.otherGraphId }, kind: "query" },
        "NOT_FOUND",
      );
    });
  });

  describe("Markdown import and export", () => {
    it("round-trips a graph through a zip of Markdown specs", async () => {
      const exported = await api().graphs.exportMarkdown({ graphId: world.researchId });
      expect(exported.fileName).toBe("research-team-agents.zip");
      const { id, warnings } = await api().graphs.importMarkdown({ zipBase64: exported.zipBase64 });
      expect(warnings).toEqual([]);
      const original = example("research-team.json");
      const imported = (await api().graphs.get({ graphId: id })).draft;
      expect(imported.name).toBe(original.name);
      const summary = (doc: GraphDocument) =>
        doc.agents
          .map((a) => [a.id, a.name, a.instructions, a.maxSteps])
          .sort((x, y) => String(x[0]).localeCompare(String(y[0])));
      expect(summary(imported)).toEqual(summary(original));
      // Edge ids are regenerated by the Markdown form; what each handoff connects and how is kept.
      const handoffs = (doc: GraphDocument) =>
        doc.handoffs.map((h) => `${h.from}>${h.to}:${h.sessionMode}:${h.execution.mode}`).sort();
      expect(handoffs(imported)).toEqual(handoffs(original));
    });

    it("imports a zip into an existing graph as a new revision", async () => {
      const zipBase64 = zipOf({
        "team/main.md": "---\ndescription: Leads.\n---\n\nLead.\n",
        "team/helper.md": "---\ndescription: Helps.\n---\n\nHelp.\n",
      });
      const result = await api().graphs.importMarkdown({ zipBase64, graphId: world.researchId, revision: 1 });
      expect(result).toMatchObject({ id: world.researchId, revision: 2 });
      const graph = await api().graphs.get({ graphId: world.researchId });
      expect(graph.draft.agents.map((a) => a.id).sort()).toEqual(["helper", "main"]);
      expect(graph.name).toBe("Research team");
    });

    it("refuses data that is not a zip, a zip without specs, and a broken spec naming the file", async () => {
      await expectRefusal(
        db.prisma,
        { path: "graphs.importMarkdown", input: { zipBase64: Buffer.from("hello").toString("base64") } },
        "BAD_REQUEST",
        /not a readable zip archive/,
      );
      await expectRefusal(
        db.prisma,
        { path: "graphs.importMarkdown", input: { zipBase64: zipOf({ "readme.txt": "hi" }) } },
        "BAD_REQUEST",
        /no Markdown agent specs/,
      );
      await expectRefusal(
        db.prisma,
        { path: "graphs.importMarkdown", input: { zipBase64: zipOf({ "main.md": "---\nmaxSteps: lots\n---\nx" }) } },
        "BAD_REQUEST",
        /main\.md.*maxSteps/,
      );
      await expectRefusal(
        db.prisma,
        { path: "graphs.importMarkdown", input: { zipBase64: "%%%" } },
        "BAD_REQUEST",
        /input\.zipBase64: is not base64/,
      );
    });

    it("refuses exporting a graph Markdown cannot express, saying to use JSON", async () => {
      const cycle = JSON.parse(readFileSync(path.join(EXAMPLES_DIR, "broken/cycle.json"), "utf8")) as unknown;
      await api().graphs.updateDraft({ graphId: world.researchId, revision: 1, draft: cycle });
      await expectRefusal(
        db.prisma,
        { path: "graphs.exportMarkdown", input: { graphId: world.researchId }, kind: "query" },
        "BAD_REQUEST",
        /cannot be exported as Markdown.*export the graph as JSON/,
      );
    });
  });
});

function zipOf(files: Record<string, string>): string {
  const entries = Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]));
  return Buffer.from(zipSync(entries)).toString("base64");
}
