/**
 * The stdio transport of our MCP client: the server runs as the leader of
 * its own process group, and closing stops the whole group — SIGTERM, then
 * SIGKILL after a grace period. The SDK's StdioClientTransport signals only
 * its direct child (and has no option to spawn it detached), so a server
 * started through `npx` or a shell wrapper left its real process running
 * until that noticed its stdin was gone, if ever. Framing is the SDK's own
 * (`ReadBuffer`, `serializeMessage`), the environment its minimal inherited
 * one plus the server's variables, and the command is spawned without a
 * shell, as the SDK does.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { PassThrough } from "node:stream";
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

import { signalGroup, waitForGroupGone } from "./process-group";

/** What to start and how patiently to stop it. */
export interface ProcessGroupStdioOptions {
  command: string;
  args: readonly string[];
  /** Added to the SDK's minimal inherited environment (PATH, HOME, …). */
  env: Record<string, string>;
  cwd?: string;
  /** After its stdin closes, how long the server may take to exit by itself before its group gets SIGTERM. Default 1,000 ms. */
  exitGraceMs?: number;
  /** After SIGTERM, how long the group may take to exit before SIGKILL. Default 2,000 ms. */
  killGraceMs?: number;
}

const DEFAULT_EXIT_GRACE_MS = 1_000;
const DEFAULT_KILL_GRACE_MS = 2_000;

/** Process groups are POSIX; on Windows only the direct child can be signalled. */
const GROUPS = process.platform !== "win32";

/** A stdio MCP transport whose close leaves no process of the server's tree running. */
export class ProcessGroupStdioTransport implements Transport {
  onclose?: Transport["onclose"];
  onerror?: Transport["onerror"];
  onmessage?: Transport["onmessage"];

  private child: ChildProcess | null = null;
  private readonly readBuffer = new ReadBuffer();
  private readonly stderrStream = new PassThrough();
  private exited: Promise<void> = Promise.resolve();
  private closed: Promise<void> = Promise.resolve();
  private stopping: Promise<void> | null = null;
  private closeReported = false;

  constructor(private readonly options: ProcessGroupStdioOptions) {}

  /** The server's stderr, readable before `start` (so nothing it prints early is lost). */
  get stderr(): PassThrough {
    return this.stderrStream;
  }

  /** The server's pid, which is also its process group's id; null before start. */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  start(): Promise<void> {
    if (this.child) throw new Error("ProcessGroupStdioTransport already started");
    return new Promise<void>((resolve, reject) => {
      // Only these variables: the server must not see the app's secrets (DATABASE_URL, provider keys).
      const env: Record<string, string> = { ...getDefaultEnvironment(), ...this.options.env };
      const child: ChildProcess = spawn(this.options.command, [...this.options.args], {
        env: env as NodeJS.ProcessEnv,
        stdio: ["pipe", "pipe", "pipe"],
        shell: false,
        // Its own process group (setsid): `kill(-pid)` then reaches everything it starts.
        detached: GROUPS,
        windowsHide: true,
        cwd: this.options.cwd,
      });
      this.child = child;
      this.exited = new Promise((done) => child.once("exit", () => done()));
      this.closed = new Promise((done) => child.once("close", () => done()));
      child.once("error", (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once("spawn", () => resolve());
      child.once("exit", () => {
        // Exited by itself (crashed, or done): what it started must not outlive it.
        if (!this.stopping) void this.close();
      });
      child.once("close", () => this.reportClose());
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("data", (chunk: Buffer) => {
        try {
          this.readBuffer.append(chunk);
        } catch (error) {
          // More than the SDK's maximum without a newline: not a server we can talk to.
          this.onerror?.(error as Error);
          void this.close();
          return;
        }
        this.processReadBuffer();
      });
      child.stderr?.pipe(this.stderrStream);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.stopping) return Promise.reject(new Error("Not connected"));
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once("drain", resolve);
    });
  }

  /**
   * Closes stdin (a polite server exits), then stops the whole group: SIGTERM
   * after `exitGraceMs` (also when the leader did exit: a wrapper's children
   * may not have), SIGKILL after `killGraceMs`. Resolves once nothing of the
   * group runs; idempotent.
   */
  close(): Promise<void> {
    this.stopping ??= this.stop();
    return this.stopping;
  }

  private async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) {
      this.readBuffer.clear();
      this.reportClose();
      return;
    }
    const pid = child.pid;
    const exitGraceMs = this.options.exitGraceMs ?? DEFAULT_EXIT_GRACE_MS;
    const killGraceMs = this.options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
    try {
      child.stdin?.end();
    } catch {
      // Already closed.
    }
    await within(this.exited, exitGraceMs);
    if (GROUPS) {
      // The group outlives its leader while any member runs; its id is not reused meanwhile.
      if (signalGroup(pid, "SIGTERM") && !(await waitForGroupGone(pid, killGraceMs))) {
        signalGroup(pid, "SIGKILL");
        await waitForGroupGone(pid, killGraceMs);
      }
    } else if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      if (!(await within(this.exited, killGraceMs))) child.kill("SIGKILL");
    }
    // Every holder of its pipes is gone now, so "close" follows at once.
    await within(this.closed, killGraceMs);
    this.readBuffer.clear();
    this.reportClose();
  }

  private processReadBuffer(): void {
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.readBuffer.readMessage();
      } catch (error) {
        // One bad line (a server printing logs on stdout): report it and read on.
        this.onerror?.(error as Error);
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  private reportClose(): void {
    if (this.closeReported) return;
    this.closeReported = true;
    this.onclose?.();
  }
}

/** Waits for `promise` at most `ms`; true when it settled in time. */
async function within(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
