/**
 * End to end through real HTTP with a real worker: `runs.start` on one web
 * server, the in-process worker executes the run, its events stream over
 * SSE from another web server process (its own LISTEN hub), a reconnecting
 * subscriber resumes without gap or duplicate, and `runs.cancel` sent to the
 * second process stops a run streamed from the first.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RuntimeEvent } from "@/core/runtime/events";
import { buildTrace, verifyTrace } from "@/core/trace";
import { callerFor, resetWorld } from "@/server/api/testing/api-fixtures";
import { startApiServer, type ApiServer } from "@/server/api/testing/api-server";
import { openSse, subscriptionUrl, type SseMessage } from "@/server/api/testing/sse";
import { REPO_ROOT } from "@/server/db/paths";
import { setupTestDatabase } from "@/server/db/test-db";
import { RunEventHub } from "@/server/runs/live/run-event-hub";
import { startRunWorker, type RunWorker } from "@/server/runs/worker";

const db = setupTestDatabase({ queue: true });
let hub: RunEventHub;
let serverA: ApiServer;
let urlB: string;
let child: ChildProcess | null = null;
let worker: RunWorker;
let world: { researchId: string; supportId: string };
const quiet = { info: () => {}, warn: () => {}, error: (message: string) => console.error(message) };

/** Starts the second web process; resolves with its API URL. */
async function spawnApiProcess(): Promise<string> {
  const script = path.join(REPO_ROOT, "src", "server", "api", "testing", "serve-api-main.ts");
  const process2 = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: db.connectionString },
    stdio: ["pipe", "pipe", "pipe"],
  });
  child = process2;
  let output = "";
  process2.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API process did not start:\n${output}`)), 60_000);
    process2.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /API (\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    process2.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the API process exited (${code}):\n${output}`));
    });
  });
}

beforeAll(async () => {
  const base = await resetWorld(db.prisma);
  const support = await db.prisma.graph.findFirstOrThrow({ where: { name: "Support triage" }, select: { id: true } });
  world = { ...base, supportId: support.id };
  hub = new RunEventHub({ connectionString: db.connectionString });
  serverA = await startApiServer({ prisma: db.prisma, hub });
  urlB = await spawnApiProcess();
  worker = await startRunWorker({ connectionString: db.connectionString, concurrency: 4, logger: quiet });
});

afterAll(async () => {
  await worker?.stop();
  await serverA?.close();
  await hub?.close();
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child?.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }
});

/** Calls a mutation over HTTP; returns its data or throws its message. */
async function mutate<T>(url: string, procedure: string, input: unknown): Promise<T> {
  const response = await fetch(`${url}/${procedure}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(input),
  });
  const body = (await response.json()) as { result?: { data: T }; error?: { message: string } };
  if (!body.result) throw new Error(body.error?.message ?? `HTTP ${response.status}`);
  return body.result.data;
}

/** Reads data messages until `return` (or `count` of them); checks each id is its event's seq. */
async function readEvents(messages: AsyncGenerator<SseMessage>, count = Number.POSITIVE_INFINITY) {
  const events: RuntimeEvent[] = [];
  for await (const message of messages) {
    if (message.event === "return") return { events, ended: true };
    if (message.event === "serialized-error") throw new Error(message.data);
    if (message.event !== "message") continue;
    const event = JSON.parse(message.data) as RuntimeEvent;
    expect(message.id).toBe(String(event.seq));
    events.push(event);
    if (events.length >= count) {
      await messages.return(undefined);
      return { events, ended: false };
    }
  }
  return { events, ended: false };
}

const seqs = (events: RuntimeEvent[]) => events.map((event) => event.seq);
const eventsUrl = (url: string, runId: string) => subscriptionUrl(url, "runs.events", { runId });

describe("runs end to end over HTTP, with a worker", () => {
  it("streams a run started on one server live to a subscriber of another process, then reads it back", async () => {
    const { runId } = await mutate<{ runId: string }>(serverA.url, "runs.start", {
      graphId: world.researchId,
      input: "Is remote work here to stay?",
    });
    const streamed = await readEvents(await openSse(eventsUrl(urlB, runId)));
    expect(streamed.ended).toBe(true);
    expect(seqs(streamed.events)).toEqual(streamed.events.map((_, index) => index));
    const end = streamed.events.at(-1);
    expect(end).toMatchObject({ type: "RUN_END", status: "completed" });
    expect(verifyTrace(buildTrace(streamed.events))).toEqual([]);

    const api = callerFor(db.prisma);
    const exported = await api.runs.exportTrace({ runId });
    expect(exported.events).toEqual(streamed.events);

    const run = await api.runs.get({ runId });
    expect(run).toMatchObject({ status: "completed", eventCount: streamed.events.length, handoffs: 3 });
    expect(run.spans).toHaveLength(1);
    expect(run.spans[0]).toMatchObject({ kind: "RUN", status: "completed" });
    const agents = run.spans[0]?.children.filter((span) => span.kind === "AGENT") ?? [];
    expect(agents.map((span) => span.agentId)).toEqual(["lead"]);

    // Rollups against independent sums over the streamed MODEL_CALL_END events.
    const calls = streamed.events.filter((event) => event.type === "MODEL_CALL_END");
    const rollups = await api.runs.rollups({ runId });
    expect(rollups.total.modelCalls).toBe(calls.length);
    expect(rollups.total.inputTokens).toBe(calls.reduce((sum, call) => sum + (call.usage?.inputTokens ?? 0), 0));
    expect(rollups.total.pricedCostUsd).toBeCloseTo(
      calls.reduce((sum, call) => sum + (call.costUsd ?? 0), 0),
      12,
    );
    expect(run.spans[0]?.totals.pricedCostUsd).toBeCloseTo(rollups.total.pricedCostUsd, 12);
    expect(rollups.byAgent.map((row) => row.agentId).sort()).toEqual([
      "critic",
      "data-analyst",
      "lead",
      "web-researcher",
    ]);
    expect(rollups.byEdge).toHaveLength(3);

    const today = new Date();
    const day = today.toISOString().slice(0, 10);
    const costs = await api.runs.costsByDay({
      from: new Date(Date.parse(`${day}T00:00:00Z`)).toISOString(),
      to: new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString(),
      graphId: world.researchId,
    });
    expect(costs).toEqual([expect.objectContaining({ day, graphId: world.researchId, runs: 1 })]);
    expect(costs[0]?.pricedCostUsd).toBeCloseTo(rollups.total.pricedCostUsd, 12);

    const listed = await api.runs.list({ graphId: world.researchId });
    expect(listed.items[0]).toMatchObject({ id: runId, status: "completed", handoffs: 3, failedHandoffs: 0 });
  });

  it("resumes a live stream after a disconnect with no gap and no duplicate", async () => {
    const { runId } = await mutate<{ runId: string }>(serverA.url, "runs.start", {
      graphId: world.researchId,
      input: "Resume me",
    });
    const first = await readEvents(await openSse(eventsUrl(serverA.url, runId)), 6);
    const last = String(first.events.at(-1)?.seq);
    // Resumed on the other process: any web process serves any run.
    const rest = await readEvents(await openSse(eventsUrl(urlB, runId), { lastEventId: last }));
    expect(rest.ended).toBe(true);
    const all = [...first.events, ...rest.events];
    expect(seqs(all)).toEqual(all.map((_, index) => index));
    expect(all).toEqual((await callerFor(db.prisma).runs.exportTrace({ runId })).events);
  });

  it("stops a run streamed from one server when the other process cancels it: every START closed, RUN_END cancelled", async () => {
    const api = callerFor(db.prisma);
    const graph = await api.graphs.get({ graphId: world.researchId });
    // Every scripted model waits 60 s: the run is certainly still going when the cancel arrives.
    const slow = JSON.parse(JSON.stringify(graph.draft).replaceAll(/"latencyMs":\d+/g, '"latencyMs":60000')) as unknown;
    await api.graphs.updateDraft({ graphId: world.researchId, revision: graph.revision, draft: slow });
    const { runId } = await mutate<{ runId: string }>(serverA.url, "runs.start", {
      graphId: world.researchId,
      version: "draft",
      input: "Stop me",
    });

    const messages = await openSse(eventsUrl(serverA.url, runId));
    const events: RuntimeEvent[] = [];
    let cancelled: unknown = null;
    for await (const message of messages) {
      if (message.event === "return") break;
      if (message.event !== "message") continue;
      const event = JSON.parse(message.data) as RuntimeEvent;
      events.push(event);
      if (event.type === "MODEL_CALL_START" && cancelled === null)
        cancelled = await mutate(urlB, "runs.cancel", { runId, reason: "stopped from process B" });
    }
    expect(cancelled).toMatchObject({ runId, requested: true, status: "running" });
    expect(events.at(-1)).toMatchObject({ type: "RUN_END", status: "cancelled" });
    const trace = buildTrace(events);
    expect(verifyTrace(trace)).toEqual([]);
    expect([...trace.spans.values()].filter((span) => span.status === "running")).toEqual([]);
    const run = await api.runs.get({ runId });
    expect(run).toMatchObject({ status: "cancelled", cancelReason: "stopped from process B" });

    // Cancelling it again says it is over and changes nothing.
    expect(await mutate(urlB, "runs.cancel", { runId })).toMatchObject({ requested: false, status: "cancelled" });
  });

  it("cancels one background task through the other process as soon as the stream shows it; the run goes on", async () => {
    const api = callerFor(db.prisma);
    const graph = await api.graphs.get({ graphId: world.supportId });
    const slower = JSON.parse(
      JSON.stringify(graph.draft).replaceAll(/"latencyMs":\d+/g, '"latencyMs":1000'),
    ) as unknown;
    await api.graphs.updateDraft({ graphId: world.supportId, revision: graph.revision, draft: slower });
    const { runId } = await mutate<{ runId: string }>(serverA.url, "runs.start", {
      graphId: world.supportId,
      input: "My invoice is wrong and I want a refund",
    });

    const events: RuntimeEvent[] = [];
    let cancelled: unknown = null;
    for await (const message of await openSse(eventsUrl(serverA.url, runId))) {
      if (message.event === "return") break;
      if (message.event !== "message") continue;
      const event = JSON.parse(message.data) as RuntimeEvent;
      events.push(event);
      // The task's row is written in the same transaction as the event: it is known as soon as the event is seen.
      if (event.type === "TASK_ACCEPTED" && cancelled === null)
        cancelled = await mutate(urlB, "runs.cancelTask", { runId, taskId: event.taskId, reason: "not needed" });
    }
    const accepted = events.find((event) => event.type === "TASK_ACCEPTED");
    expect(accepted).toBeDefined();
    expect(cancelled).toMatchObject({
      requested: true,
      taskId: accepted && "taskId" in accepted ? accepted.taskId : "",
    });
    expect(events).toContainEqual(expect.objectContaining({ type: "TASK_CANCELLED", reason: "not needed" }));
    expect(events.at(-1)).toMatchObject({ type: "RUN_END", status: "completed" });
    expect(verifyTrace(buildTrace(events))).toEqual([]);
  });
});
