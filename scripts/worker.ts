/**
 * `npm run worker`: a run worker process. It takes run jobs from the
 * database's queue; start as many as you like, on any machines that reach
 * the database. The database is DATABASE_URL or, when unset, the embedded
 * PostgreSQL a running `npm start` serves on this machine (AGS_DATA_DIR,
 * AGS_PG_PORT). AGS_WORKER_CONCURRENCY sets how many runs it executes at
 * once (default 10). Provider keys come from the environment
 * (OPENAI_API_KEY, ANTHROPIC_API_KEY, OPENAI_COMPATIBLE_BASE_URL,
 * OPENAI_COMPATIBLE_API_KEY). SIGTERM / Ctrl-C stop it gracefully: its runs
 * end cancelled ("worker stopped") with every event stored; a second signal
 * exits at once.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";

import pg from "pg";

import { DEFAULT_DATABASE_NAME } from "@/server/db/embedded";
import { PASSWORD_FILE } from "@/server/db/embedded/superuser-password";
import { DEFAULT_DATA_DIR } from "@/server/db/paths";
import { resolveSecretKey, SECRET_KEY_ENV } from "@/server/secrets/secret-box";
import { parseServerEnv } from "@/server/env";
import { parseProviderEnv, parseWorkerConcurrency, providersFromEnv, startRunWorker } from "@/server/runs/worker";
import { runMain } from "./lib/run-main";

/** The URL of the embedded PostgreSQL of `npm start` on this machine, or null when it has none. */
async function embeddedDatabaseUrl(dataDir: string, port: number): Promise<string | null> {
  const password = await readFile(path.join(dataDir, "pg", PASSWORD_FILE), "utf8").catch(() => null);
  if (password === null) return null;
  return `postgresql://postgres:${encodeURIComponent(password.trim())}@127.0.0.1:${port}/${DEFAULT_DATABASE_NAME}`;
}

/** Fails with a sentence when the database is unreachable or not migrated. */
async function checkDatabase(connectionString: string, where: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  try {
    await client.connect();
  } catch (error) {
    throw new WorkerSetupError(`cannot reach ${where}: ${(error as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ runs: string | null; queue: string | null }>(
      "SELECT to_regclass('public.runs')::text AS runs, to_regnamespace('graphile_worker')::text AS queue",
    );
    if (!rows[0]?.runs || !rows[0]?.queue)
      throw new WorkerSetupError(
        `${where} is not set up for runs yet: run \`npm run db:migrate\` (or \`npm start\`) first.`,
      );
  } finally {
    await client.end();
  }
}

class WorkerSetupError extends Error {
  override readonly name = "WorkerSetupError";
}

runMain(async () => {
  const env = parseServerEnv();
  let concurrency: number;
  try {
    concurrency = parseWorkerConcurrency();
  } catch (error) {
    throw new WorkerSetupError((error as Error).message);
  }
  const providers = providersFromEnv(parseProviderEnv());

  // Same key as the web server's: AGS_SECRET_KEY, else the data folder's secret.key.
  try {
    const dataDir = path.resolve(env.AGS_DATA_DIR ?? DEFAULT_DATA_DIR);
    process.env[SECRET_KEY_ENV] = resolveSecretKey({ env: process.env, dataDir }).key;
  } catch (error) {
    throw new WorkerSetupError((error as Error).message);
  }

  let connectionString = env.DATABASE_URL;
  let where = "DATABASE_URL";
  if (!connectionString) {
    const dataDir = path.resolve(env.AGS_DATA_DIR ?? DEFAULT_DATA_DIR);
    const port = env.AGS_PG_PORT;
    where = `the embedded PostgreSQL of \`npm start\` (port ${port})`;
    connectionString = (await embeddedDatabaseUrl(dataDir, port)) ?? undefined;
    if (!connectionString)
      throw new WorkerSetupError(
        `DATABASE_URL is not set and ${dataDir} has no embedded database: start \`npm start\` first, or set DATABASE_URL.`,
      );
  }
  await checkDatabase(connectionString, where);

  const worker = await startRunWorker({ connectionString, concurrency });
  console.log(
    `Worker ${worker.workerId} is taking runs (${concurrency} at once; providers: ${providers.configured.join(", ") || "none, simulated models only"}).`,
  );

  await new Promise<void>((resolve) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) {
        console.log(`Second ${signal}: exiting now.`);
        process.exit(130);
      }
      stopping = true;
      console.log(`\nStopping worker ${worker.workerId} (${signal}): cancelling its runs…`);
      resolve();
    };
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, onSignal);
  });
  await worker.stop();
  console.log("Worker stopped.");
  return 0;
});
