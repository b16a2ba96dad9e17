/**
 * A throwaway embedded PostgreSQL in a fresh temp directory, for tools and
 * tests that need a live server but must not touch the app's data.
 */
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded";
import { findFreePort } from "./embedded/ports";

/** A running throwaway server; `stop` also deletes its directory. */
export type TemporaryPostgres = EmbeddedPostgres;

/** Starts a non-durable server on a free port in a new temp directory. */
export async function startTemporaryPostgres(database = "scratch"): Promise<TemporaryPostgres> {
  const root = await mkdtemp(path.join(os.tmpdir(), "ags-pg-"));
  await chmod(root, 0o755); // when we are root the server runs as "postgres" and must enter it
  try {
    const server = await startEmbeddedPostgres({
      dataDir: path.join(root, "pg"),
      port: await findFreePort(),
      database,
      durable: false,
      onNotice: () => {},
    });
    return {
      ...server,
      async stop() {
        await server.stop();
        await rm(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}

/** Runs `fn` with the URL of a throwaway database, then removes the server. */
export async function withTemporaryPostgres<T>(fn: (connectionString: string) => Promise<T>): Promise<T> {
  const server = await startTemporaryPostgres();
  try {
    return await fn(server.connectionString);
  } finally {
    await server.stop();
  }
}
