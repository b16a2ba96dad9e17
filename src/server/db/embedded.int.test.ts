import { spawn, spawnSync } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DataDirInUseError } from "@/server/errors/data-dir-in-use-error";
import { EmbeddedPostgresError } from "@/server/errors/embedded-postgres-error";
import { PortInUseError } from "@/server/errors/port-in-use-error";
import { bootstrapDatabase } from "./bootstrap";
import { startEmbeddedPostgres } from "./embedded";
import { findFreePort } from "./embedded/ports";
import { isProcessAlive, waitForProcessExit } from "./embedded/process-utils";
import { LEGACY_PASSWORD, PASSWORD_FILE } from "./embedded/superuser-password";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "ags-embedded-"));
  await chmod(root, 0o755); // as root the server runs as "postgres"
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function sql(url: string, text: string): Promise<pg.QueryResultRow[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

const quiet = { durable: false, onNotice: () => {} } as const;

describe("startEmbeddedPostgres", () => {
  it("keeps its data across a stop and the next start", async () => {
    const dataDir = path.join(root, "reuse");
    const port = await findFreePort();
    const first = await startEmbeddedPostgres({ dataDir, port, database: "app", ...quiet });
    await sql(first.connectionString, "CREATE TABLE kept (value TEXT); INSERT INTO kept VALUES ('still here')");
    await first.stop();
    await first.stop(); // twice is fine

    const second = await startEmbeddedPostgres({ dataDir, port, database: "app", ...quiet });
    try {
      expect(await sql(second.connectionString, "SELECT value FROM kept")).toEqual([{ value: "still here" }]);
    } finally {
      await second.stop();
    }
  });

  it("starts despite a stale postmaster.pid left by a killed run", async () => {
    const dataDir = path.join(root, "stale");
    const port = await findFreePort();
    const notices: string[] = [];
    await (await startEmbeddedPostgres({ dataDir, port, ...quiet })).stop();
    // Our own pid is alive but is not PostgreSQL: exactly what makes postgres refuse to start.
    await writeFile(path.join(dataDir, "postmaster.pid"), `${process.pid}\n${dataDir}\n`);

    const server = await startEmbeddedPostgres({ dataDir, port, durable: false, onNotice: (m) => notices.push(m) });
    try {
      expect(await sql(server.connectionString, "SELECT 1 AS ok")).toEqual([{ ok: 1 }]);
      expect(notices).toEqual([expect.stringContaining("stale postmaster.pid")]);
      expect((await readFile(path.join(dataDir, "postmaster.pid"), "utf8")).split("\n")[0]).not.toBe(
        String(process.pid),
      );
    } finally {
      await server.stop();
    }
  });

  it("stops a server orphaned by a killed run and starts its own", async () => {
    const dataDir = path.join(root, "orphan");
    const orphan = await startEmbeddedPostgres({ dataDir, port: await findFreePort(), ...quiet });
    // The process that started it is gone (a pid that no longer exists).
    const dead = spawnSync("true").pid;
    await writeFile(path.join(dataDir, "ags-owner.pid"), `${dead}\n`);
    const notices: string[] = [];

    const port = await findFreePort();
    const server = await startEmbeddedPostgres({ dataDir, port, durable: false, onNotice: (m) => notices.push(m) });
    try {
      expect(notices).toEqual([expect.stringContaining("left running by a previous run")]);
      expect(server.port).toBe(port);
      expect(await sql(server.connectionString, "SELECT 1 AS ok")).toEqual([{ ok: 1 }]);
      await expect(sql(orphan.connectionString, "SELECT 1")).rejects.toThrow();
    } finally {
      await server.stop();
      await orphan.stop(); // already exited: returns at once
    }
  });

  it("names the port when it is taken", async () => {
    const blocker = net.createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, "127.0.0.1", () => resolve((blocker.address() as net.AddressInfo).port)),
    );
    try {
      const error = await startEmbeddedPostgres({ dataDir: path.join(root, "busy"), port, ...quiet }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(PortInUseError);
      expect((error as PortInUseError).message).toContain(String(port));
    } finally {
      blocker.close();
    }
  });

  it("refuses a data directory another live process is serving", async () => {
    const dataDir = path.join(root, "shared");
    const server = await startEmbeddedPostgres({ dataDir, port: await findFreePort(), ...quiet });
    try {
      // Pretend another process (our parent, which is alive) owns the running server.
      await writeFile(path.join(dataDir, "ags-owner.pid"), `${process.ppid}\n`);
      const error = await startEmbeddedPostgres({ dataDir, port: await findFreePort(), ...quiet }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(DataDirInUseError);
      expect(await sql(server.connectionString, "SELECT 1 AS ok")).toEqual([{ ok: 1 }]);
    } finally {
      await server.stop();
    }
  });
});

describe("bootstrapDatabase", () => {
  it("starts, migrates and seeds the embedded database, and is a no-op the second time", async () => {
    const options = { dataDir: path.join(root, "app-data"), port: await findFreePort(), log: () => {} };
    const first = await bootstrapDatabase(options);
    try {
      expect(first.embedded).toBe(true);
      expect(first.appliedMigrations.length).toBeGreaterThan(0);
      expect(await sql(first.connectionString, "SELECT slug FROM workspaces")).toEqual([{ slug: "default" }]);
      // The run queue's schema too, so the web process can enqueue before any worker ran.
      expect(
        await sql(
          first.connectionString,
          "SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'x'",
        ),
      ).toEqual([{ n: 0 }]);
    } finally {
      await first.stop();
    }

    const second = await bootstrapDatabase(options);
    try {
      expect(second.appliedMigrations).toEqual([]);
      expect(second.seed?.importedGraphs).toEqual([]);
      expect(second.seed?.workspaceId).toBe(first.seed?.workspaceId);
    } finally {
      await second.stop();
    }
  });
});

describe("the superuser password", () => {
  it("is generated per data directory, kept in an owner-only file, and reused", async () => {
    const [dirA, dirB] = [path.join(root, "password-a"), path.join(root, "password-b")];
    const a = await startEmbeddedPostgres({ dataDir: dirA, port: await findFreePort(), ...quiet });
    const b = await startEmbeddedPostgres({ dataDir: dirB, port: await findFreePort(), ...quiet });
    await Promise.all([a.stop(), b.stop()]);

    const fileA = path.join(dirA, PASSWORD_FILE);
    const passwordA = (await readFile(fileA, "utf8")).trim();
    const passwordB = (await readFile(path.join(dirB, PASSWORD_FILE), "utf8")).trim();
    expect(passwordA).toHaveLength(43);
    expect(passwordA).not.toBe(passwordB);
    expect(passwordA).not.toBe(LEGACY_PASSWORD);
    expect((await stat(fileA)).mode & 0o777).toBe(0o600);
    expect(new URL(a.connectionString).password).toBe(passwordA);

    const again = await startEmbeddedPostgres({ dataDir: dirA, port: await findFreePort(), ...quiet });
    try {
      expect(new URL(again.connectionString).password).toBe(passwordA);
      expect(await sql(again.connectionString, "SELECT 1 AS ok")).toEqual([{ ok: 1 }]);
      const legacyUrl = new URL(again.connectionString);
      legacyUrl.password = LEGACY_PASSWORD;
      await expect(sql(legacyUrl.toString(), "SELECT 1")).rejects.toThrow(/password authentication failed/);
    } finally {
      await again.stop();
    }
  });

  it("moves a cluster created with the old fixed password to a generated one, keeping its data", async () => {
    const dataDir = path.join(root, "password-legacy");
    const first = await startEmbeddedPostgres({ dataDir, port: await findFreePort(), ...quiet });
    await sql(first.connectionString, "CREATE TABLE kept (value TEXT); INSERT INTO kept VALUES ('old data')");
    await sql(first.connectionString, `ALTER ROLE postgres PASSWORD '${LEGACY_PASSWORD}'`);
    await first.stop();
    await rm(path.join(dataDir, PASSWORD_FILE)); // as a cluster from before generated passwords

    const server = await startEmbeddedPostgres({ dataDir, port: await findFreePort(), ...quiet });
    try {
      const stored = (await readFile(path.join(dataDir, PASSWORD_FILE), "utf8")).trim();
      expect(stored).not.toBe(LEGACY_PASSWORD);
      expect(new URL(server.connectionString).password).toBe(stored);
      expect((await stat(path.join(dataDir, PASSWORD_FILE))).mode & 0o777).toBe(0o600);
      expect(await sql(server.connectionString, "SELECT value FROM kept")).toEqual([{ value: "old data" }]);
      const legacyUrl = new URL(server.connectionString);
      legacyUrl.password = LEGACY_PASSWORD;
      await expect(sql(legacyUrl.toString(), "SELECT 1")).rejects.toThrow(/password authentication failed/);
    } finally {
      await server.stop();
    }
  });

  it("says which file is wrong when the cluster accepts neither it nor the old password", async () => {
    const dataDir = path.join(root, "password-lost");
    await (await startEmbeddedPostgres({ dataDir, port: await findFreePort(), ...quiet })).stop();
    await writeFile(path.join(dataDir, PASSWORD_FILE), "not-the-password\n", { mode: 0o600 });

    const error = await startEmbeddedPostgres({ dataDir, port: await findFreePort(), ...quiet }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(EmbeddedPostgresError);
    expect((error as Error).message).toContain(`does not accept the password in ${path.join(dataDir, PASSWORD_FILE)}`);
    // It stopped the server it started: the directory can be started again once the file is right.
    expect(await readFile(path.join(dataDir, "postmaster.pid"), "utf8").catch(() => "gone")).toBe("gone");
  });
});

describe("the watchdog", () => {
  it("stops the server when the process that started it is killed with SIGKILL", async () => {
    const dataDir = path.join(root, "watchdog");
    const port = await findFreePort();
    // Another process starts the server, prints the postmaster's pid, and stays up until killed.
    const script = `
      const loaded = await import(${JSON.stringify(path.join(__dirname, "embedded.ts"))});
      const { startEmbeddedPostgres } = loaded.default ?? loaded; // a CommonJS module seen from ESM
      const server = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port}, durable: false, onNotice: () => {} });
      console.log("ready");
      setInterval(() => {}, 1000);`;
    const owner = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: path.join(__dirname, "../../.."),
      stdio: ["ignore", "pipe", "inherit"],
    });
    let postgres = 0;
    try {
      await new Promise<void>((resolve, reject) => {
        owner.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
        owner.once("exit", (code) => reject(new Error(`the owner exited first (${code})`)));
      });
      postgres = Number.parseInt((await readFile(path.join(dataDir, "postmaster.pid"), "utf8")).split("\n")[0]!, 10);
      expect(isProcessAlive(postgres)).toBe(true);

      owner.kill("SIGKILL");

      expect(await waitForProcessExit(postgres, 15_000)).toBe(true);
      await expect(sql(`postgresql://postgres:x@127.0.0.1:${port}/postgres`, "SELECT 1")).rejects.toThrow(
        /ECONNREFUSED/,
      );
    } finally {
      owner.kill("SIGKILL");
      if (postgres > 0 && isProcessAlive(postgres)) process.kill(postgres, "SIGKILL"); // a failed run leaves nothing
    }
  });
});
