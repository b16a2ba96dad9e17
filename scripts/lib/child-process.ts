/** Runs the Next.js CLI as a child we can stop as a whole. */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

import { REPO_ROOT } from "@/server/db/paths";
import { exitWithParentOptions, unrefChannel } from "@/server/process/watchdogs";

/** The real Next CLI (not `npx next`, whose wrapper would hide the server's pid). */
const NEXT_BIN = path.join(REPO_ROOT, "node_modules", "next", "dist", "bin", "next");

/**
 * Spawns `next <args>` in its own process group, sharing our terminal.
 * Its own group means a terminal Ctrl-C reaches only us, and we decide the
 * order of shutdown. It holds an IPC channel to us and exits, with its
 * group, when that closes: if we are killed (even by SIGKILL) it does not
 * keep serving as an orphan.
 */
export function spawnNext(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const options = exitWithParentOptions(env);
  const child = spawn(process.execPath, [...options.nodeArgs, NEXT_BIN, ...args], {
    cwd: REPO_ROOT,
    env: options.env,
    stdio: options.stdio,
    detached: true,
  });
  unrefChannel(child);
  return child;
}

/** The child's exit code; a signal death maps to 128 + its number, as shells do. */
export function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  const numbers: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
  return 128 + (signal ? (numbers[signal] ?? 0) : 0);
}

/** Resolves with the exit code once the child has exited. */
export function waitForExit(child: ChildProcess): Promise<number> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve(exitCodeOf(child.exitCode, child.signalCode));
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve(exitCodeOf(code, signal))));
}

/** Sends `signal` to the child's whole process group (Next may have workers). */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** SIGTERM, then SIGKILL if it has not exited after `graceMs`; resolves with its exit code. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<number> {
  signalGroup(child, "SIGTERM");
  const timer = setTimeout(() => signalGroup(child, "SIGKILL"), graceMs);
  try {
    return await waitForExit(child);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `url` until any HTTP answer arrives; false if `child` exits first. */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000), redirect: "manual" });
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return false;
}
