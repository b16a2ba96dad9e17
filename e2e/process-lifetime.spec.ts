import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { findPortHolder } from "../src/server/db/embedded/port-holder";
import { findFreePort } from "../src/server/db/embedded/ports";
import { isProcessAlive } from "../src/server/db/embedded/process-utils";

/**
 * `npm start` must never leave its children behind: a second instance of
 * the real start script (on its own ports and data directory, serving the
 * build the suite's web server made) is killed with SIGKILL, and both the
 * web server and PostgreSQL must be gone within seconds.
 */

const REPO = path.join(__dirname, "..");

interface Instance {
  start: ChildProcess;
  port: number;
  pgPort: number;
  dataDir: string;
  output: () => string;
}

/** The environment of a test instance: its own ports and data directory, the existing build, embedded PostgreSQL. */
function instanceEnv(port: number, pgPort: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    AGS_PG_PORT: String(pgPort),
    AGS_DATA_DIR: dataDir,
    AGS_SKIP_BUILD: "1",
    DATABASE_URL: "",
  };
}

/** `npm start` as the package script runs it: `node --import tsx scripts/start.ts`. */
async function startInstance(dataDir: string): Promise<Instance> {
  const [port, pgPort] = [await findFreePort(), await findFreePort()];
  let output = "";
  const start = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: REPO,
    env: instanceEnv(port, pgPort, dataDir),
    stdio: ["ignore", "pipe", "pipe"],
  });
  start.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  start.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { start, port, pgPort, dataDir, output: () => output };
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

async function answersHealth(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/trpc/health.ping`, {
      signal: AbortSignal.timeout(2_000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** The parent pid of a process, from /proc (Linux, like the tests' port lookups). */
function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number.parseInt(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1] ?? "", 10);
}

function postmasterPid(dataDir: string): number {
  return Number.parseInt(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0] ?? "", 10);
}

test.describe("process lifetime", () => {
  test.describe.configure({ timeout: 120_000 });
  let root: string;
  let dataDir: string;
  const started: ChildProcess[] = [];
  /** Children of a killed start script: stopped here if the test fails, so a failure leaves nothing behind. */
  const grandchildren: number[] = [];

  test.beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), "ags-e2e-lifetime-"));
    chmodSync(root, 0o755); // like a fresh clone's folder; as root, PostgreSQL runs as "postgres" and must pass through
    // Not created here: `npm start` creates it, as it creates .data/ on a fresh machine.
    dataDir = path.join(root, ".data");
  });
  test.afterEach(() => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    for (const pid of grandchildren.splice(0)) if (pid > 0 && isProcessAlive(pid)) process.kill(pid, "SIGKILL");
    rmSync(root, { recursive: true, force: true });
  });

  test("kill -9 of npm start takes the web server and PostgreSQL with it, and a restart works", async () => {
    const first = await startInstance(dataDir);
    started.push(first.start);
    expect(await waitUntil(() => answersHealth(first.port), 90_000), first.output()).toBe(true);
    const web = await findPortHolder(first.port);
    const pg = postmasterPid(dataDir);
    expect(web?.pid).toBeGreaterThan(0);
    expect(web?.pid).not.toBe(first.start.pid);
    expect(isProcessAlive(pg)).toBe(true);
    if (web && web.pid > 0) grandchildren.push(web.pid);
    if (pg > 0) grandchildren.push(pg);

    first.start.kill("SIGKILL");

    const webPid = web?.pid ?? 0;
    const gone = await waitUntil(() => !isProcessAlive(webPid) && !isProcessAlive(pg), 15_000);
    expect(gone, `web ${webPid} alive: ${isProcessAlive(webPid)}; postgres ${pg} alive: ${isProcessAlive(pg)}`).toBe(
      true,
    );
    expect(await findPortHolder(first.port)).toBeUndefined();
    expect(await waitUntil(async () => (await findPortHolder(first.pgPort)) === undefined, 5_000)).toBe(true);

    // The next start on the same data directory comes up normally.
    const second = await startInstance(dataDir);
    started.push(second.start);
    expect(await waitUntil(() => answersHealth(second.port), 90_000), second.output()).toBe(true);
    second.start.kill("SIGTERM");
    expect(await waitUntil(() => second.start.exitCode !== null, 30_000)).toBe(true);
    expect(second.start.exitCode).toBe(0);
  });

  test("kill -9 of the npm process itself stops start.ts, the web server and PostgreSQL", async () => {
    const [port, pgPort] = [await findFreePort(), await findFreePort()];
    let output = "";
    const npm = spawn("npm", ["start", "--silent"], {
      cwd: REPO,
      env: instanceEnv(port, pgPort, dataDir),
      stdio: ["ignore", "pipe", "pipe"],
    });
    started.push(npm);
    npm.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    expect(await waitUntil(() => answersHealth(port), 90_000), output).toBe(true);
    const web = await findPortHolder(port);
    const webPid = web?.pid ?? 0;
    const startPid = parentOf(webPid);
    const pg = postmasterPid(dataDir);
    for (const pid of [webPid, startPid, pg]) if (pid > 0) grandchildren.push(pid);
    expect(startPid).not.toBe(npm.pid); // npm runs start.ts in a child: that child must notice npm is gone

    npm.kill("SIGKILL");

    const gone = () => ![webPid, startPid, pg].some((pid) => isProcessAlive(pid));
    expect(await waitUntil(gone, 20_000), output).toBe(true);
    expect(await findPortHolder(port)).toBeUndefined();
  });

  test("a start on a taken port names the process holding it", async () => {
    const first = await startInstance(dataDir);
    started.push(first.start);
    expect(await waitUntil(() => answersHealth(first.port), 90_000), first.output()).toBe(true);
    const web = await findPortHolder(first.port);

    const otherData = mkdtempSync(path.join(os.tmpdir(), "ags-e2e-lifetime-"));
    try {
      let output = "";
      const blocked = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
        cwd: REPO,
        env: {
          ...process.env,
          PORT: String(first.port),
          AGS_DATA_DIR: otherData,
          AGS_SKIP_BUILD: "1",
          DATABASE_URL: "",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      started.push(blocked);
      blocked.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
      expect(await waitUntil(() => blocked.exitCode !== null, 30_000)).toBe(true);
      expect(blocked.exitCode).toBe(1);
      expect(output).toContain(`Port ${first.port} on 127.0.0.1 is already in use by process ${web?.pid} (`);
      expect(output).toContain("(next-server"); // the title `next start` gives itself
    } finally {
      rmSync(otherData, { recursive: true, force: true });
      first.start.kill("SIGTERM");
      await waitUntil(() => first.start.exitCode !== null, 30_000);
    }
  });
});
