/**
 * `@modelcontextprotocol/server-everything` for tests: the stdio command
 * that starts it, and a streamable HTTP instance on a free 127.0.0.1 port
 * in a child process (stopped with `close`, or killed to take it down).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import { REPO_ROOT } from "@/server/db/paths";
import { procStat } from "../process-group";

const require = createRequire(import.meta.url);

/** server-everything's entry point. */
export const EVERYTHING_ENTRY = path.join(
  path.dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
  "dist",
  "index.js",
);

/** The stdio command and arguments that start server-everything. */
export function everythingStdio(): { command: string; args: string[] } {
  return { command: process.execPath, args: [EVERYTHING_ENTRY, "stdio"] };
}

/**
 * server-everything behind a shell wrapper that starts two children and
 * waits: the server (on the wrapper's stdin) and a helper that never reads
 * stdin and ignores SIGTERM. Closing the wrapper's stdin stops neither the
 * wrapper nor the helper; only stopping the whole process group does.
 * `marker` is on every command line (see `processesWith`).
 */
export function wrappedEverythingStdio(marker: string): { command: string; args: string[] } {
  const node = JSON.stringify(process.execPath);
  const helper = `${node} -e "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)" ${marker} </dev/null >/dev/null 2>&1 &`;
  // Through fd 3: a background job of a non-interactive shell gets /dev/null as its stdin (even with `<&0`).
  const server = `${node} ${JSON.stringify(EVERYTHING_ENTRY)} stdio ${marker} <&3 &`;
  return { command: "/bin/sh", args: ["-c", `exec 3<&0; ${helper} ${server} wait # ${marker}`] };
}

/** A stdio "server" that starts and never answers; `marker` finds its process (see `processesWith`). */
export function silentStdio(marker: string): { command: string; args: string[] } {
  return { command: process.execPath, args: ["-e", `setInterval(() => {}, 1000) // ${marker}`] };
}

export interface EverythingHttp {
  /** http://127.0.0.1:<port>/mcp */
  url: string;
  port: number;
  /** The child's pid (to prove it is gone). */
  pid: number;
  close(): Promise<void>;
}

/** Starts server-everything over streamable HTTP on 127.0.0.1 (a free port, or `port`). */
export async function startEverythingHttp(port = 0): Promise<EverythingHttp> {
  const script = path.join(REPO_ROOT, "src/server/tools/mcp/testing/everything-http-server.mjs");
  const child: ChildProcess = spawn(process.execPath, [script, String(port)], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const actual = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything did not start in 20 s: ${stderr}`)), 20_000);
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server-everything exited with ${code}: ${stderr}`));
    });
  });
  return {
    url: `http://127.0.0.1:${actual}/mcp`,
    port: actual,
    pid: child.pid!,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/**
 * True while a process with this pid runs. A zombie (exited, not reaped yet:
 * an orphan waits for PID 1, and some container inits never reap) does not.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  return procStat(pid)?.state !== "Z";
}

/** The process group of `pid` (Linux /proc), or null when it is gone. */
export function processGroupOf(pid: number): number | null {
  return procStat(pid)?.pgrp ?? null;
}

/** Pids of this machine's processes whose command line contains `marker` (Linux /proc). */
export function processesWith(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(marker)) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}
