import { readFileSync } from "node:fs";
import path from "node:path";

import pg from "pg";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { compile } from "@/core/compiler";
import { callerFor, httpCall, resetWorld } from "@/server/api/testing/api-fixtures";
import { expectRunRefusal, queuedJobs, runsSnapshot } from "@/server/api/testing/run-fixtures";
import { setupTestDatabase } from "@/server/db/test-db";
import { RUN_CANCEL_CHANNEL } from "@/server/runs/contract";
import { appendEvents } from "@/server/runs/live/testing/stored-events";

const db = setupTestDatabase({ queue: true });
const api = () => callerFor(db.prisma);

const EXAMPLES_DIR = path.join(__dirname, "../../../../examples");
const UNKNOWN_ID = "0190c3e2-7f4a-7b1e-9d2c-3a4b5c6d7e8f";

let world: { otherGraphId: string; researchId: string; supportId: string };

beforeEach(async () => {
  const base = await resetWorld(db.prisma);
  await db.prisma.$executeRawUnsafe("DELETE FROM graphile_worker._private_jobs");
  const support = await db.prisma.graph.findFirstOrThrow({ where: { name: "Support triage" }, select: { id: true } });
  world = { ...base, supportId: support.id };
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** A run of the other workspace's graph, written directly (no procedure can make one from here). */
async function otherWorkspaceRun(): Promise<string> {
  const graph = await db.prisma.graph.findUniqueOrThrow({ where: { id: world.otherGraphId } });
  const conversation = await db.prisma.conversation.create({
    data: { workspaceId: graph.workspaceId, graphId: graph.id, title: "secret" },
  });
  const run = await db.prisma.run.create({
    data: {
      workspaceId: graph.workspaceId,
      graphId: graph.id,
      graphName: graph.name,
      contentHash: "x",
      conversationId: conversation.id,
      input: "secret",
    },
  });
  return run.id;
}

describe("runs.start", () => {
  it("runs the draft when no version is published: a queued run, its conversation and one job", async () => {
    const started = await api().runs.start({ graphId: world.researchId, input: "Electric bikes\nmore detail" });
    const draft = (await api().graphs.get({ graphId: world.researchId })).draft;
    const compiled = compile(draft);

    const run = await db.prisma.run.findUniqueOrThrow({ where: { id: started.runId } });
    expect(run).toMatchObject({
      status: "queued",
      graphId: world.researchId,
      graphName: "Research team",
      versionId: null,
      draftRevision: 1,
      contentHash: compiled.hash,
      conversationId: started.conversationId,
      input: "Electric bikes\nmore detail",
      options: {},
      simulated: true,
    });
    expect(run.definition).toEqual(compiled.definition);
    const conversation = await db.prisma.conversation.findUniqueOrThrow({ where: { id: started.conversationId } });
    expect(conversation).toMatchObject({ graphId: world.researchId, title: "Electric bikes" });
    expect(await queuedJobs(db.prisma)).toEqual([{ task: "ags_run", payload: { runId: started.runId } }]);
  });

  it("runs the published version by default, a numbered version or the draft on request", async () => {
    await api().versions.create({ graphId: world.researchId });
    await api().versions.publish({ graphId: world.researchId, version: 1 });
    const version = await db.prisma.graphVersion.findFirstOrThrow({ where: { graphId: world.researchId } });

    const byDefault = await api().runs.start({ graphId: world.researchId, input: "a" });
    const numbered = await api().runs.start({ graphId: world.researchId, version: 1, input: "b" });
    const draft = await api().runs.start({ graphId: world.researchId, version: "draft", input: "c" });
    const rows = await db.prisma.run.findMany({
      where: { id: { in: [byDefault.runId, numbered.runId, draft.runId] } },
      select: { id: true, versionId: true, definition: true, contentHash: true },
    });
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(byDefault.runId)).toMatchObject({
      versionId: version.id,
      definition: null,
      contentHash: version.contentHash,
    });
    expect(byId.get(numbered.runId)).toMatchObject({ versionId: version.id, definition: null });
    expect(byId.get(draft.runId)).toMatchObject({ versionId: null, contentHash: version.contentHash });
    expect(byId.get(draft.runId)?.definition).not.toBeNull();
  });

  it("continues a conversation and stores the options it was given", async () => {
    const first = await api().runs.start({ graphId: world.researchId, input: "first" });
    const second = await api().runs.start({
      graphId: world.researchId,
      input: "second",
      conversationId: first.conversationId,
      options: { forceSync: true, budgets: { maxSteps: 5, maxCostUsd: 0.5 } },
    });
    expect(second.conversationId).toBe(first.conversationId);
    expect(await db.prisma.conversation.count()).toBe(1);
    const run = await db.prisma.run.findUniqueOrThrow({ where: { id: second.runId } });
    expect(run.options).toEqual({ forceSync: true, budgets: { maxSteps: 5, maxCostUsd: 0.5 } });

    const conversation = await api().conversations.get({ conversationId: first.conversationId });
    expect(conversation).toMatchObject({ title: "first", runCount: 2 });
    expect(conversation.runs.map((r) => r.id)).toEqual([first.runId, second.runId]);
    const list = await api().conversations.list({ graphId: world.researchId });
    expect(list.map((c) => c.id)).toEqual([first.conversationId]);
  });

  it("accepts an input of exactly 1 MB", async () => {
    const started = await api().runs.start({ graphId: world.researchId, input: "a".repeat(1024 * 1024) });
    expect((await db.prisma.run.findUniqueOrThrow({ where: { id: started.runId } })).input).toHaveLength(1024 * 1024);
  });
});

describe("runs.start refusals write nothing", () => {
  it("refuses unknown graphs, another workspace's graph and malformed ids", async () => {
    await expectRunRefusal(
      db.prisma,
      { path: "runs.start", input: { graphId: UNKNOWN_ID, input: "x" } },
      "NOT_FOUND",
      new RegExp(UNKNOWN_ID),
    );
    await expectRunRefusal(
      db.prisma,
      { path: "runs.start", input: { graphId: world.otherGraphId, input: "x" } },
      "NOT_FOUND",
    );
    await expectRunRefusal(
      db.prisma,
      { path: "runs.start", input: { graphId: "nope", input: "x" } },
      "BAD_REQUEST",
      /graph id/,
    );
  });

  it("refuses an unknown version", async () => {
    await expectRunRefusal(
      db.prisma,
      { path: "runs.start", input: { graphId: world.researchId, version: 7, input: "x" } },
      "NOT_FOUND",
      /has no version 7/,
    );
  });

  it("refuses a draft that does not compile, with the diagnostics", async () => {
    const cycle = JSON.parse(readFileSync(path.join(EXAMPLES_DIR, "broken/cycle.json"), "utf8")) as unknown;
    await api().graphs.updateDraft({ graphId: world.researchId, revision: 1, draft: cycle });
    const error = await expectRunRefusal(
      db.prisma,
      { path: "runs.start", input: { graphId: world.researchId, input: "x" } },
      "UNPROCESSABLE_CONTENT",
      /does not compile, so its draft cannot run: /,
    );
    expect(error.status).toBe(422);
    expect(error.data.diagnostics?.some((d) => d.severity === "error" && /cycle/i.test(d.code))).toBe(true);
  });

  it("refuses an input over 1 MB, counted in UTF-8 bytes", async () => {
    await expectRunRefusal(
      db.prisma,
      { path: "runs.start", input: { graphId: world.researchId, input: "a".repeat(1024 * 1024 + 1) } },
      "BAD_REQUEST",
      /input.*larger than the run input limit of 1 MB/,
    );
    // 349,526 characters, 1,048,578 bytes.
    await expectRunRefusal(
      db.prisma,
      { path: "runs.start", input: { graphId: world.researchId, input: "€".repeat(349_526) } },
      "BAD_REQUEST",
      /1 MB/,
    );
  });

  it("refuses an input with a NUL character (PostgreSQL text cannot hold it)", async () => {
    await expectRunRefusal(
      db.prisma,
      { path: "runs.start", input: { graphId: world.researchId, input: "a\u0000b" } },
      "BAD_REQUEST",
      /NUL character/,
    );
  });

  it("refuses budget overrides out of range and unknown options", async () => {
    const start = (options: unknown) => ({
      path: "runs.start",
      input: { graphId: world.researchId, input: "x", options },
    });
    await expectRunRefusal(db.prisma, start({ budgets: { maxSteps: 0 } }), "BAD_REQUEST", /maxSteps/);
    await expectRunRefusal(db.prisma, start({ budgets: { maxCostUsd: -1 } }), "BAD_REQUEST", /maxCostUsd/);
    await expectRunRefusal(db.prisma, start({ budgets: { maxWallSeconds: 100_000 } }), "BAD_REQUEST", /maxWallSeconds/);
    await expectRunRefusal(db.prisma, start({ budgets: { maxTokens: 1.5 } }), "BAD_REQUEST", /maxTokens/);
    await expectRunRefusal(db.prisma, start({ budgets: { maxMinutes: 3 } }), "BAD_REQUEST", /maxMinutes/);
    await expectRunRefusal(db.prisma, start({ forceSync: "yes" }), "BAD_REQUEST", /forceSync/);
  });

  it("refuses an unknown conversation and another graph's conversation", async () => {
    await expectRunRefusal(
      db.prisma,
      { path: "runs.start", input: { graphId: world.researchId, input: "x", conversationId: UNKNOWN_ID } },
      "NOT_FOUND",
      /Conversation .* does not exist/,
    );
    const other = await api().runs.start({ graphId: world.supportId, input: "support" });
    await expectRunRefusal(
      db.prisma,
      { path: "runs.start", input: { graphId: world.researchId, input: "x", conversationId: other.conversationId } },
      "NOT_FOUND",
      /one graph only/,
    );
  });

  it("refuses a start past the workspace's concurrent-run limit, and finished runs free their place", async () => {
    vi.stubEnv("AGS_MAX_CONCURRENT_RUNS", "2");
    const first = await api().runs.start({ graphId: world.researchId, input: "1" });
    await api().runs.start({ graphId: world.researchId, input: "2" });
    const error = await expectRunRefusal(
      db.prisma,
      { path: "runs.start", input: { graphId: world.researchId, input: "3" } },
      "TOO_MANY_REQUESTS",
      /already has 2 runs queued or running, the most it may have at once \(2\).*AGS_MAX_CONCURRENT_RUNS/,
    );
    expect(error.status).toBe(429);
    await db.prisma.run.update({ where: { id: first.runId }, data: { status: "completed" } });
    await api().runs.start({ graphId: world.researchId, input: "3" });
  });

  it("holds the limit under a burst of concurrent starts", async () => {
    vi.stubEnv("AGS_MAX_CONCURRENT_RUNS", "3");
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, index) => api().runs.start({ graphId: world.researchId, input: `${index}` })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
    for (const result of results)
      if (result.status === "rejected") expect((result.reason as Error).message).toMatch(/most it may have at once/);
    expect(await db.prisma.run.count()).toBe(3);
    expect(await db.prisma.conversation.count()).toBe(3);
    expect(await queuedJobs(db.prisma)).toHaveLength(3);
  });
});

describe("runs.cancel and runs.cancelTask", () => {
  /** Listens on the cancel channel; `next()` resolves with the next payload. */
  async function cancelListener() {
    const client = new pg.Client({ connectionString: db.connectionString });
    await client.connect();
    const payloads: unknown[] = [];
    client.on("notification", (message) => payloads.push(JSON.parse(message.payload ?? "null")));
    await client.query(`LISTEN ${RUN_CANCEL_CHANNEL}`);
    return {
      payloads,
      async settle() {
        await client.query("SELECT 1"); // a round trip: notifications sent before it have arrived
      },
      close: () => client.end(),
    };
  }

  it("records the request on the run and tells the workers", async () => {
    const listener = await cancelListener();
    try {
      const { runId } = await api().runs.start({ graphId: world.researchId, input: "x" });
      const result = await api().runs.cancel({ runId, reason: "changed my mind" });
      expect(result).toMatchObject({ runId, status: "queued", requested: true });
      const run = await db.prisma.run.findUniqueOrThrow({ where: { id: runId } });
      expect(run.cancelRequestedAt).not.toBeNull();
      expect(run.cancelReason).toBe("changed my mind");
      await listener.settle();
      expect(listener.payloads).toEqual([{ runId, reason: "changed my mind" }]);
    } finally {
      await listener.close();
    }
  });

  it("says so, and writes nothing, when the run is already over", async () => {
    const { runId } = await api().runs.start({ graphId: world.researchId, input: "x" });
    await db.prisma.run.update({ where: { id: runId }, data: { status: "completed" } });
    const before = await runsSnapshot(db.prisma);
    const result = await httpCall(db.prisma, "runs.cancel", { runId }, "mutation");
    expect(result).toMatchObject({ ok: true, data: { requested: false, status: "completed" } });
    expect((result as { data: { message: string } }).data.message).toMatch(
      /already over \(completed\); nothing to cancel/,
    );
    expect(await runsSnapshot(db.prisma)).toEqual(before);
  });

  it("cancels one running background task, without marking the run", async () => {
    const listener = await cancelListener();
    try {
      const { runId } = await api().runs.start({ graphId: world.researchId, input: "x" });
      await db.prisma.run.update({ where: { id: runId }, data: { status: "running" } });
      const task = {
        runId,
        handoffId: "h1",
        agentId: "critic",
        ownerAgentId: "lead",
        childSessionKey: "k",
        reason: "background",
        startedAt: new Date(),
      };
      await db.prisma.backgroundTask.create({ data: { ...task, taskId: "task-1", status: "RUNNING" } });
      await db.prisma.backgroundTask.create({ data: { ...task, taskId: "task-2", status: "COMPLETED" } });

      expect(await api().runs.cancelTask({ runId, taskId: "task-1" })).toMatchObject({ requested: true });
      expect(await api().runs.cancelTask({ runId, taskId: "task-2" })).toMatchObject({ requested: false });
      await listener.settle();
      expect(listener.payloads).toEqual([{ runId, taskId: "task-1", reason: "cancelled by request" }]);
      expect((await db.prisma.run.findUniqueOrThrow({ where: { id: runId } })).cancelRequestedAt).toBeNull();
      await expectRunRefusal(
        db.prisma,
        { path: "runs.cancelTask", input: { runId, taskId: "task-9" } },
        "NOT_FOUND",
        /has no background task task-9/,
      );
    } finally {
      await listener.close();
    }
  });

  it("refuses unknown runs and another workspace's runs", async () => {
    const secret = await otherWorkspaceRun();
    for (const runId of [UNKNOWN_ID, secret]) {
      await expectRunRefusal(db.prisma, { path: "runs.cancel", input: { runId } }, "NOT_FOUND", new RegExp(runId));
      await expectRunRefusal(db.prisma, { path: "runs.cancelTask", input: { runId, taskId: "t" } }, "NOT_FOUND");
      await expectRunRefusal(db.prisma, { path: "runs.get", input: { runId }, kind: "query" }, "NOT_FOUND");
      await expectRunRefusal(db.prisma, { path: "runs.exportTrace", input: { runId }, kind: "query" }, "NOT_FOUND");
      await expectRunRefusal(db.prisma, { path: "runs.rollups", input: { runId }, kind: "query" }, "NOT_FOUND");
    }
    const range = { from: "2020-01-01T00:00:00Z", to: "2020-12-31T00:00:00Z" };
    await expectRunRefusal(
      db.prisma,
      { path: "runs.costsByDay", input: { ...range, graphId: world.otherGraphId }, kind: "query" },
      "NOT_FOUND",
    );
    await expectRunRefusal(
      db.prisma,
      { path: "runs.costsByDay", input: { from: "2020-01-01T00:00:00Z", to: "2022-01-01T00:00:00Z" }, kind: "query" },
      "BAD_REQUEST",
      /at most 366 days/,
    );
    expect((await api().runs.list({})).items.map((item) => item.id)).not.toContain(secret);
    // The other workspace's run was created just now: no day of this workspace counts it.
    const now = Date.now();
    const today = { from: new Date(now - 86_400_000).toISOString(), to: new Date(now + 86_400_000).toISOString() };
    expect(await api().runs.costsByDay(today)).toEqual([]);
    await expectRunRefusal(db.prisma, { path: "runs.cancel", input: { runId: "x" } }, "BAD_REQUEST", /run id/);
    await expectRunRefusal(
      db.prisma,
      { path: "conversations.get", input: { conversationId: UNKNOWN_ID }, kind: "query" },
      "NOT_FOUND",
    );
    await expectRunRefusal(
      db.prisma,
      { path: "conversations.list", input: { graphId: world.otherGraphId }, kind: "query" },
      "NOT_FOUND",
    );
  });
});

describe("runs.list", () => {
  it("filters by graph, version, status, date range and text, newest first, a page at a time", async () => {
    await api().versions.create({ graphId: world.researchId });
    const version = await db.prisma.graphVersion.findFirstOrThrow({ where: { graphId: world.researchId } });
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1)
      ids.push((await api().runs.start({ graphId: world.researchId, input: `bikes ${index}` })).runId);
    ids.push((await api().runs.start({ graphId: world.researchId, version: 1, input: "trains" })).runId);
    ids.push((await api().runs.start({ graphId: world.supportId, input: "refund please" })).runId);
    await db.prisma.run.update({
      where: { id: ids[0] },
      data: { status: "completed", costUsd: 0.25, unpricedCalls: 1, handoffs: 3, failedHandoffs: 1, inputTokens: 10 },
    });
    await db.prisma.run.update({ where: { id: ids[1] }, data: { status: "failed", error: "model exploded" } });
    await db.prisma.run.update({ where: { id: ids[6] }, data: { createdAt: new Date("2020-01-01T00:00:00Z") } });

    const all = await api().runs.list({});
    expect(all.items.map((item) => item.id)).toEqual([...ids.slice(0, 6)].reverse().concat(ids[6] as string));
    const first = all.items.find((item) => item.id === ids[0]);
    expect(first).toMatchObject({
      status: "completed",
      costUsd: null,
      pricedCostUsd: 0.25,
      unpricedCalls: 1,
      handoffs: 3,
      failedHandoffs: 1,
      inputTokens: 10,
      version: null,
    });
    expect(all.items.find((item) => item.id === ids[5])).toMatchObject({ version: 1, versionId: version.id });

    const idsOf = async (input: Parameters<ReturnType<typeof api>["runs"]["list"]>[0]) =>
      (await api().runs.list(input)).items.map((item) => item.id).sort();
    expect(await idsOf({ graphId: world.supportId })).toEqual([ids[6]]);
    expect(await idsOf({ versionId: version.id })).toEqual([ids[5]]);
    expect(await idsOf({ status: "failed" })).toEqual([ids[1]]);
    expect(await idsOf({ status: ["failed", "completed"] })).toEqual([ids[0], ids[1]].sort());
    expect(await idsOf({ to: "2021-01-01T00:00:00Z" })).toEqual([ids[6]]);
    expect(await idsOf({ from: "2021-01-01T00:00:00Z", graphId: world.supportId })).toEqual([]);
    expect(await idsOf({ q: "BIKES" })).toEqual(ids.slice(0, 5).sort());
    expect(await idsOf({ q: "exploded" })).toEqual([ids[1]]);
    expect(await idsOf({ q: "100%" })).toEqual([]);

    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await api().runs.list({ limit: 3, cursor });
      pages.push(page.items.map((item) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(all.items.map((item) => item.id));
  });

  it("pages through runs that started at the same millisecond without losing or repeating one", async () => {
    const ids: string[] = [];
    for (let index = 0; index < 7; index += 1)
      ids.push((await api().runs.start({ graphId: world.researchId, input: `tie ${index}` })).runId);
    await db.prisma.run.updateMany({
      where: { id: { in: ids.slice(1, 6) } },
      data: { createdAt: new Date("2024-05-05T05:05:05.005Z") },
    });
    const all = (await api().runs.list({})).items.map((item) => item.id);
    const pages: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await api().runs.list({ limit: 2, cursor });
      pages.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(pages).toEqual(all);
    expect(new Set(pages)).toEqual(new Set(ids));
  });

  it("refuses a cursor it did not make and a backwards date range", async () => {
    await expectRunRefusal(
      db.prisma,
      { path: "runs.list", input: { cursor: "bm9wZQ" }, kind: "query" },
      "BAD_REQUEST",
      /cursor/,
    );
    await expectRunRefusal(
      db.prisma,
      { path: "runs.list", input: { from: "2026-02-01T00:00:00Z", to: "2026-01-01T00:00:00Z" }, kind: "query" },
      "BAD_REQUEST",
      /before/,
    );
  });
});

describe("runs.get and runs.exportTrace", () => {
  it("returns the run with its span tree and subtree totals", async () => {
    const { runId } = await api().runs.start({ graphId: world.researchId, input: "x" });
    const at = new Date("2026-01-01T00:00:00Z");
    const span = (spanId: string, parentSpanId: string | null, kind: string, extra: object = {}) => ({
      runId,
      spanId,
      parentSpanId,
      kind,
      name: spanId,
      status: "completed",
      startedAt: at,
      ...extra,
    });
    await db.prisma.runSpan.createMany({
      data: [
        span("run", null, "RUN"),
        span("lead", "run", "AGENT", { agentId: "lead" }),
        span("m1", "lead", "MODEL_CALL", { inputTokens: 10, outputTokens: 5, cachedInputTokens: 0, costUsd: 0.5 }),
        span("t1", "lead", "TOOL_CALL"),
        span("h1", "t1", "HANDOFF", { edge: "lead/subagent_critic->critic" }),
        span("critic", "h1", "AGENT", { agentId: "critic", source: "lead/critic" }),
        span("m2", "critic", "MODEL_CALL", { inputTokens: 3, outputTokens: 2, cachedInputTokens: 1, costUsd: null }),
      ],
    });
    const run = await api().runs.get({ runId });
    expect(run).toMatchObject({ id: runId, status: "queued", input: "x" });
    expect(run.spans).toHaveLength(1);
    const root = run.spans[0];
    expect(root?.totals).toMatchObject({ inputTokens: 13, outputTokens: 7, costUsd: null, pricedCostUsd: 0.5 });
    expect(root?.totals.unpricedCalls).toBe(1);
    const lead = root?.children[0];
    expect(lead?.children.map((child) => child.spanId)).toEqual(["m1", "t1"]);
    const critic = lead?.children[1]?.children[0]?.children[0];
    expect(critic).toMatchObject({ spanId: "critic", source: "lead/critic" });
    expect(critic?.totals).toMatchObject({ inputTokens: 3, costUsd: null, modelCalls: 1 });
    expect(lead?.children[0]?.totals).toMatchObject({ costUsd: 0.5, modelCalls: 1 });
  });

  it("exports the run, its definition and its events", async () => {
    const { runId } = await api().runs.start({ graphId: world.researchId, input: "x" });
    await appendEvents(db.prisma, runId, 0, 4, { end: true });
    const exported = await api().runs.exportTrace({ runId });
    expect(exported).toMatchObject({ format: "agent-graph-studio/trace", formatVersion: 1, run: { id: runId } });
    expect(exported.fileName).toBe(`run-${runId}.json`);
    expect(exported.events.map((event) => [event.seq, event.type])).toEqual([
      [0, "RUN_START"],
      [1, "TEXT_DELTA"],
      [2, "TEXT_DELTA"],
      [3, "RUN_END"],
    ]);
    expect(exported.definition).toMatchObject({ graphName: "Research team" });
  });
});
