/**
 * Deals with what a previous run may have left in the data directory: a
 * `postmaster.pid` whose server is gone (the pid may even belong to an
 * unrelated process now, which makes PostgreSQL refuse to start), or a
 * server still running because its parent was killed.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

import { DataDirInUseError } from "@/server/errors/data-dir-in-use-error";
import { EmbeddedPostgresError } from "@/server/errors/embedded-postgres-error";
import { isProcessAlive, processCommand, waitForProcessExit } from "./process-utils";

const PID_FILE = "postmaster.pid";
/** Written beside PostgreSQL's files: the pid of the process that started the server. */
const OWNER_FILE = "ags-owner.pid";

async function readPid(file: string): Promise<number | undefined> {
  const text = await readFile(file, "utf8").catch(() => undefined);
  const pid = Number.parseInt(text?.split("\n")[0] ?? "", 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Records that this process owns the server now running on `dataDir`. */
export async function writeOwner(dataDir: string): Promise<void> {
  await writeFile(path.join(dataDir, OWNER_FILE), `${process.pid}\n`);
}

/** Forgets the owner record (after a clean stop). */
export async function removeOwner(dataDir: string): Promise<void> {
  await rm(path.join(dataDir, OWNER_FILE), { force: true });
}

/** The owner is always a Node process; a reused pid running something else is not it. */
async function isNodeProcess(pid: number): Promise<boolean> {
  return isProcessAlive(pid) && /node/.test(await processCommand(pid));
}

/**
 * Makes `dataDir` ready for a new server: removes a stale pid file, stops a
 * server orphaned by a killed previous run, and throws `DataDirInUseError`
 * when a live process still owns the running server.
 */
export async function clearLeftoverServer(dataDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, PID_FILE);
  const pid = await readPid(pidFile);
  if (pid === undefined) return;

  // Pids get reused: the file is stale only if that pid is not a PostgreSQL at all.
  const command = isProcessAlive(pid) ? await processCommand(pid) : "";
  if (!/postgres/.test(command)) {
    log(`Removing a stale ${PID_FILE} (pid ${pid} is not PostgreSQL) left by a previous run.`);
    await rm(pidFile, { force: true });
    return;
  }
  // Some other cluster's server: keep the file, so PostgreSQL's own lock
  // check still guards this directory (and explains itself if it refuses).
  if (!command.includes(dataDir)) return;

  const ownerPid = await readPid(path.join(dataDir, OWNER_FILE));
  // Still owned by a live process (maybe this one): not ours to stop.
  if (ownerPid !== undefined && (await isNodeProcess(ownerPid))) {
    throw new DataDirInUseError(dataDir, pid, ownerPid);
  }

  log(`Stopping PostgreSQL (pid ${pid}) left running by a previous run that was killed.`);
  process.kill(pid, "SIGINT"); // fast shutdown: ends sessions, checkpoints, exits
  if (!(await waitForProcessExit(pid, 20_000))) {
    process.kill(pid, "SIGQUIT"); // immediate shutdown; recovery runs on the next start
    if (!(await waitForProcessExit(pid, 5_000))) {
      throw new EmbeddedPostgresError(
        `PostgreSQL (pid ${pid}) on ${dataDir} did not stop; stop it by hand and retry.`,
        dataDir,
        "",
      );
    }
  }
  await rm(pidFile, { force: true }); // gone already after a clean stop; not after SIGQUIT
}
