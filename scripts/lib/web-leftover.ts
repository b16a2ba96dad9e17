/**
 * Remembers the web server a run started (`<data dir>/ags-web.pid`: its pid
 * and ours), so the next run can stop one left behind by a run that was
 * killed before it could stop it — the same care the embedded PostgreSQL
 * gets for its data directory.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

import { isProcessAlive, processCommand, waitForProcessExit } from "@/server/db/embedded/process-utils";

const FILE = "ags-web.pid";
/**
 * How our web server looks in the process table: its command line
 * (scripts/lib/child-process.ts), or the title `next start` replaces it with.
 */
const NEXT_COMMAND = /next[\\/]dist[\\/]bin[\\/]next|^next-server\b/;

/** Records that this process started the web server `webPid`. */
export async function recordWebServer(dataRoot: string, webPid: number): Promise<void> {
  await mkdir(dataRoot, { recursive: true });
  await writeFile(path.join(dataRoot, FILE), `${webPid}\n${process.pid}\n`);
}

/** Forgets the record (after a clean stop). */
export async function forgetWebServer(dataRoot: string): Promise<void> {
  await rm(path.join(dataRoot, FILE), { force: true });
}

function signalGroupOrPid(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal); // we start it as a group leader: its workers go too
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // Gone.
    }
  }
}

/**
 * Stops the web server a killed previous run left on this data directory.
 * Does nothing when there is none, when it is not our Next server any more
 * (a reused pid), or when the run that started it is still alive (then the
 * port check names that process).
 */
export async function stopLeftoverWebServer(dataRoot: string, log: (line: string) => void): Promise<void> {
  const file = path.join(dataRoot, FILE);
  const text = await readFile(file, "utf8").catch(() => "");
  const [webPid = Number.NaN, ownerPid = Number.NaN] = text.split("\n").map((line) => Number.parseInt(line, 10));
  if (!(webPid > 0 && ownerPid > 0)) return; // missing or garbled: nothing we can trust
  if (ownerPid !== process.pid && isProcessAlive(ownerPid) && /node|tsx/.test(await processCommand(ownerPid))) return;
  if (isProcessAlive(webPid) && NEXT_COMMAND.test(await processCommand(webPid))) {
    log(`Stopping the web server (pid ${webPid}) left running by a previous run that was killed.`);
    signalGroupOrPid(webPid, "SIGTERM");
    if (!(await waitForProcessExit(webPid, 10_000))) {
      signalGroupOrPid(webPid, "SIGKILL");
      await waitForProcessExit(webPid, 5_000);
    }
  }
  await rm(file, { force: true });
}
