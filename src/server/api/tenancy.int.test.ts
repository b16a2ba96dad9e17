/**
 * The tenancy matrix: every procedure of the app router, called as a
 * signed-out visitor, as a member of another workspace (naming this
 * workspace, and acting on its own workspace with this one's ids), and —
 * where it needs more — as a viewer and as an editor. Each must be refused
 * and change nothing, or (reads of one's own workspace) return nothing of
 * the other workspace.
 *
 * The matrix enumerates `appRouter`: a procedure without a case here fails
 * the test, and so does a procedure whose declared access differs from its
 * case's. Adding a procedure means adding its case.
 */
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type { PrismaClient } from "@/generated/prisma/client";
import type { Access } from "@/server/api/access";
import { appRouter, createCaller } from "@/server/api/root";
import { resetWorld } from "@/server/api/testing/api-fixtures";
import { testContext, type CallerIdentity } from "@/server/api/testing/test-context";
import { setupTestDatabase } from "@/server/db/test-db";
import { closeRunEventHub } from "@/server/runs/live/process-hub";

const db = setupTestDatabase({ queue: true });

/** What the cases may reference: workspace A's members and resources, and workspace B's owner. */
interface Fixture {
  workspaceA: string;
  ownerA: string;
  editorA: string;
  viewerA: string;
  ownerB: string;
  /** A viewer of A who exists to leave it (members.leave as "serves a viewer"). */
  leaverA: string;
  graphId: string;
  revision: number;
  draft: unknown;
  documentText: string;
  zipBase64: string;
  runId: string;
  conversationId: string;
  versionId: string;
  /** A pending invitation of A, and its token. */
  invitationId: string;
  inviteToken: string;
  providerId: string;
  priceId: string;
  httpToolId: string;
  secretName: string;
  allowedHost: string;
  mcpServerId: string;
}

interface Case {
  /** The access the procedure must declare (its tRPC meta). */
  access: Access;
  /** A valid input acting on workspace A (used for the role checks and for the other workspace's member). */
  input: (f: Fixture) => unknown;
  /**
   * True when the input names A's resources: B's owner acting in B with it must be refused.
   * False for inputs valid in any workspace (lists, creates): a query must then return nothing of A.
   */
  namesResources: boolean;
  /** A mutation that writes nothing (compile): viewers may call it. */
  readOnly?: boolean;
  /**
   * A mutation open to viewers that changes only the caller's own membership
   * (members.leave): "serves a viewer" calls it as a viewer kept for it.
   */
  selfOnly?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const SIMPLE_DOCUMENT = {
  schemaVersion: 1,
  name: "Tenancy probe",
  rootAgentId: "a",
  agents: [{ id: "a", name: "A" }],
};

const CASES: Record<string, Case> = {
  "graphs.list": { access: "viewer", input: () => undefined, namesResources: false },
  "graphs.compile": {
    access: "viewer",
    input: () => ({ document: SIMPLE_DOCUMENT }),
    namesResources: false,
    readOnly: true,
  },
  "graphs.get": { access: "viewer", input: (f) => ({ graphId: f.graphId }), namesResources: true },
  "graphs.templates": { access: "viewer", input: () => undefined, namesResources: false },
  "graphs.create": { access: "editor", input: () => ({ name: "Created by the matrix" }), namesResources: false },
  "graphs.updateDraft": {
    access: "editor",
    input: (f) => ({ graphId: f.graphId, revision: f.revision, draft: f.draft }),
    namesResources: true,
  },
  "graphs.rename": { access: "editor", input: (f) => ({ graphId: f.graphId, name: "Renamed" }), namesResources: true },
  "graphs.duplicate": { access: "editor", input: (f) => ({ graphId: f.graphId }), namesResources: true },
  "graphs.delete": { access: "editor", input: (f) => ({ graphId: f.graphId }), namesResources: true },
  "graphs.exportJson": { access: "viewer", input: (f) => ({ graphId: f.graphId }), namesResources: true },
  "graphs.importJson": {
    access: "editor",
    input: (f) => ({ text: f.documentText, graphId: f.graphId, revision: f.revision }),
    namesResources: true,
  },
  "graphs.exportMarkdown": { access: "viewer", input: (f) => ({ graphId: f.graphId }), namesResources: true },
  "graphs.importMarkdown": {
    access: "editor",
    input: (f) => ({ zipBase64: f.zipBase64, graphId: f.graphId, revision: f.revision }),
    namesResources: true,
  },
  "versions.create": { access: "editor", input: (f) => ({ graphId: f.graphId }), namesResources: true },
  "versions.list": { access: "viewer", input: (f) => ({ graphId: f.graphId }), namesResources: true },
  "versions.get": { access: "viewer", input: (f) => ({ graphId: f.graphId, version: 1 }), namesResources: true },
  "versions.diff": {
    access: "viewer",
    input: (f) => ({ graphId: f.graphId, from: 1, to: "draft" }),
    namesResources: true,
  },
  "versions.publish": { access: "editor", input: (f) => ({ graphId: f.graphId, version: 1 }), namesResources: true },
  "versions.restore": {
    access: "editor",
    input: (f) => ({ graphId: f.graphId, version: 1, revision: f.revision }),
    namesResources: true,
  },
  "runs.start": { access: "editor", input: (f) => ({ graphId: f.graphId, input: "hello" }), namesResources: true },
  "runs.cancel": { access: "editor", input: (f) => ({ runId: f.runId }), namesResources: true },
  "runs.cancelTask": { access: "editor", input: (f) => ({ runId: f.runId, taskId: "task-1" }), namesResources: true },
  "runs.events": { access: "viewer", input: (f) => ({ runId: f.runId }), namesResources: true },
  "runs.list": { access: "viewer", input: () => ({}), namesResources: false },
  "runs.get": { access: "viewer", input: (f) => ({ runId: f.runId }), namesResources: true },
  "runs.rollups": { access: "viewer", input: (f) => ({ runId: f.runId }), namesResources: true },
  "runs.costsByDay": {
    access: "viewer",
    input: () => ({
      from: new Date(Date.now() - 30 * DAY_MS).toISOString(),
      to: new Date(Date.now() + DAY_MS).toISOString(),
    }),
    namesResources: false,
  },
  "runs.exportTrace": { access: "viewer", input: (f) => ({ runId: f.runId }), namesResources: true },
  "conversations.list": { access: "viewer", input: (f) => ({ graphId: f.graphId }), namesResources: true },
  "conversations.get": {
    access: "viewer",
    input: (f) => ({ conversationId: f.conversationId }),
    namesResources: true,
  },
  "workspaces.current": { access: "viewer", input: () => undefined, namesResources: false },
  "workspaces.rename": { access: "owner", input: () => ({ name: "Renamed by the matrix" }), namesResources: false },
  "members.list": { access: "viewer", input: () => undefined, namesResources: false },
  "members.setRole": {
    access: "owner",
    input: (f) => ({ userId: f.editorA, role: "viewer" }),
    namesResources: true,
  },
  "members.remove": { access: "owner", input: (f) => ({ userId: f.editorA }), namesResources: true },
  "members.leave": { access: "viewer", input: () => undefined, namesResources: false, selfOnly: true },
  "invitations.create": { access: "owner", input: () => ({ role: "editor" }), namesResources: false },
  "invitations.list": { access: "owner", input: () => undefined, namesResources: false },
  "invitations.revoke": {
    access: "owner",
    input: (f) => ({ invitationId: f.invitationId }),
    namesResources: true,
  },
  "providers.list": { access: "viewer", input: () => undefined, namesResources: false },
  "providers.create": {
    access: "owner",
    input: () => ({ kind: "openai_compatible", name: "Matrix provider", baseUrl: "http://127.0.0.1:9/v1" }),
    namesResources: false,
  },
  "providers.update": { access: "owner", input: (f) => ({ id: f.providerId, name: "Renamed" }), namesResources: true },
  "providers.delete": { access: "owner", input: (f) => ({ id: f.providerId }), namesResources: true },
  "providers.test": { access: "owner", input: (f) => ({ id: f.providerId }), namesResources: true },
  "providers.setModels": {
    access: "owner",
    input: (f) => ({ id: f.providerId, models: ["matrix-model"] }),
    namesResources: true,
  },
  "prices.list": { access: "viewer", input: () => undefined, namesResources: false },
  "prices.set": {
    access: "owner",
    input: (f) => ({ id: f.priceId, provider: "openai", model: "gpt-4o-mini", inputPerMTok: 1, outputPerMTok: 1 }),
    namesResources: true,
  },
  "prices.delete": { access: "owner", input: (f) => ({ id: f.priceId }), namesResources: true },
  "prices.resetToDefaults": { access: "owner", input: () => undefined, namesResources: false },
  "tools.catalog": { access: "viewer", input: () => undefined, namesResources: false },
  "httpTools.list": { access: "viewer", input: () => undefined, namesResources: false },
  "httpTools.create": { access: "editor", input: () => HTTP_TOOL("matrix_created"), namesResources: false },
  "httpTools.update": {
    access: "editor",
    input: (f) => ({ id: f.httpToolId, tool: HTTP_TOOL("matrix_renamed") }),
    namesResources: true,
  },
  "httpTools.delete": { access: "editor", input: (f) => ({ id: f.httpToolId }), namesResources: true },
  // Refused before any call; an allowed caller would get the guard's refusal of 127.0.0.1 (no request leaves).
  "httpTools.test": {
    access: "editor",
    input: () => ({ tool: HTTP_TOOL("matrix_test"), args: {} }),
    namesResources: false,
  },
  "secrets.list": { access: "viewer", input: () => undefined, namesResources: false },
  "secrets.set": {
    access: "owner",
    input: () => ({ name: "MATRIX_SECRET", value: "matrix-value" }),
    namesResources: false,
  },
  "secrets.delete": { access: "owner", input: (f) => ({ name: f.secretName }), namesResources: true },
  "allowedHosts.list": { access: "viewer", input: () => undefined, namesResources: false },
  "allowedHosts.add": { access: "owner", input: () => ({ host: "matrix.internal:8080" }), namesResources: false },
  "allowedHosts.remove": { access: "owner", input: (f) => ({ host: f.allowedHost }), namesResources: true },
  "mcpServers.list": { access: "viewer", input: () => undefined, namesResources: false },
  "mcpServers.create": {
    access: "owner",
    input: () => ({ name: "matrix", transport: "stdio", command: "node", args: ["server.js"], env: [] }),
    namesResources: false,
  },
  "mcpServers.update": {
    access: "owner",
    input: (f) => ({
      id: f.mcpServerId,
      settings: { name: "renamed", transport: "http", url: "https://mcp.example.com/mcp", headers: [] },
    }),
    namesResources: true,
  },
  "mcpServers.delete": { access: "owner", input: (f) => ({ id: f.mcpServerId }), namesResources: true },
  "mcpServers.refresh": { access: "editor", input: (f) => ({ id: f.mcpServerId }), namesResources: true },
  "mcpServers.setEnabledTools": {
    access: "editor",
    input: (f) => ({ id: f.mcpServerId, tools: [] }),
    namesResources: true,
  },
};

function HTTP_TOOL(name: string) {
  return { name, method: "GET", urlTemplate: "http://127.0.0.1:9/probe" };
}

/**
 * Procedures open to any signed-in user (outside a workspace), each with a
 * check that it shows or changes nothing of a workspace the caller is not in.
 */
const USER_CASES: Record<string, (f: Fixture, call: Caller) => Promise<void>> = {
  "workspaces.mine": async (f, call) => {
    const mine = await call({ userId: f.ownerB }, "workspaces.mine", undefined);
    expect(JSON.stringify(mine)).not.toContain(f.workspaceA);
    // Naming A in the header does not make it B's current workspace, nor list it.
    const naming = await call({ userId: f.ownerB, workspaceId: f.workspaceA }, "workspaces.mine", undefined);
    expect(JSON.stringify(naming)).not.toContain(f.workspaceA);
  },
  "workspaces.create": async (f, call) => {
    const membersOfA = await db.prisma.membership.findMany({ where: { workspaceId: f.workspaceA } });
    const created = (await call({ userId: f.ownerB, workspaceId: f.workspaceA }, "workspaces.create", {
      name: "B's second",
    })) as { id: string };
    for (const id of idsOfA(f)) expect(JSON.stringify(created)).not.toContain(id);
    expect(await db.prisma.membership.findMany({ where: { workspaceId: created.id } })).toEqual([
      expect.objectContaining({ userId: f.ownerB, role: "owner" }),
    ]);
    expect(await db.prisma.membership.findMany({ where: { workspaceId: f.workspaceA } })).toEqual(membersOfA);
    await db.prisma.workspace.delete({ where: { id: created.id } });
  },
  "invitations.accept": async (f, _call) => {
    // Only the link's token admits anyone: B's owner, naming A, with a made-up token gets nothing.
    await expectRefused(
      { userId: f.ownerB, workspaceId: f.workspaceA },
      "invitations.accept",
      { token: "x".repeat(43) },
      ["NOT_FOUND"],
    );
    // A revoked link of A admits nobody either.
    await db.prisma.invitation.update({ where: { id: f.invitationId }, data: { revokedAt: new Date() } });
    try {
      await expectRefused({ userId: f.ownerB }, "invitations.accept", { token: f.inviteToken }, ["CONFLICT"]);
    } finally {
      await db.prisma.invitation.update({ where: { id: f.invitationId }, data: { revokedAt: null } });
    }
  },
};

/**
 * Procedures anyone may call: they must touch no workspace's data, or — an
 * invite link's summary — only what the link's holder is meant to see
 * (members.int.test.ts checks invitations.inspect field by field).
 */
const PUBLIC_PROCEDURES = new Set(["health.ping", "invitations.inspect"]);

type Caller = (identity: CallerIdentity | null, path: string, input: unknown) => Promise<unknown>;

interface ProcedureDef {
  _def: { type: "query" | "mutation" | "subscription"; meta?: { access?: Access } };
}

const procedures = (appRouter as unknown as { _def: { procedures: Record<string, ProcedureDef> } })._def.procedures;

/**
 * Calls `path` as `identity` (null: signed out) in-process. A subscription
 * checks access and its run before returning its stream, which is not read.
 */
const call: Caller = async (identity, path, input) => {
  const caller = createCaller(testContext(db.prisma, identity)) as unknown as Record<string, unknown>;
  const fn = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
    input: unknown,
  ) => Promise<unknown>;
  const result = await fn(input);
  return procedures[path]?._def.type === "subscription" ? "a stream" : result;
};

/** Every row of every table of the app (not the queue's), to prove a refusal wrote nothing. */
async function everyRow(prisma: PrismaClient): Promise<string> {
  const tables = await prisma.$queryRawUnsafe<{ table_name: string }[]>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('_prisma_migrations', 'rate_limits')
      ORDER BY table_name`,
  );
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const rows = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT to_jsonb(t)::text AS row FROM "${table_name}" t ORDER BY 1`,
    );
    parts.push(`${table_name}:${rows.map((row) => row.row).join("\n")}`);
  }
  return parts.join("\n\n");
}

/** Expects `path` to be refused with one of `codes` and the database to be unchanged. */
async function expectRefused(
  identity: CallerIdentity | null,
  path: string,
  input: unknown,
  codes: readonly TRPCError["code"][],
): Promise<void> {
  const before = await everyRow(db.prisma);
  const outcome = await call(identity, path, input).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  expect(outcome.ok, `${path} should have been refused, it returned ${JSON.stringify(outcome)}`).toBe(false);
  const error = (outcome as { error: unknown }).error;
  expect(error, `${path}: ${String(error)}`).toBeInstanceOf(TRPCError);
  expect(codes, `${path}: ${(error as TRPCError).code} ${(error as TRPCError).message}`).toContain(
    (error as TRPCError).code,
  );
  expect((error as TRPCError).message.length).toBeGreaterThan(10);
  expect(await everyRow(db.prisma), `${path} changed the database while refusing`).toBe(before);
}

let fixture: Fixture;

async function member(workspaceId: string, email: string, role: "owner" | "editor" | "viewer"): Promise<string> {
  const user = await db.prisma.user.create({ data: { email, name: email.split("@")[0]! } });
  await db.prisma.membership.create({ data: { workspaceId, userId: user.id, role } });
  return user.id;
}

afterAll(async () => {
  await closeRunEventHub();
  // The hub refuses to start again once closed: let later files in this worker open their own.
  delete (globalThis as { __agsRunEventHubClosed?: boolean }).__agsRunEventHubClosed;
  vi.unstubAllEnvs();
});

beforeAll(async () => {
  // runs.events reads live events through the process's hub, which needs the database's address.
  vi.stubEnv("DATABASE_URL", db.connectionString);
  const world = await resetWorld(db.prisma);
  const graph = await db.prisma.graph.findUniqueOrThrow({ where: { id: world.researchId } });
  const otherGraph = await db.prisma.graph.findUniqueOrThrow({ where: { id: world.otherGraphId } });
  const ownerA = await member(graph.workspaceId, "owner-a@tenancy.test", "owner");
  const ownerB = await member(otherGraph.workspaceId, "owner-b@tenancy.test", "owner");
  const asOwnerA = { userId: ownerA, workspaceId: graph.workspaceId };
  const owner = createCaller(testContext(db.prisma, asOwnerA));
  await owner.versions.create({ graphId: graph.id });
  const started = await owner.runs.start({ graphId: graph.id, input: "tenancy" });
  const current = await owner.graphs.get({ graphId: graph.id });
  const version = await db.prisma.graphVersion.findFirstOrThrow({ where: { graphId: graph.id } });
  const invite = await owner.invitations.create({ role: "editor", email: "invitee@tenancy.test" });
  const provider = await owner.providers.create({
    kind: "openai_compatible",
    name: "Tenancy provider",
    baseUrl: "http://127.0.0.1:9/v1",
    apiKey: "sk-tenancy-probe-key",
  });
  const price = await db.prisma.modelPrice.findFirstOrThrow({ where: { workspaceId: graph.workspaceId } });
  await owner.secrets.set({ name: "TENANCY_A_SECRET", value: "tenancy-a-secret-value" });
  await owner.allowedHosts.add({ host: "tenancy-a.internal" });
  const httpTool = await owner.httpTools.create({
    name: "tenancy_a_tool",
    method: "GET",
    urlTemplate: "https://tenancy-a.example/x",
    headers: [{ name: "Authorization", value: "Bearer {{secrets.TENANCY_A_SECRET}}" }],
  });
  const mcpServer = await db.prisma.mcpServer.create({
    data: {
      workspaceId: graph.workspaceId,
      name: "probe",
      transport: "stdio",
      command: "node",
      args: ["-e", "process.exit(0)"],
      tools: [{ name: "echo", description: "Echoes", inputSchema: { type: "object" } }],
      enabledTools: ["echo"],
    },
  });
  fixture = {
    workspaceA: graph.workspaceId,
    ownerA,
    editorA: await member(graph.workspaceId, "editor-a@tenancy.test", "editor"),
    viewerA: await member(graph.workspaceId, "viewer-a@tenancy.test", "viewer"),
    ownerB,
    leaverA: await member(graph.workspaceId, "leaver-a@tenancy.test", "viewer"),
    graphId: graph.id,
    revision: current.revision,
    draft: current.draft,
    documentText: (await owner.graphs.exportJson({ graphId: graph.id })).text,
    zipBase64: (await owner.graphs.exportMarkdown({ graphId: graph.id })).zipBase64,
    runId: started.runId,
    conversationId: started.conversationId,
    versionId: version.id,
    invitationId: invite.id,
    inviteToken: invite.link.split("/").pop()!,
    providerId: provider.id,
    priceId: price.id,
    httpToolId: httpTool.id,
    secretName: "TENANCY_A_SECRET",
    allowedHost: "tenancy-a.internal",
    mcpServerId: mcpServer.id,
  };
});

/** Ids of workspace A that a member of B must never see. */
function idsOfA(f: Fixture): string[] {
  return [
    f.workspaceA,
    f.graphId,
    f.runId,
    f.conversationId,
    f.versionId,
    f.ownerA,
    f.editorA,
    f.viewerA,
    f.leaverA,
    f.invitationId,
    f.providerId,
    f.priceId,
    f.httpToolId,
    f.secretName,
    f.allowedHost,
    "tenancy_a_tool",
    f.mcpServerId,
  ];
}

const ALL_PATHS = Object.keys(procedures).sort();

describe("the tenancy matrix", () => {
  it("has a case for every procedure, with the access it declares", () => {
    const missing = ALL_PATHS.filter(
      (path) => !(path in CASES) && !(path in USER_CASES) && !PUBLIC_PROCEDURES.has(path),
    );
    expect(missing, "procedures without a tenancy case: add one to CASES").toEqual([]);
    for (const path of ALL_PATHS) {
      const declared = procedures[path]!._def.meta?.access;
      const expected = PUBLIC_PROCEDURES.has(path) ? "public" : path in USER_CASES ? "user" : CASES[path]!.access;
      expect(declared, `${path} declares access ${String(declared)}`).toBe(expected);
      if (procedures[path]!._def.type === "mutation" && expected === "viewer")
        expect(
          CASES[path]!.readOnly || CASES[path]!.selfOnly,
          `${path} is a mutation open to viewers: mark it readOnly if it writes nothing (selfOnly if it changes only the caller's membership)`,
        ).toBe(true);
    }
    for (const path of [...Object.keys(CASES), ...Object.keys(USER_CASES)])
      expect(ALL_PATHS, `case for a procedure that does not exist: ${path}`).toContain(path);
  });

  describe.each(ALL_PATHS.filter((path) => !PUBLIC_PROCEDURES.has(path)))("%s", (path) => {
    it("refuses a signed-out caller", async () => {
      const input = CASES[path]?.input(fixture);
      await expectRefused(null, path, input, ["UNAUTHORIZED"]);
    });

    if (path in USER_CASES) {
      it("shows and changes nothing of another workspace", () => USER_CASES[path]!(fixture, call));
      return;
    }
    const testCase = CASES[path]!;

    it("refuses a member of another workspace who names this one", async () => {
      await expectRefused({ userId: fixture.ownerB, workspaceId: fixture.workspaceA }, path, testCase.input(fixture), [
        "FORBIDDEN",
      ]);
    });

    if (testCase.namesResources) {
      it("refuses this workspace's resources to a member of another workspace acting in theirs", async () => {
        const kind = procedures[path]!._def.type;
        if (kind === "mutation") {
          await expectRefused({ userId: fixture.ownerB }, path, testCase.input(fixture), ["NOT_FOUND", "FORBIDDEN"]);
          return;
        }
        const outcome = await call({ userId: fixture.ownerB }, path, testCase.input(fixture)).then(
          (value) => ({ ok: true as const, value }),
          (error: unknown) => ({ ok: false as const, error }),
        );
        if (outcome.ok) {
          for (const id of idsOfA(fixture)) expect(JSON.stringify(outcome.value ?? null)).not.toContain(id);
        } else {
          expect(["NOT_FOUND", "FORBIDDEN"]).toContain((outcome.error as TRPCError).code);
        }
      });
    } else if (procedures[path]!._def.type !== "mutation") {
      it("returns nothing of this workspace to a member of another workspace", async () => {
        const value = await call({ userId: fixture.ownerB }, path, testCase.input(fixture));
        for (const id of idsOfA(fixture)) expect(JSON.stringify(value ?? null)).not.toContain(id);
      });
    }

    if (testCase.access === "editor" || testCase.access === "owner") {
      it("refuses a viewer", async () => {
        await expectRefused(
          { userId: fixture.viewerA, workspaceId: fixture.workspaceA },
          path,
          testCase.input(fixture),
          ["FORBIDDEN"],
        );
      });
    } else {
      it("serves a viewer", async () => {
        const viewer = testCase.selfOnly ? fixture.leaverA : fixture.viewerA;
        await call({ userId: viewer, workspaceId: fixture.workspaceA }, path, testCase.input(fixture));
      });
    }
    if (testCase.access === "owner") {
      it("refuses an editor", async () => {
        await expectRefused(
          { userId: fixture.editorA, workspaceId: fixture.workspaceA },
          path,
          testCase.input(fixture),
          ["FORBIDDEN"],
        );
      });
    }
  });
});
