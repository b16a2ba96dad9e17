/**
 * Test helpers for workers: graphs compiled from the examples, run rows
 * inserted the way `runs.start` does (row + job), and bounded waits on a
 * run's status.
 */
import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { compile } from "@/core/compiler";
import type { RuntimeDefinition } from "@/core/compiler";
import type { RuntimeEvent } from "@/core/runtime";
import type { PrismaClient } from "@/generated/prisma/client";
import { REPO_ROOT } from "@/server/db/paths";
import { enqueueRun } from "../enqueue-run";

type Json = Record<string, unknown>;

/** Walks a graph document and sets every scripted model's latency. */
function setLatency(node: unknown, latencyMs: number): void {
  if (Array.isArray(node)) for (const item of node) setLatency(item, latencyMs);
  else if (node && typeof node === "object") {
    const record = node as Json;
    if (record.provider === "scripted" && record.script && typeof record.script === "object")
      (record.script as Json).latencyMs = latencyMs;
    for (const value of Object.values(record)) setLatency(value, latencyMs);
  }
}

/** Compiles a graph document; throws with the diagnostics when it does not compile. */
export function compileDocument(document: unknown): RuntimeDefinition {
  const { definition, diagnostics } = compile(document);
  if (!definition) throw new Error(`does not compile: ${JSON.stringify(diagnostics)}`);
  return definition;
}

/** `examples/<name>.json` compiled; `latencyMs` replaces every scripted model's latency. */
export function exampleDefinition(name: string, latencyMs?: number): RuntimeDefinition {
  const document = JSON.parse(readFileSync(path.join(REPO_ROOT, "examples", `${name}.json`), "utf8")) as Json;
  if (latencyMs !== undefined) setLatency(document, latencyMs);
  return compileDocument(document);
}

/** A one-agent graph document on the given model chain. */
export function singleAgentDocument(modelChain: unknown[]): Json {
  return {
    schemaVersion: 1,
    name: "Single agent",
    rootAgentId: "main",
    settings: {},
    agents: [
      {
        id: "main",
        name: "Main",
        description: "Answers.",
        instructions: "Answer the user.",
        modelChain,
        maxSteps: 4,
        tools: [],
        position: { x: 0, y: 0 },
      },
    ],
  };
}

export interface NewRun {
  definition: RuntimeDefinition;
  input?: string;
  options?: Json;
  conversationId?: string;
  /** Run a stored version instead of a draft snapshot. */
  asVersion?: boolean;
  /** Set `cancel_requested_at` before the job exists. */
  cancelRequested?: string;
  /** Add the job (default true). */
  enqueue?: boolean;
}

/** Creates the workspace and graph a test's runs belong to (once per call). */
export async function createGraph(prisma: PrismaClient): Promise<{ workspaceId: string; graphId: string }> {
  const workspace = await prisma.workspace.create({ data: { slug: `w-${randomUUID()}`, name: "Test workspace" } });
  const graph = await prisma.graph.create({ data: { workspaceId: workspace.id, name: "Test graph", draft: {} } });
  return { workspaceId: workspace.id, graphId: graph.id };
}

/** Inserts a queued run (and its conversation when new) and enqueues its job, as `runs.start` does. */
export async function createRun(
  prisma: PrismaClient,
  pool: pg.Pool,
  graph: { workspaceId: string; graphId: string },
  run: NewRun,
): Promise<{ runId: string; conversationId: string }> {
  const conversationId = run.conversationId ?? randomUUID();
  await prisma.conversation.upsert({
    where: { id: conversationId },
    create: { id: conversationId, workspaceId: graph.workspaceId, graphId: graph.graphId, title: "Test" },
    update: {},
  });
  // Like the compiler's hash, it names the definition: a worker caches parsed definitions by it.
  const contentHash = createHash("sha256").update(JSON.stringify(run.definition)).digest("hex");
  let versionId: string | null = null;
  if (run.asVersion) {
    const last = await prisma.graphVersion.count({ where: { graphId: graph.graphId } });
    const version = await prisma.graphVersion.create({
      data: {
        graphId: graph.graphId,
        version: last + 1,
        document: {},
        definition: run.definition as unknown as Json as never,
        contentHash,
      },
    });
    versionId = version.id;
  }
  const runId = randomUUID();
  await prisma.run.create({
    data: {
      id: runId,
      workspaceId: graph.workspaceId,
      graphId: graph.graphId,
      versionId,
      definition: versionId ? undefined : (run.definition as unknown as Json as never),
      contentHash,
      graphName: run.definition.graphName,
      conversationId,
      input: run.input ?? "Is remote work here to stay?",
      options: (run.options ?? {}) as never,
      cancelRequestedAt: run.cancelRequested ? new Date() : null,
      cancelReason: run.cancelRequested ?? null,
    },
  });
  if (run.enqueue ?? true) await enqueueRun(pool, runId);
  return { runId, conversationId };
}

export interface RunRow {
  id: string;
  status: string;
  error: string | null;
  output: string | null;
  worker_id: string | null;
  started_at: Date | null;
  ended_at: Date | null;
  event_count: number;
  steps: number;
  input_tokens: number;
}

export async function runRow(pool: pg.Pool, runId: string): Promise<RunRow> {
  const { rows } = await pool.query<RunRow>("SELECT * FROM runs WHERE id = $1", [runId]);
  if (!rows[0]) throw new Error(`no run ${runId}`);
  return rows[0];
}

/** Polls until `test(run)` holds; fails after `timeoutMs` (a deadline, not a measurement). */
export async function waitForRun(
  pool: pg.Pool,
  runId: string,
  test: (run: RunRow) => boolean,
  timeoutMs = 30_000,
): Promise<RunRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await runRow(pool, runId);
    if (test(row)) return row;
    if (Date.now() > deadline)
      throw new Error(`run ${runId} still ${row.status} (${row.event_count} events) after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const FINAL = ["completed", "failed", "cancelled", "budget_exceeded"];
export const isFinal = (run: RunRow) => FINAL.includes(run.status);

/** The stored events of a run, in order. */
export async function storedEvents(pool: pg.Pool, runId: string): Promise<RuntimeEvent[]> {
  const { rows } = await pool.query<{ data: RuntimeEvent }>(
    "SELECT data FROM run_events WHERE run_id = $1 ORDER BY seq",
    [runId],
  );
  return rows.map((row) => row.data);
}
