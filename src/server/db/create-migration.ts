/**
 * Writes a new migration from the difference between the schema as of the
 * last migration (the snapshot kept beside the migrations) and the current
 * schema.prisma — the offline stand-in for `prisma migrate dev --create-only`.
 */
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

import { InvalidMigrationNameError } from "@/server/errors/invalid-migration-name-error";
import { MigrationError } from "@/server/errors/migration-error";
import { diffSchemas, MIGRATION_LOCK_CONTENT } from "./migrations";
import { SNAPSHOT_FILE_NAME } from "./paths";

/** Inputs of {@link createMigration}. */
export interface CreateMigrationInput {
  name: string;
  schemaPath: string;
  migrationsDir: string;
  /** A live PostgreSQL for the engine (it is not modified). */
  connectionString: string;
  /** Clock for the folder's timestamp (tests). */
  now?: Date;
}

/** What happened. */
export type CreateMigrationResult =
  { status: "no-changes" } | { status: "created"; migrationName: string; migrationPath: string; sql: string };

const NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,79}$/;

/** `YYYYMMDDHHMMSS` in UTC, like Prisma's migration folders. */
function timestamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

async function existingMigrations(migrationsDir: string): Promise<string[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** A folder name that sorts after every existing migration, even if the clock went back. */
function nextFolderName(name: string, now: Date, existing: string[]): string {
  let stamp = timestamp(now);
  const last = existing.at(-1)?.slice(0, 14);
  if (last && /^\d{14}$/.test(last) && stamp <= last) stamp = String(BigInt(last) + 1n);
  return `${stamp}_${name}`;
}

/** Throws `InvalidMigrationNameError` unless `name` can be a migration folder suffix. */
export function assertMigrationName(name: string): void {
  if (!NAME_PATTERN.test(name)) throw new InvalidMigrationNameError(name);
}

/**
 * Diffs snapshot → schema; when they differ writes
 * `<migrationsDir>/<timestamp>_<name>/migration.sql`, refreshes the snapshot
 * and the lock file. Writes nothing when there are no changes.
 */
export async function createMigration(input: CreateMigrationInput): Promise<CreateMigrationResult> {
  assertMigrationName(input.name);
  const snapshotPath = path.join(input.migrationsDir, SNAPSHOT_FILE_NAME);
  const schema = await readFile(input.schemaPath, "utf8");
  const snapshot = await readFile(snapshotPath, "utf8").catch(() => null);
  const existing = await existingMigrations(input.migrationsDir);
  if (snapshot === null && existing.length > 0) {
    throw new MigrationError(
      `${snapshotPath} is missing, so the schema as of the last migration (${existing.at(-1)}) is unknown. ` +
        "Restore it from git (it is committed with every migration).",
    );
  }

  const sql = await diffSchemas(snapshot, schema, input.connectionString);
  if (sql.trim() === "") return { status: "no-changes" };

  const migrationName = nextFolderName(input.name, input.now ?? new Date(), existing);
  const folder = path.join(input.migrationsDir, migrationName);
  await mkdir(folder, { recursive: true });
  const migrationPath = path.join(folder, "migration.sql");
  await writeFile(migrationPath, sql);
  await writeFile(snapshotPath, schema);
  await writeFile(path.join(input.migrationsDir, "migration_lock.toml"), MIGRATION_LOCK_CONTENT);
  return { status: "created", migrationName, migrationPath, sql };
}
