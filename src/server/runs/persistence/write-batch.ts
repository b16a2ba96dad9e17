import type pg from "pg";

import type { RuntimeEvent } from "@/core/runtime/events";
import { RUN_EVENTS_CHANNEL } from "../contract";
import type { BackgroundTaskRow, RunSpanRow } from "./span-rows";

/** The `runs` columns a batch updates (cumulative values: an update is idempotent). */
export interface RunRowUpdate {
  runId: string;
  /** Highest seq in the batch + 1. */
  eventCount: number;
  handoffs: number;
  failedHandoffs: number;
  unpricedCalls: number;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  costUsd: number;
  steps: number;
  /** Present when the batch holds the run's RUN_END. */
  end: Extract<RuntimeEvent, { type: "RUN_END" }> | null;
}

/** One run's share of a batch, serialised once so a retry sends the same bytes. */
export interface RunPart {
  runId: string;
  eventCount: number;
  lastSeq: number;
  /** The events' key columns, in order (the rows of `eventsJson`). */
  seqs: number[];
  types: string[];
  spanIds: string[];
  /** JSON array texts (possibly `[]`). */
  eventsJson: string;
  spansJson: string;
  tasksJson: string;
  runJson: string;
}

/** Serialises one run's events and the rows they change. */
export function buildRunPart(
  events: readonly RuntimeEvent[],
  spans: readonly RunSpanRow[],
  tasks: readonly BackgroundTaskRow[],
  run: RunRowUpdate,
): RunPart {
  const seqs = new Array<number>(events.length);
  const types = new Array<string>(events.length);
  const spanIds = new Array<string>(events.length);
  for (let i = 0; i < events.length; i++) {
    seqs[i] = events[i].seq;
    types[i] = events[i].type;
    spanIds[i] = events[i].spanId;
  }
  return {
    runId: run.runId,
    eventCount: events.length,
    lastSeq: run.eventCount - 1,
    seqs,
    types,
    spanIds,
    eventsJson: jsonbSafe(JSON.stringify(events)),
    spansJson: jsonbSafe(JSON.stringify(spans.map(spanRecord))),
    tasksJson: jsonbSafe(JSON.stringify(tasks.map(taskRecord))),
    runJson: jsonbSafe(JSON.stringify([runRecord(run)])),
  };
}

/**
 * Writes a batch of runs in ONE statement (so one transaction and one round
 * trip): the events, the span and task upserts, the runs counters, and a
 * NOTIFY per run, which PostgreSQL delivers only once the statement commits.
 * `retry`: the previous attempt may have committed before its connection
 * broke, so events already stored are skipped rather than refused.
 */
export async function writeBatch(pool: pg.Pool, parts: readonly RunPart[], retry: boolean): Promise<void> {
  const runIds: string[] = [];
  const seqs: number[] = [];
  const types: string[] = [];
  const spanIds: string[] = [];
  for (const part of parts) {
    for (let i = 0; i < part.seqs.length; i++) {
      runIds.push(part.runId);
      seqs.push(part.seqs[i]);
      types.push(part.types[i]);
      spanIds.push(part.spanIds[i]);
    }
  }
  await pool.query({
    name: retry ? "ags_write_run_events_retry" : "ags_write_run_events",
    text: retry ? RETRY_SQL : WRITE_SQL,
    values: [
      joinArrays(parts.map((part) => part.eventsJson)),
      joinArrays(parts.map((part) => part.spansJson)),
      joinArrays(parts.map((part) => part.tasksJson)),
      joinArrays(parts.map((part) => part.runJson)),
      RUN_EVENTS_CHANNEL,
      parts.map((part) => `${part.runId}:${part.lastSeq}`),
      runIds,
      seqs,
      types,
      spanIds,
    ],
  });
}

/** Concatenates JSON array texts without parsing them. */
function joinArrays(arrays: readonly string[]): string {
  let out = "";
  for (const array of arrays) {
    if (array.length <= 2) continue;
    out += out === "" ? array.slice(0, -1) : `,${array.slice(1, -1)}`;
  }
  return out === "" ? "[]" : `${out}]`;
}

/**
 * jsonb refuses `\u0000` and unpaired surrogates, which JSON.stringify
 * writes as `\u` escapes (it never escapes a well-formed pair): they become
 * U+FFFD, since losing a whole run over one character of a model's text would
 * be worse. Cheap when absent: one native scan.
 */
export function jsonbSafe(json: string): string {
  // `includes` first: a plain substring scan, much cheaper than the regex on the usual clean text.
  if (!json.includes("\\u") || !SUSPECT.test(json)) return json;
  return json.replace(ESCAPES, (match, backslashes: string) =>
    // An even run of backslashes before `u` is escaped text ("\\u0000"), not an escape.
    backslashes.length % 2 === 0 ? match : `${backslashes.slice(0, -1)}\\ufffd`,
  );
}

const SUSPECT = /\\u(?:0000|d[89a-f])/i;
const ESCAPES = /(\\+)u(?:0000|d[89a-f][0-9a-f]{2})/gi;

function spanRecord(row: RunSpanRow) {
  const record: Record<string, unknown> = {
    run_id: row.runId,
    span_id: row.spanId,
    parent_span_id: row.parentSpanId,
    kind: row.kind,
    name: row.name,
    source: row.source,
    agent_id: row.agentId,
    status: row.status,
    started_at: row.startedAt,
    ended_at: row.endedAt,
    duration_millis: row.durationMillis,
    attempts: row.attempts,
    error: row.error,
    provider: row.provider,
    model: row.model,
    chain_index: row.chainIndex,
    input_tokens: row.inputTokens,
    output_tokens: row.outputTokens,
    cached_input_tokens: row.cachedInputTokens,
    cost_usd: row.costUsd,
    edge: row.edge,
    edge_path: row.edgePath,
    details: row.details,
  };
  // Top-level nulls left out (json_to_recordset reads a missing key as NULL): less JSON to write and parse.
  for (const key in record) if (record[key] === null) record[key] = undefined;
  return record;
}

function taskRecord(row: BackgroundTaskRow) {
  return {
    run_id: row.runId,
    task_id: row.taskId,
    handoff_id: row.handoffId,
    agent_id: row.agentId,
    owner_agent_id: row.ownerAgentId,
    child_session_key: row.childSessionKey,
    reason: row.reason,
    status: row.status,
    output: row.output,
    error: row.error,
    started_at: row.startedAt,
    ended_at: row.endedAt,
  };
}

function runRecord(run: RunRowUpdate) {
  const end = run.end;
  return {
    run_id: run.runId,
    event_count: run.eventCount,
    handoffs: run.handoffs,
    failed_handoffs: run.failedHandoffs,
    unpriced_calls: run.unpricedCalls,
    input_tokens: end ? end.usage.inputTokens : run.inputTokens,
    output_tokens: end ? end.usage.outputTokens : run.outputTokens,
    cached_input_tokens: end ? end.usage.cachedInputTokens : run.cachedInputTokens,
    cost_usd: end ? end.costUsd : run.costUsd,
    steps: end ? end.steps : run.steps,
    final: end !== null,
    status: end?.status ?? null,
    output: end?.output ?? null,
    error: end?.error ?? null,
    ended_at: end?.timestamp ?? null,
    duration_millis: end ? Math.round(end.durationMillis) : null,
  };
}

const ms = (column: string) => `to_timestamp(${column} / 1000.0)`;

function sql(onConflict: string): string {
  return `
WITH
ev AS (
  -- The key columns from arrays, zipped with the events' JSON texts: \`json\` keeps each element's text
  -- as it is (validated once, no conversion to jsonb and back).
  INSERT INTO run_events (run_id, seq, type, span_id, data)
  SELECT e.run_id, e.seq, e.type, e.span_id, e.data
  FROM ROWS FROM (unnest($7::uuid[]), unnest($8::int[]), unnest($9::text[]), unnest($10::text[]),
    json_array_elements($1::json)) AS e(run_id, seq, type, span_id, data)
  ${onConflict}
),
sp AS (
  INSERT INTO run_spans (run_id, span_id, parent_span_id, kind, name, source, agent_id, status, started_at,
    ended_at, duration_millis, attempts, error, provider, model, chain_index, input_tokens, output_tokens,
    cached_input_tokens, cost_usd, edge, edge_path, details)
  SELECT s.run_id, s.span_id, s.parent_span_id, s.kind, s.name, s.source, s.agent_id, s.status,
    ${ms("s.started_at")}, ${ms("s.ended_at")}, s.duration_millis, s.attempts, s.error, s.provider, s.model,
    s.chain_index, s.input_tokens, s.output_tokens, s.cached_input_tokens, s.cost_usd, s.edge,
    COALESCE(s.edge_path, '{}'), COALESCE(s.details, '{}')
  FROM json_to_recordset($2::json) AS s(run_id uuid, span_id text, parent_span_id text, kind text, name text,
    source text, agent_id text, status text, started_at float8, ended_at float8, duration_millis float8,
    attempts int, error text, provider text, model text, chain_index int, input_tokens int, output_tokens int,
    cached_input_tokens int, cost_usd float8, edge text, edge_path text[], details jsonb)
  ON CONFLICT (run_id, span_id) DO UPDATE SET
    parent_span_id = EXCLUDED.parent_span_id, kind = EXCLUDED.kind, name = EXCLUDED.name,
    source = EXCLUDED.source, agent_id = EXCLUDED.agent_id, status = EXCLUDED.status,
    started_at = EXCLUDED.started_at, ended_at = EXCLUDED.ended_at, duration_millis = EXCLUDED.duration_millis,
    attempts = EXCLUDED.attempts, error = EXCLUDED.error, provider = EXCLUDED.provider, model = EXCLUDED.model,
    chain_index = EXCLUDED.chain_index, input_tokens = EXCLUDED.input_tokens,
    output_tokens = EXCLUDED.output_tokens, cached_input_tokens = EXCLUDED.cached_input_tokens,
    cost_usd = EXCLUDED.cost_usd, edge = EXCLUDED.edge, edge_path = EXCLUDED.edge_path, details = EXCLUDED.details
),
tk AS (
  INSERT INTO background_tasks (run_id, task_id, handoff_id, agent_id, owner_agent_id, child_session_key, reason,
    status, output, error, started_at, ended_at)
  SELECT t.run_id, t.task_id, t.handoff_id, t.agent_id, t.owner_agent_id, t.child_session_key, t.reason,
    t.status, t.output, t.error, ${ms("t.started_at")}, ${ms("t.ended_at")}
  FROM json_to_recordset($3::json) AS t(run_id uuid, task_id text, handoff_id text, agent_id text,
    owner_agent_id text, child_session_key text, reason text, status text, output text, error text,
    started_at float8, ended_at float8)
  ON CONFLICT (run_id, task_id) DO UPDATE SET
    status = EXCLUDED.status, output = EXCLUDED.output, error = EXCLUDED.error, ended_at = EXCLUDED.ended_at
),
ru AS (
  UPDATE runs SET
    event_count = GREATEST(runs.event_count, r.event_count),
    handoffs = r.handoffs, failed_handoffs = r.failed_handoffs, unpriced_calls = r.unpriced_calls,
    input_tokens = r.input_tokens, output_tokens = r.output_tokens, cached_input_tokens = r.cached_input_tokens,
    cost_usd = r.cost_usd, steps = r.steps,
    status = CASE WHEN r.final THEN r.status::run_status ELSE runs.status END,
    output = CASE WHEN r.final THEN r.output ELSE runs.output END,
    error = CASE WHEN r.final THEN r.error ELSE runs.error END,
    ended_at = CASE WHEN r.final THEN ${ms("r.ended_at")} ELSE runs.ended_at END,
    duration_millis = CASE WHEN r.final THEN r.duration_millis ELSE runs.duration_millis END
  FROM json_to_recordset($4::json) AS r(run_id uuid, event_count int, handoffs int, failed_handoffs int,
    unpriced_calls int, input_tokens int, output_tokens int, cached_input_tokens int, cost_usd float8, steps int,
    final boolean, status text, output text, error text, ended_at float8, duration_millis int)
  -- A run already final (the sweeper gave up on its worker) belongs to whoever ended it.
  WHERE runs.id = r.run_id AND runs.status IN ('queued', 'running')
)
SELECT pg_notify($5, n) FROM unnest($6::text[]) AS n`;
}

const WRITE_SQL = sql("");
const RETRY_SQL = sql("ON CONFLICT (run_id, seq) DO NOTHING");
