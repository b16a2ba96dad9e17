/**
 * `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to
 * the embedded database (AGS_DATA_DIR, AGS_PG_PORT) when it is unset.
 * Offline: uses Prisma's WebAssembly schema engine, no native download.
 *
 * `npm run db:migrate -- --rolled-back <name>` first marks a failed
 * migration as rolled back (like `prisma migrate resolve --rolled-back`), so
 * its fixed SQL runs again.
 */
import { bootstrapDatabase } from "@/server/db/bootstrap";
import { markMigrationRolledBack } from "@/server/db/migrations";
import { parseServerEnv } from "@/server/env";
import { runMain } from "./lib/run-main";

const USAGE = "Usage: npm run db:migrate [-- --rolled-back <migration folder name>]";

runMain(async () => {
  const args = process.argv.slice(2);
  const rolledBack = args[0] === "--rolled-back" ? args[1] : undefined;
  if (args.length > 0 && (!rolledBack || args.length !== 2)) {
    console.error(USAGE);
    return 2;
  }
  const env = parseServerEnv();
  const database = await bootstrapDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.AGS_DATA_DIR,
    port: env.AGS_PG_PORT,
    seed: false,
    beforeMigrate: rolledBack
      ? async (connectionString) => {
          await markMigrationRolledBack(connectionString, rolledBack);
          console.log(`Marked ${rolledBack} as rolled back.`);
        }
      : undefined,
  });
  await database.stop();
  return 0;
});
