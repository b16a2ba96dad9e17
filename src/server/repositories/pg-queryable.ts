/**
 * node-postgres-style `query` objects over a Prisma client or transaction,
 * for SQL modules written against pg (the queue's `enqueueRun`, the
 * rollups), so the web process uses its one Prisma pool and transactions.
 */
import type pg from "pg";

import type { DbClient } from "./db-client";

type QueryConfig = string | { text: string; values?: unknown[] };

function split(config: QueryConfig, values: unknown[] | undefined): { text: string; params: unknown[] } {
  if (typeof config === "string") return { text: config, params: values ?? [] };
  return { text: config.text, params: config.values ?? values ?? [] };
}

/** Reads: `query` returns the rows, decoded by Prisma (numbers, strings, dates, JSON). */
export function readQueryable(db: DbClient): Pick<pg.Pool, "query"> {
  const query = async (config: QueryConfig, values?: unknown[]) => {
    const { text, params } = split(config, values);
    const rows = await db.$queryRawUnsafe<unknown[]>(text, ...params);
    return { rows, rowCount: rows.length };
  };
  return { query } as unknown as Pick<pg.Pool, "query">;
}

/**
 * Writes whose result nobody reads: `query` runs the statement and returns
 * no rows (graphile-worker's `add_job` returns a composite row Prisma
 * cannot decode).
 */
export function writeQueryable(db: DbClient): { query(text: string, values?: unknown[]): Promise<unknown> } {
  return {
    async query(text: string, values: unknown[] = []) {
      const rowCount = await db.$executeRawUnsafe(text, ...values);
      return { rows: [], rowCount };
    },
  };
}
