/**
 * Helpers for the persistence tests (and the worker's): the rows a run needs
 * (workspace, graph, conversation, run), and one run of a definition with the
 * Postgres ports and a writer's sink, recording what the runtime emitted.
 */
import { randomUUID } from "node:crypto";
import type pg from "pg";

import { compile } from "@/core/compiler";
import type { RuntimeDefinition } from "@/core/compiler/definition";
import { runGraph, type RunResult, type RuntimeEvent } from "@/core/runtime";
import { createRunPorts, type RunConfigInput } from "@/server/runtime/create-run-ports";
import type { RunEventWriter } from "../run-event-writer";
import { PgFileWorkspace } from "../pg-file-workspace";
import { PgSessionStore } from "../pg-session-store";

export function definitionOf(document: unknown): RuntimeDefinition {
  const compiled = compile(document);
  if (!compiled.definition) throw new Error(compiled.diagnostics.map((d) => d.message).join("; "));
  return compiled.definition;
}

/** A workspace with one graph. */
export async function createWorkspaceGraph(
  pool: pg.Pool,
  name = "Test graph",
): Promise<{ workspaceId: string; graphId: string }> {
  const workspaceId = randomUUID();
  const graphId = randomUUID();
  await pool.query("INSERT INTO workspaces (id, slug, name, updated_at) VALUES ($1, $2, $3, now())", [
    workspaceId,
    `ws-${workspaceId.slice(0, 8)}`,
    "Test workspace",
  ]);
  await pool.query("INSERT INTO graphs (id, workspace_id, name, draft, updated_at) VALUES ($1, $2, $3, '{}', now())", [
    graphId,
    workspaceId,
    name,
  ]);
  return { workspaceId, graphId };
}

export async function createConversation(pool: pg.Pool, graph: { workspaceId: string; graphId: string }) {
  const id = randomUUID();
  await pool.query("INSERT INTO conversations (id, workspace_id, graph_id, updated_at) VALUES ($1, $2, $3, now())", [
    id,
    graph.workspaceId,
    graph.graphId,
  ]);
  return id;
}

/** A `running` run row, as a worker leaves it after claiming the job. */
export async function createRunRow(
  pool: pg.Pool,
  graph: { workspaceId: string; graphId: string },
  conversationId: string,
  input: string,
  createdAt?: Date,
): Promise<string> {
  const id = randomUUID();
  await pool.query(
    `INSERT INTO runs (id, workspace_id, graph_id, content_hash, graph_name, conversation_id, input, status, started_at,
       created_at)
     SELECT $1, $2, $3, 'test', g.name, $4, $5, 'running', now(), COALESCE($6, now()) FROM graphs g WHERE g.id = $3`,
    [id, graph.workspaceId, graph.graphId, conversationId, input, createdAt ?? null],
  );
  return id;
}

export interface PersistedRun {
  runId: string;
  result: RunResult;
  /** What the runtime emitted, as plain JSON copied at emission. */
  emitted: RuntimeEvent[];
}

/** Runs `definition` as a worker would: Postgres sessions and files, the writer's sink, ids giving `runId`. */
export async function runPersisted(input: {
  definition: RuntimeDefinition;
  pool: pg.Pool;
  writer: RunEventWriter;
  runId: string;
  conversationId: string;
  input: string;
  time?: RunConfigInput["time"];
}): Promise<PersistedRun> {
  const emitted: RuntimeEvent[] = [];
  const { ports } = await createRunPorts(
    input.definition,
    { time: input.time ?? "virtual" },
    {
      ports: {
        sessions: new PgSessionStore(input.pool),
        files: new PgFileWorkspace(input.pool),
        // Copied as emitted: what is stored must be the event as it was then, whatever happens to the object later.
        sinks: [input.writer.sinkFor(input.runId), (event) => emitted.push(JSON.parse(JSON.stringify(event)))],
        ids: { newId: (kind) => (kind === "run" ? input.runId : randomUUID()) },
      },
    },
  );
  const run = runGraph(input.definition, {
    input: input.input,
    conversationId: input.conversationId,
    ports,
    options: {},
  });
  const result = await run.result;
  return { runId: input.runId, result, emitted };
}

/** The run's stored events, in order. */
export async function storedEvents(pool: pg.Pool, runId: string): Promise<RuntimeEvent[]> {
  const { rows } = await pool.query<{ data: RuntimeEvent }>(
    "SELECT data FROM run_events WHERE run_id = $1 ORDER BY seq",
    [runId],
  );
  return rows.map((row) => row.data);
}
