/**
 * `npm run db:diff -- <name>`: writes prisma/migrations/<timestamp>_<name>/
 * migration.sql with the SQL from the schema as of the last migration
 * (prisma/migrations/schema.snapshot.prisma) to the current schema.prisma,
 * and refreshes the snapshot. Prints "no changes" and writes nothing when
 * they are the same.
 *
 * The schema engine needs a live PostgreSQL to read its version (nothing is
 * changed there): DATABASE_URL, or a throwaway embedded server.
 */
import path from "node:path";

import { assertMigrationName, createMigration, type CreateMigrationResult } from "@/server/db/create-migration";
import { MIGRATIONS_DIR, REPO_ROOT, SCHEMA_PATH } from "@/server/db/paths";
import { withTemporaryPostgres } from "@/server/db/temporary-postgres";
import { parseServerEnv } from "@/server/env";
import { runMain } from "./lib/run-main";

runMain(async () => {
  const name = process.argv[2];
  if (!name || process.argv.length > 3) {
    console.error("Usage: npm run db:diff -- <name>   (e.g. npm run db:diff -- add_runs)");
    return 2;
  }
  assertMigrationName(name);
  const run = (connectionString: string): Promise<CreateMigrationResult> =>
    createMigration({ name, schemaPath: SCHEMA_PATH, migrationsDir: MIGRATIONS_DIR, connectionString });
  const databaseUrl = parseServerEnv().DATABASE_URL;
  const result = databaseUrl ? await run(databaseUrl) : await withTemporaryPostgres(run);

  if (result.status === "no-changes") {
    console.log("no changes");
  } else {
    console.log(`Wrote ${path.relative(REPO_ROOT, result.migrationPath)}. Review it, then run npm run db:migrate.`);
  }
  return 0;
});
