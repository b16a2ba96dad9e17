/**
 * Where the database layer's files live, resolved from this module so the
 * scripts work from any working directory.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (three levels above src/server/db). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** `prisma/` with schema.prisma and migrations/. */
export const PRISMA_DIR = path.join(REPO_ROOT, "prisma");

/** The schema the app is generated from. */
export const SCHEMA_PATH = path.join(PRISMA_DIR, "schema.prisma");

/** One folder per migration, each with a migration.sql. */
export const MIGRATIONS_DIR = path.join(PRISMA_DIR, "migrations");

/** The schema as of the last migration, kept by `npm run db:diff`. */
export const SNAPSHOT_FILE_NAME = "schema.snapshot.prisma";

/** The example graphs imported by the seed. */
export const EXAMPLES_DIR = path.join(REPO_ROOT, "examples");

/** Default root for local data (`.data/`, git-ignored); `AGS_DATA_DIR` overrides it. */
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, ".data");
