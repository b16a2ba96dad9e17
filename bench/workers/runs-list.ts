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
 *   node --import tsx bench/workers/runs-list.ts --runs 10000 --reps 100 --page-size 100
 */
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
import { seedRuns } from "../lib/seed-runs";

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
    options: {
      runs: { type: "string", default: "10000" },
      reps: { type: "string", default: "100" },
      // The Traces page asks for 100 runs a page (runs-list.tsx's PAGE_SIZE).
      "page-size": { type: "string", default: "100" },
    },
  });
  const count = Number(values.runs);
  const reps = Number(values.reps);
  const pageSize = Number(values["page-size"]);
  const server = await startTemporaryPostgres("ags_bench");
  const pool = new pg.Pool({ connectionString: server.connectionString, max: 2 });
  pool.on("error", () => {});
  const prisma = createPrismaClient(server.connectionString, { maxConnections: 2 });
  try {
    await applyMigrations(server.connectionString, { migrationsDir: path.resolve("prisma/migrations") });
    const t0 = performance.now();
    const { workspaceId, graphIds } = await seedRuns(pool, count);
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
