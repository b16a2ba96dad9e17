import { spawn } from "node:child_process";
import { bundledPath, isBundled } from "./bundle";
import { RESULT_PREFIX } from "./child-protocol";

export interface WorkerOutcome<T> {
  result: T | null;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stderrTail: string;
}

/**
 * Runs a bench worker in its own Node process (own heap, own RSS) — its
 * bundled build when the harness runs bundled (see bundle.ts), else through
 * tsx — and returns the one result line it prints. Extra `nodeArgs` go before
 * the script (e.g. `--cpu-prof`).
 */
export function runWorker<T>(
  script: string,
  args: string[],
  options: { timeoutMs: number; nodeArgs?: string[]; echo?: boolean },
): Promise<WorkerOutcome<T>> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        "--expose-gc",
        "--max-old-space-size=8192",
        ...(options.nodeArgs ?? []),
        ...(isBundled() ? [bundledPath(script)] : ["--import", "tsx", script]),
        ...args,
      ],
      { cwd: process.cwd(), stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NODE_ENV: "production" } },
    );
    let result: T | null = null;
    let stdoutBuf = "";
    let stderr = "";
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, options.timeoutMs);
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      stdoutBuf += chunk;
      let nl: number;
      while ((nl = stdoutBuf.indexOf("\n")) >= 0) {
        const line = stdoutBuf.slice(0, nl);
        stdoutBuf = stdoutBuf.slice(nl + 1);
        if (line.startsWith(RESULT_PREFIX)) result = JSON.parse(line.slice(RESULT_PREFIX.length)) as T;
        else if (options.echo && line.trim()) process.stderr.write(`    [worker] ${line}\n`);
      }
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on("close", (exitCode, signal) => {
      clearTimeout(timer);
      resolve({ result, exitCode, signal, timedOut, stderrTail: stderr.trim().split("\n").slice(-8).join("\n") });
    });
  });
}
