import { createHash } from "node:crypto";
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

import { MigrationError } from "@/server/errors/migration-error";
import { applyMigrations, markMigrationRolledBack } from "./migrations";
import { MIGRATIONS_DIR } from "./paths";
import { setupTestDatabase } from "./test-db";

const db = setupTestDatabase();
const tempDirs: string[] = [];
afterAll(() => Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function migrationNames(): Promise<string[]> {
  const entries = await readdir(MIGRATIONS_DIR, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

describe("applyMigrations", () => {
  it("applies every migration once to an empty database, then nothing", async () => {
    const url = await db.server.createDatabase("fresh_apply");
    const names = await migrationNames();
    expect(names.length).toBeGreaterThan(0);

    expect((await applyMigrations(url)).applied).toEqual(names);
    expect((await applyMigrations(url)).applied).toEqual([]);

    const tables = await query<{ tablename: string }>(
      url,
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public'",
    );
    expect(tables.map((row) => row.tablename)).toEqual(
      expect.arrayContaining(["workspaces", "users", "memberships", "graphs", "graph_versions", "_prisma_migrations"]),
    );
  });

  it("records each migration with Prisma's checksum (sha256 of the file)", async () => {
    const rows = await query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
    }>(
      db.connectionString,
      "SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name",
    );
    const names = await migrationNames();
    expect(rows.map((row) => row.migration_name)).toEqual(names);
    for (const row of rows) {
      const sql = await readFile(path.join(MIGRATIONS_DIR, row.migration_name, "migration.sql"));
      expect(row.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
      expect(row.finished_at).not.toBeNull();
      expect(row.rolled_back_at).toBeNull();
    }
  });

  it("names a failing migration, blocks on it, and runs it again once marked rolled back", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "ags-migrations-"));
    tempDirs.push(dir);
    const name = "20990101000000_broken";
    await mkdir(path.join(dir, name));
    await writeFile(path.join(dir, name, "migration.sql"), "CREATE TABLE broken (id INT;\n");
    const url = await db.server.createDatabase("fresh_broken");

    for (let attempt = 0; attempt < 2; attempt++) {
      const error = await applyMigrations(url, { migrationsDir: dir }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(MigrationError);
      expect(error).toMatchObject({ migrationName: name });
      expect((error as Error).message).toContain(`--rolled-back ${name}`);
    }

    await markMigrationRolledBack(url, name);
    await writeFile(path.join(dir, name, "migration.sql"), "CREATE TABLE broken (id INT);\n");
    expect((await applyMigrations(url, { migrationsDir: dir })).applied).toEqual([name]);
  });
});
