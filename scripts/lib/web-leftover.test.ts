import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { isProcessAlive, processCommand, waitForProcessExit } from "@/server/db/embedded/process-utils";
import { forgetWebServer, recordWebServer, stopLeftoverWebServer } from "./web-leftover";

let root: string;
const spawned: ChildProcess[] = [];
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "ags-web-leftover-"));
});
afterEach(async () => {
  for (const child of spawned.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await rm(root, { recursive: true, force: true });
});

/** A process that looks like `next start` in the process table (it sets the same title), in its own group. */
async function fakeNextServer(): Promise<number> {
  const script = 'process.title = "next-server (v0-test)"; setInterval(() => {}, 1000); console.log("ready");';
  const child = spawn(process.execPath, ["-e", script, "--", "padding-so-the-title-fits-in-argv"], {
    detached: true,
    stdio: ["ignore", "pipe", "ignore"],
  });
  spawned.push(child);
  await new Promise((resolve) => child.stdout.once("data", resolve));
  expect(await processCommand(child.pid ?? 0)).toMatch(/^next-server/);
  return child.pid ?? 0;
}

const deadPid = () => spawnSync("true").pid;

describe.runIf(process.platform === "linux")("stopLeftoverWebServer", () => {
  it("stops the web server a killed run left behind, and forgets it", async () => {
    const web = await fakeNextServer();
    await writeFile(path.join(root, "ags-web.pid"), `${web}\n${deadPid()}\n`);
    const lines: string[] = [];

    await stopLeftoverWebServer(root, (line) => lines.push(line));

    expect(await waitForProcessExit(web, 2_000)).toBe(true);
    expect(lines).toEqual([`Stopping the web server (pid ${web}) left running by a previous run that was killed.`]);
    await expect(readFile(path.join(root, "ags-web.pid"))).rejects.toThrow(/ENOENT/);
  });

  it("leaves a web server alone while the run that started it is alive", async () => {
    const web = await fakeNextServer();
    await writeFile(path.join(root, "ags-web.pid"), `${web}\n${process.ppid}\n`); // our parent: a live node

    await stopLeftoverWebServer(root, () => {});

    expect(isProcessAlive(web)).toBe(true);
  });

  it("never signals a reused pid that is not a Next server", async () => {
    const other = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    spawned.push(other);
    await writeFile(path.join(root, "ags-web.pid"), `${other.pid}\n${deadPid()}\n`);

    await stopLeftoverWebServer(root, () => {});

    expect(isProcessAlive(other.pid ?? 0)).toBe(true);
  });

  it("records and forgets this run's web server", async () => {
    await recordWebServer(root, 1234);
    expect(await readFile(path.join(root, "ags-web.pid"), "utf8")).toBe(`1234\n${process.pid}\n`);
    await forgetWebServer(root);
    await expect(readFile(path.join(root, "ags-web.pid"))).rejects.toThrow(/ENOENT/);
  });
});
