/**
 * Scenario 6: the Traces page's runs list at 10,000 runs. On a throwaway
 * embedded PostgreSQL (migrated like production) it seeds N runs with plain
 * SQL — five graphs, conversations of one to three turns, realistic statuses
 * (mostly completed, some failed or cancelled, a few still going), inputs,
 * outputs, errors, tokens and costs, created over 30 days — and then times
 * `RunService.list` (what `runs.list` runs) for the first page, a filtered
 * page (one graph, failed runs), a text search that matches (a word in ~1 in
 * 12 inputs), a text search that matches nothing (every row checked), and a
 * deep cursor page (page 50, the cursor of page 49 walked to first). Each
 * query's plan is read with EXPLAIN on the equivalent SQL (index or
 * sequential scan, rows examined).
 *
 * Prints one `@@BENCH_RESULT` line (RunsListBenchResult).
 *
 *   node --import tsx bench/workers/runs-list.ts --runs 10000 --reps 100
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { createPrismaClient } from "../../src/server/db/client";
import { applyMigrations } from "../../src/server/db/migrations";
import { startTemporaryPostgres } from "../../src/server/db/temporary-postgres";
import type { RunListFilter } from "../../src/server/repositories/run-repository";
import { decodeCursor } from "../../src/server/services/run-views";
import { RunService } from "../../src/server/services/runs";
import { emitResult } from "../lib/child-protocol";

export interface RunsListQueryResult {
  name: string;
  /** Rows on the page returned. */
  rows: number;
  reps: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** The plan's scan nodes on `runs` (e.g. "Index Scan using runs_workspace_id_created_at_id_idx"). */
  plan: string;
  /** Rows the plan read from `runs` (EXPLAIN ANALYZE: rows its scan nodes returned plus those their filter removed). */
  rowsRead: number | null;
}

export interface RunsListBenchResult {
  ok: boolean;
  error: string | null;
  runs: number;
  pageSize: number;
  seedMs: number;
  queries: RunsListQueryResult[];
}

const GRAPHS = ["Research team", "Support triage", "Reviewer with a reused session", "Invoice checker", "Trip planner"];
const TOPICS = [
  "solar adoption in Spain",
  "a refund for a double charge",
  "the quarterly report draft",
  "an invoice that was paid twice",
  "a weekend in Lisbon",
  "wind power subsidies",
  "the onboarding email",
  "supplier contract renewal",
  "a late delivery complaint",
  "battery storage costs",
  "the release notes",
  "hotel options near the venue",
];

/** Inserts the workspace, five graphs, the conversations and `count` runs (one statement each). */
async function seed(pool: pg.Pool, count: number): Promise<{ workspaceId: string; graphIds: string[] }> {
  const workspaceId = randomUUID();
  await pool.query("INSERT INTO workspaces (id, slug, name, updated_at) VALUES ($1, $2, 'Bench', now())", [
    workspaceId,
    `bench-${workspaceId.slice(0, 8)}`,
  ]);
  const graphIds = GRAPHS.map(() => randomUUID());
  await pool.query(
    `INSERT INTO graphs (id, workspace_id, name, draft, updated_at)
     SELECT g.id, $2, g.name, '{}', now() FROM unnest($1::uuid[], $3::text[]) AS g(id, name)`,
    [graphIds, workspaceId, GRAPHS],
  );
  // Conversations of one to three turns: run i belongs to conversation i / 2 (roughly 2 turns each).
  const conversations = Math.ceil(count / 2);
  await pool.query(
    `INSERT INTO conversations (id, workspace_id, graph_id, updated_at)
     SELECT gen_random_uuid(), $1, ($2::uuid[])[1 + (c % $3)], now() - (c || ' minutes')::interval
     FROM generate_series(0, $4 - 1) AS c`,
    [workspaceId, graphIds, graphIds.length, conversations],
  );
  // Newest first by created_at: run i started i × (30 days / count) ago.
  await pool.query(
    `WITH conv AS (
       SELECT id, graph_id, row_number() OVER (ORDER BY updated_at DESC) - 1 AS n FROM conversations WHERE workspace_id = $1
     ), r AS (
       SELECT i, conv.id AS conversation_id, conv.graph_id,
              now() - (i * (30 * 86400.0 / $2)) * interval '1 second' AS created,
              CASE WHEN i < 6 THEN 'running' WHEN i < 10 THEN 'queued'
                   WHEN i % 13 = 0 THEN 'failed' WHEN i % 29 = 0 THEN 'cancelled' ELSE 'completed' END AS status,
              ($3::text[])[1 + (i % array_length($3::text[], 1))] AS topic
       FROM generate_series(0, $2 - 1) AS i JOIN conv ON conv.n = i / 2
     )
     INSERT INTO runs (id, workspace_id, graph_id, content_hash, graph_name, conversation_id, input, simulated, status,
                       output, error, input_tokens, output_tokens, cost_usd, steps, handoffs, failed_handoffs,
                       event_count, created_at, started_at, ended_at, duration_millis)
     SELECT gen_random_uuid(), $1, r.graph_id, 'bench', g.name, r.conversation_id,
            'Please look into ' || r.topic || ' (request ' || r.i || ') and write a short summary.',
            r.i % 3 = 0, r.status::run_status,
            CASE WHEN r.status = 'completed' THEN 'Here is what I found about ' || r.topic || '.' END,
            CASE WHEN r.status = 'failed' THEN 'web-researcher: model gpt-4o timed out after 60 s; fell back to gpt-4o-mini, which failed too'
                 WHEN r.status = 'cancelled' THEN 'cancelled by the user' END,
            800 + (r.i * 37) % 9000, 200 + (r.i * 53) % 3000, ((r.i * 7) % 500) / 10000.0,
            2 + r.i % 9, r.i % 5, CASE WHEN r.status = 'failed' THEN 1 ELSE 0 END,
            20 + r.i % 200, r.created, r.created + interval '40 milliseconds',
            CASE WHEN r.status IN ('running', 'queued') THEN NULL ELSE r.created + (1 + r.i % 90) * interval '1 second' END,
            CASE WHEN r.status IN ('running', 'queued') THEN NULL ELSE (1 + r.i % 90) * 1000 END
     FROM r JOIN graphs g ON g.id = r.graph_id`,
    [workspaceId, count, TOPICS],
  );
  await pool.query("ANALYZE");
  return { workspaceId, graphIds };
}

async function time(reps: number, fn: () => Promise<number>): Promise<{ rows: number; sorted: number[] }> {
  for (let i = 0; i < Math.min(5, reps); i++) await fn(); // warm-up: plans cached, pages in memory
  const sorted: number[] = [];
  let rows = 0;
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    rows = await fn();
    sorted.push(performance.now() - t0);
  }
  sorted.sort((a, b) => a - b);
  return { rows, sorted };
}

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
}

/** The scan nodes on `runs` of the SQL's plan, and the rows they read. */
async function explain(
  pool: pg.Pool,
  sql: string,
  params: unknown[],
): Promise<{ plan: string; rowsRead: number | null }> {
  const { rows } = await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
  const scans: string[] = [];
  let read = 0;
  const walk = (node: PlanNode) => {
    if (node["Relation Name"] === "runs" || node["Index Name"]?.startsWith("runs_")) {
      scans.push(node["Index Name"] ? `${node["Node Type"]} using ${node["Index Name"]}` : node["Node Type"]);
      read += ((node["Actual Rows"] ?? 0) + (node["Rows Removed by Filter"] ?? 0)) * (node["Actual Loops"] ?? 1);
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk((rows[0]["QUERY PLAN"] as Array<{ Plan: PlanNode }>)[0].Plan);
  return { plan: [...new Set(scans)].join(" + ") || "(no scan on runs)", rowsRead: scans.length ? read : null };
}

/** The SQL Prisma sends for `RunRepository.list` (the filters it uses), for EXPLAIN. */
function listSql(filter: { graphId?: string; status?: string; text?: string; cursor?: boolean }, limit: number) {
  const where = ["workspace_id = $1"];
  const params: unknown[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length + 1}`;
  };
  if (filter.graphId) where.push(`graph_id = ${add(filter.graphId)}::uuid`);
  if (filter.status) where.push(`status = ${add(filter.status)}::run_status`);
  if (filter.text) {
    const p = add(`%${filter.text}%`);
    where.push(`(input ILIKE ${p} OR output ILIKE ${p} OR error ILIKE ${p} OR graph_name ILIKE ${p})`);
  }
  return { where, params, limit };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { runs: { type: "string", default: "10000" }, reps: { type: "string", default: "100" } },
  });
  const count = Number(values.runs);
  const reps = Number(values.reps);
  const pageSize = 50;
  const server = await startTemporaryPostgres("ags_bench");
  const pool = new pg.Pool({ connectionString: server.connectionString, max: 2 });
  pool.on("error", () => {});
  const prisma = createPrismaClient(server.connectionString, { maxConnections: 2 });
  try {
    await applyMigrations(server.connectionString, { migrationsDir: path.resolve("prisma/migrations") });
    const t0 = performance.now();
    const { workspaceId, graphIds } = await seed(pool, count);
    const seedMs = performance.now() - t0;
    const service = new RunService(prisma, workspaceId, { maxConcurrentRuns: 1000 });

    // The cursor of page 49 (the list's own cursors, walked from the first page).
    let cursor: string | undefined;
    for (let page = 1; page < 50; page++) {
      const next = (await service.list({}, cursor, pageSize)).nextCursor;
      if (!next) break;
      cursor = next;
    }
    const deepCursor = cursor;
    const cursorRow = deepCursor ? decodeCursor(deepCursor) : null;

    const graphId = graphIds[1];
    const cases: Array<{
      name: string;
      filter: RunListFilter;
      cursor?: string;
      sql: ReturnType<typeof listSql>;
    }> = [
      { name: "first page", filter: {}, sql: listSql({}, pageSize) },
      {
        name: "filtered page (one graph, failed)",
        filter: { graphId, statuses: ["failed"] },
        sql: listSql({ graphId, status: "failed" }, pageSize),
      },
      {
        name: "status filter (failed)",
        filter: { statuses: ["failed"] },
        sql: listSql({ status: "failed" }, pageSize),
      },
      {
        name: 'text search, matching ("invoice")',
        filter: { text: "invoice" },
        sql: listSql({ text: "invoice" }, pageSize),
      },
      {
        name: 'text search, no match ("zeppelin")',
        filter: { text: "zeppelin" },
        sql: listSql({ text: "zeppelin" }, pageSize),
      },
      { name: "page 50 by cursor", filter: {}, cursor: deepCursor, sql: listSql({ cursor: true }, pageSize) },
    ];

    const queries: RunsListQueryResult[] = [];
    for (const c of cases) {
      const { rows, sorted } = await time(
        reps,
        async () => (await service.list(c.filter, c.cursor, pageSize)).items.length,
      );
      const where = [...c.sql.where];
      const params: unknown[] = [workspaceId, ...c.sql.params];
      if (c.cursor && cursorRow) {
        params.push(cursorRow.createdAt, cursorRow.id);
        where.push(
          `created_at <= $${params.length - 1} AND (created_at < $${params.length - 1} OR id < $${params.length}::uuid)`,
        );
      }
      const { plan, rowsRead } = await explain(
        pool,
        `SELECT id FROM runs WHERE ${where.join(" AND ")} ORDER BY created_at DESC, id DESC LIMIT ${pageSize + 1}`,
        params,
      ).catch((error: unknown) => ({ plan: `EXPLAIN failed: ${String(error)}`, rowsRead: null }));
      queries.push({
        name: c.name,
        rows,
        reps,
        p50Ms: at(sorted, 0.5),
        p95Ms: at(sorted, 0.95),
        maxMs: sorted[sorted.length - 1],
        plan,
        rowsRead,
      });
      process.stderr.write(
        `    ${c.name}: p50 ${at(sorted, 0.5).toFixed(2)} ms, p95 ${at(sorted, 0.95).toFixed(2)} ms; ${plan}\n`,
      );
    }
    emitResult({ ok: true, error: null, runs: count, pageSize, seedMs, queries } satisfies RunsListBenchResult);
  } finally {
    await prisma.$disconnect().catch(() => {});
    await pool.end().catch(() => {});
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    emitResult({
      ok: false,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      runs: 0,
      pageSize: 0,
      seedMs: 0,
      queries: [],
    } satisfies RunsListBenchResult);
    process.exit(1);
  },
);
