/**
 * Runs the `postgres` server process on an initialised data directory and
 * stops it again: fast shutdown first, harder signals only if it hangs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

import { EmbeddedPostgresError } from "@/server/errors/embedded-postgres-error";
import { PortInUseError } from "@/server/errors/port-in-use-error";
import { watchPid } from "@/server/process/watchdogs";
import { LogTail } from "./log-tail";
import type { RunAs } from "./postgres-user";

/** How to run the server. */
export interface ServerProcessOptions {
  postgres: string;
  dataDir: string;
  host: string;
  port: number;
  runAs: RunAs;
  /** Own process group, so a terminal's Ctrl-C reaches only our process, which then stops the server in order. */
  detached: boolean;
  /** false: no fsync (tests); data may be lost on a machine crash. */
  durable: boolean;
  onLog: (line: string) => void;
  /** Start a watchdog process that stops the server if this process is killed (see watchdogs.ts). */
  watchdog: boolean;
}

/** A started server. */
export interface ServerProcess {
  pid: number;
  /** Output kept for error messages. */
  log: LogTail;
  /** Stops the server; resolves once it has exited. Safe to call twice. */
  stop(): Promise<void>;
}

const READY = "database system is ready to accept connections";
const START_TIMEOUT_MS = 60_000;

function serverArgs(options: ServerProcessOptions): string[] {
  const settings = [
    `listen_addresses=${options.host}`,
    "unix_socket_directories=", // TCP only: no socket files in /tmp to collide with other servers
    ...(options.durable ? [] : ["fsync=off", "synchronous_commit=off", "full_page_writes=off"]),
  ];
  return ["-D", options.dataDir, "-p", String(options.port), ...settings.flatMap((s) => ["-c", s])];
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (hasExited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Resolves when the server logs that it is ready; rejects if it exits or hangs first. */
function waitForReady(child: ChildProcess, log: LogTail, options: ServerProcessOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const settle = (error?: Error) => {
      clearTimeout(timer);
      child.stderr?.off("data", onData);
      child.off("error", onFailure);
      child.off("exit", onExit);
      if (!error) resolve();
      else if (/Address already in use|could not bind/i.test(seen)) {
        reject(
          new PortInUseError(
            options.port,
            options.host,
            "Set AGS_PG_PORT to a free port, or DATABASE_URL to use a running server.",
          ),
        );
      } else {
        const message = `PostgreSQL failed to start on ${options.dataDir}: ${error.message}`;
        reject(new EmbeddedPostgresError(message, options.dataDir, log.toString(), error));
      }
    };
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-20_000);
      if (seen.includes(READY)) settle();
    };
    const onFailure = (error: Error) => settle(error);
    const onExit = (code: number | null, signal: string | null) =>
      settle(new Error(`postgres exited with ${code ?? signal}`));
    const timer = setTimeout(() => settle(new Error(`not ready after ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
    child.stderr?.on("data", onData);
    child.on("error", onFailure);
    child.on("exit", onExit);
  });
}

/** Spawns `postgres` and resolves once it accepts connections. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const log = new LogTail();
  const child = spawn(options.postgres, serverArgs(options), {
    ...options.runAs,
    detached: options.detached,
    env: { ...process.env, LC_MESSAGES: "C", LC_ALL: "C" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const onOutput = (chunk: Buffer) => {
    const text = chunk.toString();
    log.push(text);
    for (const line of text.split("\n")) if (line.trim()) options.onLog(line);
  };
  child.stdout?.on("data", onOutput);
  child.stderr?.on("data", onOutput);

  // If this process exits without stopping the server (an uncaught error, a
  // forgotten stop), still ask the server to shut down rather than orphan it.
  const onProcessExit = () => {
    if (!hasExited(child)) child.kill("SIGINT");
  };
  process.on("exit", onProcessExit);

  try {
    await waitForReady(child, log, options);
  } catch (error) {
    process.off("exit", onProcessExit);
    child.kill("SIGKILL");
    await waitForExit(child, 5_000);
    throw error;
  }
  // Stops the server if this process dies without running any handler (SIGKILL).
  const watchdog = options.watchdog
    ? watchPid(child.pid ?? -1, path.join(options.dataDir, "postmaster.pid"))
    : undefined;
  // A running server must not keep a script alive on its own: `onProcessExit` stops it.
  child.unref();
  for (const stream of [child.stdout, child.stderr]) (stream as { unref?: () => void } | null)?.unref?.();

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (!hasExited(child)) {
        child.kill("SIGINT"); // fast shutdown: ends sessions, checkpoints, exits
        if (!(await waitForExit(child, 30_000))) {
          child.kill("SIGQUIT"); // immediate shutdown; crash recovery runs on the next start
          if (!(await waitForExit(child, 5_000))) child.kill("SIGKILL");
          await waitForExit(child, 5_000);
        }
      }
      process.off("exit", onProcessExit);
      watchdog?.release();
    })();
    return stopping;
  };
  return { pid: child.pid ?? -1, log, stop };
}
