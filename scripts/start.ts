/**
 * `npm start`: the whole app in one command. Without DATABASE_URL it starts
 * the embedded PostgreSQL (data in AGS_DATA_DIR or .data/, port AGS_PG_PORT,
 * default 54329); then migrates, seeds, builds (unless .next/ already holds a
 * build of the same sources, see lib/build-fingerprint.ts, or AGS_SKIP_BUILD=1) and
 * serves on HOST:PORT (default 127.0.0.1:3000), with one run worker in this
 * process (AGS_WORKER_CONCURRENCY runs at once, default 10;
 * AGS_IN_PROCESS_WORKER=0: none, run `npm run worker` instead).
 * Ctrl-C / SIGTERM stop the web server first, then the worker (its runs end
 * cancelled, every event stored), then the database; the exit code follows
 * the web server's.
 * Neither child outlives this process, even when it is killed with SIGKILL
 * (see src/server/process/watchdogs.ts), and a run finds and stops what a
 * killed run may still have left (web server, PostgreSQL) on its data dir.
 */
import type { ChildProcess } from "node:child_process";
import path from "node:path";

import { bootstrapDatabase } from "@/server/db/bootstrap";
import { assertPortFree } from "@/server/db/embedded/ports";
import { DEFAULT_DATA_DIR, REPO_ROOT } from "@/server/db/paths";
import { resolveSecretKey, SECRET_KEY_ENV } from "@/server/secrets/secret-box";
import { parseServerEnv } from "@/server/env";
import { ALLOWED_HOSTS_ENV, allowedHostsForBind } from "@/server/http/allowed-hosts";
import { parseWorkerConcurrency, type RunWorker, startRunWorker } from "@/server/runs/worker";
import { buildFingerprint, forgetBuild, isBuildCurrent, recordBuild } from "./lib/build-fingerprint";
import { signalGroup, spawnNext, stopChild, waitForExit, waitForHttp } from "./lib/child-process";
import { runMain } from "./lib/run-main";
import { forgetWebServer, recordWebServer, stopLeftoverWebServer } from "./lib/web-leftover";

/** The address people should open: loopback and wildcard binds read best as localhost. */
function publicUrl(host: string, port: number): string {
  const local = ["127.0.0.1", "0.0.0.0", "localhost", "::", "::1"].includes(host);
  return `http://${local ? "localhost" : host}:${port}`;
}

/**
 * How to get in: on an install nobody has signed up to yet, the first account
 * created becomes the owner of the Default workspace (see
 * src/server/auth/sign-up-workspace.ts).
 */
function signInHint(url: string, noOwnerYet: boolean): string {
  return noOwnerYet
    ? `Open ${url} and create an account: the first account you create owns the Default workspace (with the example graphs).`
    : `Open ${url} and sign in (or create an account: you get a workspace of your own, and owners can invite you to theirs).`;
}

/** The worker's graceful stop, bounded: a database that no longer answers must not keep us from exiting. */
async function stopWorker(worker: RunWorker, graceMs = 15_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.error(`The run worker did not stop within ${graceMs / 1000} s; going on.`);
      resolve();
    }, graceMs);
  });
  try {
    await Promise.race([worker.stop().catch((error: unknown) => console.error(error)), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

runMain(async () => {
  const env = parseServerEnv();
  let child: ChildProcess | undefined;
  let stopRequested = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopRequested) return;
    stopRequested = true;
    console.log(`\nStopping Agent Graph Studio (${signal})…`);
    if (child) void stopChild(child); // SIGTERM, SIGKILL if it hangs; the main flow sees it exit
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, onSignal);
  // If whoever started us dies (`kill -9` of `npm start`), stop as on a
  // signal: we are reparented then, which changes our ppid.
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && onSignal("SIGHUP"), 500).unref();
  // If we die unexpectedly, do not leave the web server behind.
  process.on("exit", () => child && signalGroup(child, "SIGTERM"));

  const dataRoot = path.resolve(env.AGS_DATA_DIR ?? DEFAULT_DATA_DIR);
  // The key that seals provider keys and tool secrets: AGS_SECRET_KEY, else
  // <data>/secret.key (generated once, mode 0600). The web server and the
  // in-process worker inherit it through the environment.
  const secretKey = resolveSecretKey({ env: process.env, dataDir: dataRoot });
  process.env[SECRET_KEY_ENV] = secretKey.key;
  if (secretKey.source === "generated") console.log(`Generated the secret key in ${secretKey.file} (owner-only).`);
  await stopLeftoverWebServer(dataRoot, (line) => console.log(line));
  await assertPortFree(env.PORT, env.HOST, "Set PORT to another port, or stop the server using it.");
  const database = await bootstrapDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.AGS_DATA_DIR,
    port: env.AGS_PG_PORT,
    detached: true,
  });
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.connectionString,
    NODE_ENV: "production",
    // Next.js sends anonymous telemetry by default; a local app (and the
    // e2e tests, which start it through this script) must not reach the
    // network. Off unless the caller set the variable themselves.
    NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? "1",
    // The proxy answers only these host names; a specific HOST is one of them.
    [ALLOWED_HOSTS_ENV]: allowedHostsForBind(process.env[ALLOWED_HOSTS_ENV], env.HOST),
  };

  let worker: RunWorker | undefined;
  try {
    if (stopRequested) return 0;
    if (process.env.AGS_IN_PROCESS_WORKER !== "0") {
      worker = await startRunWorker({
        connectionString: database.connectionString,
        concurrency: parseWorkerConcurrency(),
      });
      console.log(
        `Run worker ${worker.workerId} started (AGS_IN_PROCESS_WORKER=0 to leave runs to \`npm run worker\`).`,
      );
    }
    if (stopRequested) return 0;
    const fingerprint = await buildFingerprint(REPO_ROOT, childEnv);
    if (process.env.AGS_SKIP_BUILD === "1") {
      console.log("Serving the existing build (AGS_SKIP_BUILD=1).");
    } else if (process.env.AGS_FORCE_BUILD !== "1" && (await isBuildCurrent(REPO_ROOT, fingerprint))) {
      console.log("The app is already built from these sources: serving it (AGS_FORCE_BUILD=1 builds anyway).");
    } else {
      console.log("Building the app (next build)…");
      await forgetBuild(REPO_ROOT);
      child = spawnNext(["build"], childEnv);
      const code = await waitForExit(child);
      child = undefined;
      if (stopRequested) return 0;
      if (code !== 0) {
        console.error(`next build failed (exit code ${code}).`);
        return code;
      }
      await recordBuild(REPO_ROOT, fingerprint);
    }

    child = spawnNext(["start", "-p", String(env.PORT), "-H", env.HOST], childEnv);
    const server = child;
    if (server.pid !== undefined) await recordWebServer(dataRoot, server.pid);
    const probeHost = env.HOST === "0.0.0.0" ? "127.0.0.1" : env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST;
    const url = publicUrl(env.HOST, env.PORT);
    void waitForHttp(`http://${probeHost}:${env.PORT}/`, server).then((ready) => {
      if (!ready || stopRequested) return;
      console.log(`\nAgent Graph Studio is running at ${url}`);
      console.log(`${signInHint(url, database.seed?.placeholderIsOwner ?? false)}\n`);
    });
    const code = await waitForExit(server); // a signal makes onSignal stop it
    child = undefined;
    if (!stopRequested) console.error(`The web server exited (code ${code}); stopping.`);
    return stopRequested && code >= 128 ? 0 : code; // killed by our own SIGTERM: a clean stop
  } finally {
    if (child) await stopChild(child);
    await forgetWebServer(dataRoot);
    if (worker) {
      console.log("Stopping the run worker…");
      await stopWorker(worker);
    }
    if (database.embedded) console.log("Stopping the embedded PostgreSQL…");
    await database.stop();
  }
});
