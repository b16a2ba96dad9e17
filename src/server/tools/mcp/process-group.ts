/**
 * Signals and liveness of a whole process group (POSIX). A stdio MCP server
 * is spawned as the leader of its own group, so everything it starts (the
 * real server behind `npx` or a shell wrapper, helpers it forks) can be
 * stopped together, and we can tell when all of it is gone.
 */
import { readdirSync, readFileSync } from "node:fs";

/** Sends `signal` to every process of group `pgid` (0: only checks it exists); false when the group no longer exists. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // ESRCH: nobody left in the group
  }
}

/**
 * True while some process of group `pgid` is still running. A zombie does
 * not count: an orphaned member that exited waits for PID 1 to reap it, and
 * not every PID 1 does (minimal container and VM inits), yet it runs
 * nothing and holds nothing.
 */
export function groupRunning(pgid: number): boolean {
  if (!signalGroup(pgid, 0)) return false;
  // The kernel says "exists", zombies included; /proc (Linux) tells them apart. Elsewhere trust the kernel.
  return runningMembers(pgid) ?? true;
}

/** Whether group `pgid` has a member that is not a zombie, read from /proc; null without /proc. */
function runningMembers(pgid: number): boolean | null {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat && stat.pgrp === pgid && stat.state !== "Z" && stat.state !== "X") return true;
  }
  return false;
}

/** State letter and process group of `pid` from /proc/<pid>/stat, or null (gone, or no /proc). */
export function procStat(pid: number): { state: string; pgrp: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so read after the last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { state: fields[0] ?? "", pgrp: Number(fields[2]) };
}

/** Waits until group `pgid` has no running member, polling; false when `ms` ran out first. */
export async function waitForGroupGone(pgid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (!groupRunning(pgid)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
