/**
 * Gets a database ready for the app: the given PostgreSQL, or the embedded
 * one when none is given; then migrations (the app's, then the run queue's)
 * and the default seed. Used by
 * `npm start`, `npm run db:migrate`, end-to-end tests and anyone who needs a
 * working database in one call.
 */
import path from "node:path";

import { createPrismaClient } from "./client";
import { DEFAULT_EMBEDDED_PORT, startEmbeddedPostgres } from "./embedded";
import { applyMigrations } from "./migrations";
import { DEFAULT_DATA_DIR } from "./paths";
import { seedDefaults, type SeedResult } from "./seed";
import { installQueueSchema } from "@/server/runs/worker/queue-schema";

/** Options for {@link bootstrapDatabase}; all optional. */
export interface BootstrapOptions {
  /** Use this database instead of starting the embedded one. */
  databaseUrl?: string;
  /** Data root for the embedded server (its cluster goes in `<dataDir>/pg`); default `<repo>/.data`. */
  dataDir?: string;
  /** Port of the embedded server; default 54329. */
  port?: number;
  /** Seed the default workspace, user and examples (default true). */
  seed?: boolean;
  /** Run the embedded server in its own process group (see embedded.ts). */
  detached?: boolean;
  /** Runs on the started database before migrations (e.g. resolving a failed one). */
  beforeMigrate?: (connectionString: string) => Promise<void>;
  /** Progress and warnings. Default: console.log. */
  log?: (message: string) => void;
}

/** A ready database. */
export interface BootstrappedDatabase {
  connectionString: string;
  /** True when we started the embedded server (and `stop` stops it). */
  embedded: boolean;
  /** Migrations applied by this call. */
  appliedMigrations: string[];
  /** What the seed did; null when seeding was off. */
  seed: SeedResult | null;
  /** Stops the embedded server; does nothing for an external database. */
  stop(): Promise<void>;
}

/** Relative to the working directory when inside it, else absolute. */
function displayPath(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : dir;
}

/** Starts (if needed), migrates and seeds; on failure stops what it started. */
export async function bootstrapDatabase(options: BootstrapOptions = {}): Promise<BootstrappedDatabase> {
  const log = options.log ?? ((message: string) => console.log(message));
  const embedded = !options.databaseUrl;
  let connectionString = options.databaseUrl ?? "";
  let stop = async () => {};
  if (embedded) {
    const dataDir = path.join(path.resolve(options.dataDir ?? DEFAULT_DATA_DIR), "pg");
    const port = options.port ?? DEFAULT_EMBEDDED_PORT;
    log(`Starting the embedded PostgreSQL (data in ${displayPath(dataDir)}, port ${port})…`);
    const server = await startEmbeddedPostgres({ dataDir, port, detached: options.detached, onNotice: log });
    connectionString = server.connectionString;
    stop = () => server.stop();
  }
  try {
    await options.beforeMigrate?.(connectionString);
    const { applied } = await applyMigrations(connectionString);
    log(applied.length ? `Applied migrations: ${applied.join(", ")}.` : "Database schema is up to date.");
    // The run queue's tables, so the web process can enqueue before any worker has started.
    await installQueueSchema(connectionString);
    let seed: SeedResult | null = null;
    if (options.seed ?? true) {
      const prisma = createPrismaClient(connectionString, { maxConnections: 2 });
      try {
        seed = await seedDefaults(prisma, { warn: log });
      } finally {
        await prisma.$disconnect();
      }
      if (seed.importedGraphs.length) log(`Imported example graphs: ${seed.importedGraphs.join(", ")}.`);
    }
    return { connectionString, embedded, appliedMigrations: applied, seed, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
