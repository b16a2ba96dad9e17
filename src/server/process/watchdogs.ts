/**
 * Keeps the processes we start from outliving us, even when we are killed
 * with SIGKILL and no exit handler runs: each child learns of our death
 * from the IPC channel we hold, which the kernel closes when we die.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

import { REPO_ROOT } from "@/server/db/paths";

const HERE = path.join(REPO_ROOT, "src", "server", "process");

/** Preload that makes a Node child (and its process group) stop when our IPC channel closes. */
export const EXIT_WITH_PARENT_PRELOAD = path.join(HERE, "exit-with-parent.cjs");
/** Watchdog program that stops a given pid when our IPC channel closes. */
const STOP_WITH_PARENT_SCRIPT = path.join(HERE, "stop-with-parent.cjs");

/**
 * Node arguments (before the script), stdio and environment for a Node
 * child that must exit with us: it loads {@link EXIT_WITH_PARENT_PRELOAD}
 * and gets an IPC channel.
 */
export function exitWithParentOptions(env: NodeJS.ProcessEnv): {
  nodeArgs: string[];
  stdio: ["inherit", "inherit", "inherit", "ipc"];
  env: NodeJS.ProcessEnv;
} {
  return {
    nodeArgs: ["--require", EXIT_WITH_PARENT_PRELOAD],
    stdio: ["inherit", "inherit", "inherit", "ipc"],
    env: { ...env, AGS_WATCHED_PARENT_PID: String(process.pid) },
  };
}

/** Lets a child with an IPC channel not keep this process alive on its own. */
export function unrefChannel(child: ChildProcess): void {
  (child.channel as { unref?: () => void } | undefined)?.unref?.();
}

/** A running watchdog; {@link release} it once the watched process was stopped in order. */
export interface Watchdog {
  pid: number;
  /** Tells the watchdog it is no longer needed; it exits without signalling anything. */
  release(): void;
}

/**
 * Starts a watchdog that stops `pid` (SIGINT, then SIGQUIT, then SIGKILL)
 * if this process dies first. `markerFile` must name `pid` on its first
 * line (PostgreSQL's postmaster.pid), so a reused pid is never signalled.
 */
export function watchPid(pid: number, markerFile: string): Watchdog {
  const child = spawn(process.execPath, [STOP_WITH_PARENT_SCRIPT, String(pid), markerFile], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
    detached: true, // a terminal's Ctrl-C is for us: we stop the server in order, then release it
  });
  child.unref();
  unrefChannel(child);
  child.on("error", () => {}); // a watchdog that failed to start must not crash its owner
  return {
    pid: child.pid ?? -1,
    release() {
      if (child.connected) child.send("release", () => {});
    },
  };
}
