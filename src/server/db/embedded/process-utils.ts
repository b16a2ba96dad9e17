/** Small helpers to inspect and wait for processes we did not spawn. */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";

const run = promisify(execFile);

/** True when a process with this pid exists (even if owned by another user). */
export function isProcessAlive(pid: number): boolean {
  // 0 and negative numbers address process groups (-1: every process), never one process.
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The command line of a process, or "" when it is gone or unreadable. */
export async function processCommand(pid: number): Promise<string> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, "utf8")).replaceAll("\0", " ").trim();
  } catch {
    // No procfs (macOS): ask ps.
    try {
      return (await run("ps", ["-o", "command=", "-p", String(pid)])).stdout.trim();
    } catch {
      return "";
    }
  }
}

/** Polls until the process is gone; false if it still runs after `timeoutMs`. */
export async function waitForProcessExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}
