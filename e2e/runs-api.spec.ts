import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, test, type APIRequestContext } from "@playwright/test";

import type { RuntimeEvent } from "../src/core/runtime/events";
import { buildTrace, verifyTrace } from "../src/core/trace";
import { openSse, subscriptionUrl, type SseMessage } from "../src/server/api/testing/sse";
import { findFreePort } from "../src/server/db/embedded/ports";
import { PASSWORD_FILE } from "../src/server/db/embedded/superuser-password";
import { e2eDataDir } from "./support/e2e-data-dir";
import { ownerCookieHeader } from "./support/e2e-owner";

/**
 * Issue 10 end to end on `npm start`'s stack: runs started through Next's
 * real /api/trpc route, executed by the in-process worker (and by a second
 * `npm run worker` process), their events streamed over SSE through Next to
 * this test process, resumed, cancelled, and read back from PostgreSQL.
 * No browser: the API as any client sees it.
 */

// The tests share one workspace and its concurrent-run limit: one after another, in one worker. Two of them hold
// the workspace's run slots for a few seconds (the limit test fills all AGS_MAX_CONCURRENT_RUNS, the second-worker
// test the in-process worker's AGS_WORKER_CONCURRENCY); a spec of another file starting runs at that moment, on
// another Playwright worker, would see a 429 or wait for a slot.
test.describe.configure({ mode: "default" });

/** The e2e database, as `playwright.config.ts` starts it (a second worker finds it through these). */
const PG_PORT = Number(process.env.AGS_E2E_PG_PORT ?? 54400);
/** The in-process worker's concurrency (`npm start` reads the same variable; default 10). */
const IN_PROCESS_CONCURRENCY = Number(process.env.AGS_WORKER_CONCURRENCY || 10);
const FINAL = ["completed", "failed", "cancelled", "budget_exceeded"];

interface TrpcError {
  message: string;
  data: { code: string; httpStatus: number };
}
type Answer<T> = { ok: true; data: T } | { ok: false; error: TrpcError };

async function query<T>(request: APIRequestContext, name: string, input: unknown): Promise<T> {
  const response = await request.get(`/api/trpc/${name}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(response.ok(), `${name}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

async function tryMutate<T>(request: APIRequestContext, name: string, input: unknown): Promise<Answer<T>> {
  const response = await request.post(`/api/trpc/${name}`, { data: input });
  const body = (await response.json()) as { result?: { data: T }; error?: TrpcError };
  if (body.result) return { ok: true, data: body.result.data };
  return {
    ok: false,
    error: body.error ?? { message: `HTTP ${response.status()}`, data: { code: "?", httpStatus: 0 } },
  };
}

async function mutate<T>(request: APIRequestContext, name: string, input: unknown): Promise<T> {
  const answer = await tryMutate<T>(request, name, input);
  if (!answer.ok) throw new Error(`${name}: ${answer.error.message}`);
  return answer.data;
}

interface Span {
  kind: string;
  status: string;
  agentId: string | null;
  children: Span[];
}
interface RunDetail {
  id: string;
  status: string;
  error: string | null;
  eventCount: number;
  handoffs: number;
  failedHandoffs: number;
  workerId: string | null;
  cancelReason: string | null;
  costUsd: number | null;
  pricedCostUsd: number;
  inputTokens: number;
  outputTokens: number;
  spans: (Span & { totals: { pricedCostUsd: number; modelCalls: number } })[];
}
interface Figures {
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
  pricedCostUsd: number;
}
interface Rollups {
  total: Figures;
  byAgent: (Figures & { agentId: string })[];
  byModel: (Figures & { provider: string; model: string })[];
  byEdge: (Figures & { edge: string })[];
}

const getRun = (request: APIRequestContext, runId: string) => query<RunDetail>(request, "runs.get", { runId });

const startRun = (
  request: APIRequestContext,
  input: { graphId: string; input: string; version?: number | "draft"; conversationId?: string },
) => mutate<{ runId: string; conversationId: string }>(request, "runs.start", input);

/** The SSE stream of `runs.events` through Next, read by `fetch` in this process. */
function openEvents(baseURL: string | undefined, runId: string, options: { lastEventId?: string } = {}) {
  // Signed in as the owner (the page and request fixtures carry the session through storageState; fetch does not).
  return openSse(subscriptionUrl(`${baseURL}/api/trpc`, "runs.events", { runId }), {
    ...options,
    cookie: ownerCookieHeader(),
  });
}

/**
 * Reads data messages until tRPC's `return` (or `count` of them, then
 * closes); checks every SSE id is its event's seq. `onEvent` sees each event
 * as it arrives.
 */
async function readEvents(
  messages: AsyncGenerator<SseMessage>,
  options: { count?: number; onEvent?: (event: RuntimeEvent) => Promise<void> | void } = {},
): Promise<{ events: RuntimeEvent[]; ended: boolean }> {
  const events: RuntimeEvent[] = [];
  for await (const message of messages) {
    if (message.event === "return") return { events, ended: true };
    if (message.event === "serialized-error") throw new Error(`the stream failed: ${message.data}`);
    if (message.event !== "message") continue;
    const event = JSON.parse(message.data) as RuntimeEvent;
    expect(message.id).toBe(String(event.seq));
    events.push(event);
    await options.onEvent?.(event);
    if (events.length >= (options.count ?? Number.POSITIVE_INFINITY)) {
      await messages.return(undefined);
      return { events, ended: false };
    }
  }
  return { events, ended: false };
}

const seqs = (events: RuntimeEvent[]) => events.map((event) => event.seq);
const consecutive = (events: RuntimeEvent[]) => events.map((_, index) => index);

/** Checks a stream against what is stored: the same events, seqs 0..n-1, a well-formed trace ending with RUN_END. */
async function expectStoredEqualsStreamed(request: APIRequestContext, runId: string, streamed: RuntimeEvent[]) {
  expect(seqs(streamed)).toEqual(consecutive(streamed));
  expect(streamed.at(-1)?.type).toBe("RUN_END");
  expect(verifyTrace(buildTrace(streamed))).toEqual([]);
  const exported = await query<{ format: string; run: { id: string }; events: RuntimeEvent[] }>(
    request,
    "runs.exportTrace",
    { runId },
  );
  expect(exported.format).toBe("agent-graph-studio/trace");
  expect(exported.run.id).toBe(runId);
  expect(exported.events).toEqual(streamed);
}

/** A graph whose sub-agent's model takes ten minutes to answer: a run of it goes on until it is cancelled. */
const LONG_RUN_GRAPH = {
  schemaVersion: 1,
  name: "E2E long run",
  description: "A lead that delegates to a sub-agent whose simulated model takes ten minutes.",
  rootAgentId: "lead",
  agents: [
    {
      id: "lead",
      name: "Lead",
      modelChain: [
        {
          provider: "scripted",
          model: "quick",
          script: {
            turns: [
              {
                kind: "tool_calls",
                calls: [{ tool: "subagent_sleeper", args: { task: "Take your time: {{input}}" } }],
              },
              { kind: "text", text: "The sleeper said: {{lastToolResult}}" },
            ],
          },
        },
      ],
    },
    {
      id: "sleeper",
      name: "Sleeper",
      description: "Answers after ten minutes. Use it for anything slow.",
      modelChain: [
        {
          provider: "scripted",
          model: "slow",
          retries: 0,
          timeoutMillis: 0,
          script: { latencyMs: 600_000, turns: [{ kind: "text", text: "Finally awake." }] },
        },
      ],
    },
  ],
  handoffs: [{ id: "lead-sleeper", from: "lead", to: "sleeper" }],
};

let examples: Record<string, string>;
let longGraphId: string;

test.beforeAll(async ({ request }) => {
  const graphs = await query<{ id: string; name: string }[]>(request, "graphs.list", undefined);
  examples = Object.fromEntries(graphs.map((graph) => [graph.name, graph.id]));
  ({ id: longGraphId } = await mutate<{ id: string }>(request, "graphs.importJson", {
    text: JSON.stringify(LONG_RUN_GRAPH),
  }));
});

/** Starts a run of the long graph (it runs until cancelled). */
const startLongRun = (request: APIRequestContext, input: string) => startRun(request, { graphId: longGraphId, input });

/** Cancels the runs and waits (bounded by the test's timeout) until each is final. */
async function cancelAndSettle(request: APIRequestContext, runIds: string[]): Promise<RunDetail[]> {
  for (const runId of runIds) await mutate(request, "runs.cancel", { runId, reason: "e2e clean-up" });
  const runs: RunDetail[] = [];
  for (const runId of runIds) {
    await expect
      .poll(async () => FINAL.includes((await getRun(request, runId)).status), { timeout: 20_000 })
      .toBe(true);
    runs.push(await getRun(request, runId));
  }
  return runs;
}

test.describe("runs through Next's /api/trpc", () => {
  for (const [name, input] of [
    ["Research team", "Is remote work here to stay?"],
    ["Support triage", "My invoice is wrong and I want a refund"],
    ["Reviewer with a reused session", "Please review my essay on rivers."],
  ] as const) {
    test(`${name}: runs.start, its events streamed over SSE equal the stored trace, runs.get and rollups agree`, async ({
      request,
      baseURL,
    }) => {
      const graphId = examples[name];
      expect(graphId, `the seeded example "${name}"`).toBeDefined();
      const started = await startRun(request, { graphId: graphId!, input });
      expect(started.runId).toMatch(/^[0-9a-f-]{36}$/);

      const streamed = await readEvents(await openEvents(baseURL, started.runId));
      expect(streamed.ended).toBe(true);
      const end = streamed.events.at(-1);
      expect(end).toMatchObject({ type: "RUN_END", status: "completed" });
      await expectStoredEqualsStreamed(request, started.runId, streamed.events);

      const run = await getRun(request, started.runId);
      const handoffStarts = streamed.events.filter((event) => event.type === "HANDOFF_START");
      expect(run).toMatchObject({
        status: "completed",
        eventCount: streamed.events.length,
        handoffs: handoffStarts.length,
      });
      expect(run.workerId).toBeTruthy();
      expect(run.spans).toHaveLength(1);
      expect(run.spans[0]).toMatchObject({ kind: "RUN", status: "completed" });

      // Rollups (SQL over the stored spans) equal sums over the streamed MODEL_CALL_END events.
      const calls = streamed.events.filter((event) => event.type === "MODEL_CALL_END");
      expect(calls.length).toBeGreaterThan(0);
      const rollups = await query<Rollups>(request, "runs.rollups", { runId: started.runId });
      expect(rollups.total.modelCalls).toBe(calls.length);
      expect(rollups.total.inputTokens).toBe(calls.reduce((sum, call) => sum + (call.usage?.inputTokens ?? 0), 0));
      expect(rollups.total.outputTokens).toBe(calls.reduce((sum, call) => sum + (call.usage?.outputTokens ?? 0), 0));
      expect(rollups.total.pricedCostUsd).toBeCloseTo(
        calls.reduce((sum, call) => sum + (call.costUsd ?? 0), 0),
        12,
      );
      expect(run.spans[0]?.totals.modelCalls).toBe(calls.length);
      expect(run.spans[0]?.totals.pricedCostUsd).toBeCloseTo(rollups.total.pricedCostUsd, 12);
      const agents = new Set(calls.map((call) => call.agentId));
      expect(new Set(rollups.byAgent.map((row) => row.agentId))).toEqual(agents);
      expect(rollups.byAgent.reduce((sum, row) => sum + row.modelCalls, 0)).toBe(calls.length);
      expect(rollups.byModel.reduce((sum, row) => sum + row.modelCalls, 0)).toBe(calls.length);
      const edges = handoffStarts.map((event) =>
        event.type === "HANDOFF_START" ? `${event.parentAgentId}/${event.tool}->${event.subagent}` : "",
      );
      expect(new Set(rollups.byEdge.map((row) => row.edge))).toEqual(new Set(edges));

      // Listed with the same figures.
      const listed = await query<{ items: { id: string; status: string; handoffs: number }[] }>(request, "runs.list", {
        graphId,
      });
      expect(listed.items).toContainEqual(
        expect.objectContaining({ id: started.runId, status: "completed", handoffs: handoffStarts.length }),
      );
    });
  }

  test("a second turn of a conversation reuses the reviewer's session, stored in PostgreSQL between the runs", async ({
    request,
    baseURL,
  }) => {
    const graphId = examples["Reviewer with a reused session"]!;
    const reviewerSessions = (events: RuntimeEvent[]) =>
      events.flatMap((event) =>
        event.type === "AGENT_START" && event.agentId === "reviewer" ? [event.sessionId] : [],
      );

    const first = await startRun(request, { graphId, input: "An essay on tides." });
    const firstEvents = (await readEvents(await openEvents(baseURL, first.runId))).events;
    const second = await startRun(request, {
      graphId,
      input: "Now a shorter one on waves.",
      conversationId: first.conversationId,
    });
    expect(second.conversationId).toBe(first.conversationId);
    const secondEvents = (await readEvents(await openEvents(baseURL, second.runId))).events;
    expect(secondEvents.at(-1)).toMatchObject({ type: "RUN_END", status: "completed" });

    const sessions = new Set(reviewerSessions(firstEvents));
    expect(sessions.size).toBe(1);
    expect(new Set(reviewerSessions(secondEvents))).toEqual(sessions);

    const conversation = await query<{ runs: { id: string }[] }>(request, "conversations.get", {
      conversationId: first.conversationId,
    });
    expect(conversation.runs.map((run) => run.id)).toEqual([first.runId, second.runId]);
  });

  test("a stream cut mid-run resumes with Last-Event-ID: no gap, no duplicate, ends with RUN_END", async ({
    request,
    baseURL,
  }) => {
    const { runId } = await startRun(request, { graphId: examples["Research team"]!, input: "Resume me" });
    const first = await readEvents(await openEvents(baseURL, runId), { count: 6 });
    expect(first.ended).toBe(false);
    expect(seqs(first.events)).toEqual([0, 1, 2, 3, 4, 5]);

    // What a reconnecting EventSource (or tRPC's httpSubscriptionLink) sends back.
    const rest = await readEvents(await openEvents(baseURL, runId, { lastEventId: "5" }));
    expect(rest.ended).toBe(true);
    expect(rest.events[0]?.seq).toBe(6);
    await expectStoredEqualsStreamed(request, runId, [...first.events, ...rest.events]);

    // A subscriber to the finished run gets its stored events after the given id, then the end.
    const late = await readEvents(await openEvents(baseURL, runId, { lastEventId: "10" }));
    expect(late.ended).toBe(true);
    expect(late.events).toEqual(rest.events.filter((event) => event.seq > 10));
  });

  test("events arrive live (Next does not buffer the stream); a cancel stops the run with every span closed", async ({
    request,
    baseURL,
  }) => {
    const { runId } = await startLongRun(request, "Stop me");
    let statusWhenSeen: string | null = null;
    let cancel: { requested: boolean; status: string } | null = null;
    const streamed = await readEvents(await openEvents(baseURL, runId), {
      async onEvent(event) {
        // The sleeper's model call only ends in ten minutes or when cancelled: seeing it now proves the events
        // reach us while the run is going on, not all at once when the response ends.
        if (event.type === "MODEL_CALL_START" && event.agentId === "sleeper" && cancel === null) {
          statusWhenSeen = (await getRun(request, runId)).status;
          cancel = await mutate(request, "runs.cancel", { runId, reason: "stopped by the e2e test" });
        }
      },
    });
    expect(statusWhenSeen).toBe("running");
    expect(cancel).toMatchObject({ requested: true, status: "running" });
    expect(streamed.ended).toBe(true);
    expect(streamed.events.at(-1)).toMatchObject({ type: "RUN_END", status: "cancelled" });
    await expectStoredEqualsStreamed(request, runId, streamed.events);
    const trace = buildTrace(streamed.events);
    expect([...trace.spans.values()].filter((span) => span.status === "running")).toEqual([]);

    const run = await getRun(request, runId);
    expect(run).toMatchObject({ status: "cancelled", cancelReason: "stopped by the e2e test" });
    const stillRunning: Span[] = [];
    const walk = (span: Span) => {
      if (span.status === "running") stillRunning.push(span);
      span.children.forEach(walk);
    };
    run.spans.forEach(walk);
    expect(stillRunning).toEqual([]);

    // Cancelling again says it is over and changes nothing.
    expect(await mutate(request, "runs.cancel", { runId })).toMatchObject({ requested: false, status: "cancelled" });
  });

  test("past the concurrent-run limit runs.start is refused with a clear message and writes nothing", async ({
    request,
  }) => {
    test.setTimeout(90_000);
    const started: string[] = [];
    let refusal: TrpcError | null = null;
    try {
      // The limit (AGS_MAX_CONCURRENT_RUNS, default 20) counts queued and running runs.
      for (let attempt = 0; attempt < 60 && refusal === null; attempt += 1) {
        const answer = await tryMutate<{ runId: string }>(request, "runs.start", {
          graphId: longGraphId,
          input: `Fill ${attempt}`,
        });
        if (answer.ok) started.push(answer.data.runId);
        else refusal = answer.error;
      }
      expect(refusal).toMatchObject({ data: { code: "TOO_MANY_REQUESTS", httpStatus: 429 } });
      expect(refusal?.message).toMatch(/already has \d+ runs queued or running, the most it may have at once \(\d+\)/);
      expect(refusal?.message).toContain("AGS_MAX_CONCURRENT_RUNS");
      const listed = await query<{ items: { id: string }[] }>(request, "runs.list", {
        graphId: longGraphId,
        q: "Fill",
        limit: 200,
      });
      expect(listed.items.map((item) => item.id).sort()).toEqual([...started].sort());
    } finally {
      const settled = await cancelAndSettle(request, started);
      expect(settled.map((run) => run.status)).toEqual(started.map(() => "cancelled"));
    }
  });

  test("a second worker process (`npm run worker`) takes jobs while the in-process worker is busy", async ({
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const busy: string[] = [];
    let second: SpawnedWorker | null = null;
    try {
      // Fill every slot of the in-process worker with runs that never end by themselves.
      for (let index = 0; index < IN_PROCESS_CONCURRENCY; index += 1)
        busy.push((await startLongRun(request, `Busy ${index}`)).runId);
      const holders = new Set<string>();
      for (const runId of busy) {
        await expect.poll(async () => (await getRun(request, runId)).status, { timeout: 20_000 }).toBe("running");
        holders.add((await getRun(request, runId)).workerId ?? "");
      }
      expect(holders.size).toBe(1);
      const inProcessId = [...holders][0];

      second = await spawnWorker();
      expect(second.workerId).not.toBe(inProcessId);

      // The in-process worker has no free slot: only the second process can run this one.
      const { runId } = await startRun(request, { graphId: examples["Research team"]!, input: "Who runs me?" });
      const streamed = await readEvents(await openEvents(baseURL, runId));
      expect(streamed.ended).toBe(true);
      expect(streamed.events.at(-1)).toMatchObject({ type: "RUN_END", status: "completed" });
      await expectStoredEqualsStreamed(request, runId, streamed.events);
      expect(await getRun(request, runId)).toMatchObject({ status: "completed", workerId: second.workerId });

      // And the busy runs, still held by the in-process worker, stop on cancel.
      const settled = await cancelAndSettle(request, busy.splice(0));
      expect(settled.map((run) => run.status)).toEqual(settled.map(() => "cancelled"));
      expect(new Set(settled.map((run) => run.workerId))).toEqual(new Set([inProcessId]));

      // SIGTERM stops the second worker gracefully.
      const code = await second.stop();
      expect(code, second.output()).toBe(0);
      expect(second.output()).toContain("Worker stopped.");
    } finally {
      await cancelAndSettle(request, busy);
      await second?.stop();
    }
  });
});

test.describe("stopping a web process while a run streams", () => {
  test("SIGTERM closes its live hub: the open stream ends with SERVICE_UNAVAILABLE, resumes on another process, and it exits cleanly", async ({
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    // A second `npm start` over the e2e database (no embedded PostgreSQL, no worker of its own), serving the suite's
    // build, with a data directory of its own (its web server's pid file): any web process serves any run.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "ags-e2e-web2-"));
    const port = await findFreePort();
    let output = "";
    const start = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
      cwd: path.join(__dirname, ".."),
      env: {
        ...process.env,
        PORT: String(port),
        AGS_DATA_DIR: dataDir,
        AGS_SKIP_BUILD: "1",
        AGS_IN_PROCESS_WORKER: "0",
        DATABASE_URL: e2eDatabaseUrl(),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    live.add(start);
    start.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    start.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) =>
      start.once("exit", (code) => {
        live.delete(start);
        resolve(code);
      }),
    );
    const otherApi = `http://127.0.0.1:${port}/api/trpc`;
    let runId: string | null = null;
    try {
      await expect
        .poll(async () => (await fetch(`${otherApi}/health.ping`).catch(() => null))?.ok ?? false, { timeout: 90_000 })
        .toBe(true);
      ({ runId } = await startLongRun(request, "Still going at shutdown"));
      const messages = await openSse(subscriptionUrl(otherApi, "runs.events", { runId }), {
        cookie: ownerCookieHeader(),
      });
      // Up to the sleeper's model call: the run is under way and the stream open.
      const first: RuntimeEvent[] = [];
      while (!first.some((event) => event.type === "MODEL_CALL_START" && event.agentId === "sleeper")) {
        const { value: message, done } = await messages.next();
        expect(done, "the stream ended before the sleeper's model call").toBe(false);
        if (message?.event === "message") first.push(JSON.parse(message.data) as RuntimeEvent);
      }

      start.kill("SIGTERM");
      let ending: SseMessage | null = null;
      for await (const message of messages) {
        if (message.event === "message") first.push(JSON.parse(message.data) as RuntimeEvent);
        if (message.event === "serialized-error" || message.event === "return") {
          ending = message;
          break;
        }
      }
      // SERVICE_UNAVAILABLE: tRPC's SSE link reconnects (with Last-Event-ID) instead of failing the subscription.
      expect(ending?.event, output).toBe("serialized-error");
      expect(JSON.parse(ending?.data ?? "{}")).toMatchObject({
        data: { code: "SERVICE_UNAVAILABLE" },
        message: expect.stringContaining("shutting down") as unknown,
      });
      expect(await exited, output).toBe(0);
      expect(output).not.toContain("did not stop");

      // The reconnect, on the suite's server: the rest of the run, then its end once cancelled.
      const rest = readEvents(await openEvents(baseURL, runId, { lastEventId: String(first.at(-1)?.seq) }));
      await mutate(request, "runs.cancel", { runId, reason: "e2e clean-up" });
      const resumed = await rest;
      expect(resumed.ended).toBe(true);
      expect(resumed.events.at(-1)).toMatchObject({ type: "RUN_END", status: "cancelled" });
      await expectStoredEqualsStreamed(request, runId, [...first, ...resumed.events]);
    } finally {
      if (start.exitCode === null && start.signalCode === null) start.kill("SIGKILL");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
      if (runId) await cancelAndSettle(request, [runId]);
    }
  });
});

/** The embedded PostgreSQL's database (`DEFAULT_DATABASE_NAME` of src/server/db/embedded.ts, which Playwright cannot load). */
const DEFAULT_DATABASE_NAME = "agent_graph_studio";

/** The connection string of the e2e database: the embedded PostgreSQL of the suite's `npm start`, as `npm run worker` finds it. */
function e2eDatabaseUrl(): string {
  const password = readFileSync(path.join(e2eDataDir(), "pg", PASSWORD_FILE), "utf8").trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${PG_PORT}/${DEFAULT_DATABASE_NAME}`;
}

interface SpawnedWorker {
  workerId: string;
  output: () => string;
  /** SIGTERM (a graceful stop), SIGKILL to its process group after 15 s; resolves with its exit code. */
  stop: () => Promise<number | null>;
}

const live = new Set<ChildProcess>();
// Whatever happens to this test process, no worker outlives it.
process.once("exit", () => {
  for (const child of live) if (child.pid !== undefined) killGroup(child.pid, "SIGKILL");
});

/** Signals the process group led by `pid` (a detached child), or the process alone when it leads none. */
function killGroup(pid: number, signal: NodeJS.Signals): void {
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, signal);
      return;
    } catch {
      // no such group (or already gone): try the process itself
    }
  }
}

/**
 * `npm run worker` against the e2e database: without DATABASE_URL it finds
 * the embedded PostgreSQL of `npm start` through AGS_DATA_DIR and AGS_PG_PORT,
 * as on a developer's machine. Its own process group, so the whole tree
 * (npm, node) is stopped together.
 */
async function spawnWorker(): Promise<SpawnedWorker> {
  const child = spawn("npm", ["run", "--silent", "worker"], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      AGS_DATA_DIR: e2eDataDir(),
      AGS_PG_PORT: String(PG_PORT),
      AGS_WORKER_CONCURRENCY: "2",
    },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  live.add(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      live.delete(child);
      resolve(code);
    }),
  );
  let stopping: Promise<number | null> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return child.exitCode;
      // To npm alone: it passes the signal on to the worker (a second one would make the worker exit at once).
      process.kill(child.pid, "SIGTERM");
      const timer = setTimeout(() => child.pid !== undefined && killGroup(child.pid, "SIGKILL"), 15_000);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    })();
    return stopping;
  };
  const workerId = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not start within 60 s:\n${output}`)), 60_000);
    const onData = () => {
      const match = /Worker (\S+) is taking runs/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited (${code}) before taking runs:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { workerId, output: () => output, stop };
}
