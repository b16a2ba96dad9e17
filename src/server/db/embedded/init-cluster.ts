/**
 * Creates a new PostgreSQL cluster (initdb) in an empty data directory.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chown, mkdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { EmbeddedPostgresError } from "@/server/errors/embedded-postgres-error";
import type { RunAs } from "./postgres-user";

/** What the new cluster is created with. */
export interface InitClusterOptions {
  initdb: string;
  dataDir: string;
  user: string;
  password: string;
  runAs: RunAs;
  /** Skip fsync during initdb (tests). */
  noSync: boolean;
}

/**
 * Fails early with a clear message when the server user cannot reach the
 * data directory (e.g. a 0700 temp dir owned by root).
 */
async function assertReachable(dir: string, runAs: RunAs): Promise<void> {
  if (runAs.uid === undefined) return;
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    const info = await stat(current);
    const canEnter =
      info.uid === runAs.uid
        ? (info.mode & 0o100) !== 0
        : info.gid === runAs.gid
          ? (info.mode & 0o010) !== 0
          : (info.mode & 0o001) !== 0;
    if (!canEnter) {
      throw new EmbeddedPostgresError(
        `The "postgres" user cannot enter ${current}, so it cannot use ${dir}. Run "chmod o+x ${current}" or choose another AGS_DATA_DIR.`,
        dir,
        "",
      );
    }
    if (current === path.dirname(current)) return;
  }
}

/** Runs initdb; rejects with its output when it fails. */
export async function initCluster(options: InitClusterOptions): Promise<void> {
  const { initdb, dataDir, user, password, runAs } = options;
  await mkdir(path.dirname(dataDir), { recursive: true }); // default mode: the server user must enter it
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (runAs.uid !== undefined) {
    await assertReachable(dataDir, runAs);
    await chown(dataDir, runAs.uid, runAs.gid ?? runAs.uid);
  }
  const passwordFile = path.join(os.tmpdir(), `ags-pg-password-${randomBytes(6).toString("hex")}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (runAs.uid !== undefined) await chown(passwordFile, runAs.uid, runAs.gid ?? runAs.uid);
  try {
    const args = [
      `--pgdata=${dataDir}`,
      "--auth=scram-sha-256",
      `--username=${user}`,
      `--pwfile=${passwordFile}`,
      "--encoding=UTF8",
      "--locale=C",
      "--no-instructions",
      ...(options.noSync ? ["--no-sync"] : []),
    ];
    await new Promise<void>((resolve, reject) => {
      let text = "";
      const child = spawn(initdb, args, {
        ...runAs,
        env: { ...process.env, LC_ALL: "C" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (text += chunk.toString()));
      child.on("error", reject);
      child.on("close", (code, signal) =>
        code === 0 ? resolve() : reject(new Error(`initdb exited with ${code ?? signal}\n${text}`)),
      );
    }).catch((cause: Error) => {
      throw new EmbeddedPostgresError(
        `Could not create a PostgreSQL cluster in ${dataDir}.`,
        dataDir,
        cause.message,
        cause,
      );
    });
  } finally {
    await rm(passwordFile, { force: true });
  }
}
