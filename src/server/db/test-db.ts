/**
 * Real PostgreSQL for integration tests: one throwaway embedded server per
 * test file, migrated like production, removed (server and directory) after
 * the file's tests.
 *
 * @example
 * const db = setupTestDatabase();
 * it("stores graphs", async () => {
 *   const repo = new GraphRepository(db.prisma);
 * });
 */
import { afterAll, beforeAll } from "vitest";

import type { PrismaClient } from "@/generated/prisma/client";
import { createPrismaClient } from "./client";
import { applyMigrations } from "./migrations";
import { startTemporaryPostgres, type TemporaryPostgres } from "./temporary-postgres";
import { installQueueSchema } from "@/server/runs/worker/queue-schema";

/** A migrated database and a client for it. */
export interface TestDatabase {
  connectionString: string;
  prisma: PrismaClient;
  server: TemporaryPostgres;
  /** Disconnects the client and removes the server. */
  stop(): Promise<void>;
}

/** Options of {@link createTestDatabase}. */
export interface TestDatabaseOptions {
  /** Also install the run queue (graphile-worker's schema), as `bootstrapDatabase` does. Default false. */
  queue?: boolean;
}

/** Starts a server, applies the migrations and opens a client. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const server = await startTemporaryPostgres("ags_test");
  try {
    await applyMigrations(server.connectionString);
    if (options.queue) await installQueueSchema(server.connectionString);
  } catch (error) {
    await server.stop();
    throw error;
  }
  const prisma = createPrismaClient(server.connectionString);
  return {
    connectionString: server.connectionString,
    prisma,
    server,
    async stop() {
      await prisma.$disconnect();
      await server.stop();
    },
  };
}

/**
 * Registers beforeAll/afterAll hooks that give the file a database; read
 * its fields inside tests (they exist once beforeAll has run).
 */
export function setupTestDatabase(options: TestDatabaseOptions = {}): Omit<TestDatabase, "stop"> {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(options);
  });
  afterAll(async () => {
    await database?.stop();
  });
  const current = () => {
    if (!database) throw new Error("setupTestDatabase(): the database is only available inside tests.");
    return database;
  };
  return {
    get connectionString() {
      return current().connectionString;
    },
    get prisma() {
      return current().prisma;
    },
    get server() {
      return current().server;
    },
  };
}

/** Empties every app table (not the migration history), for tests that need a clean slate. */
export async function truncateAppTables(prisma: PrismaClient): Promise<void> {
  const rows = await prisma.$queryRaw<{ tablename: string }[]>`
    SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`;
  if (rows.length === 0) return;
  const tables = rows.map((row) => `"public"."${row.tablename.replaceAll('"', '""')}"`).join(", ");
  await prisma.$executeRawUnsafe(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`);
}
