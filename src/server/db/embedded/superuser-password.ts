/**
 * The embedded cluster's superuser password: generated per data directory
 * on first start and kept beside the cluster's files in a file only its
 * owner can read, so no two installs share a password and none is in the
 * code. Clusters created before this existed (with the old fixed password)
 * are moved to a generated one on their next start.
 */
import { randomBytes } from "node:crypto";
import { chmod, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

import pg from "pg";

import { EmbeddedPostgresError } from "@/server/errors/embedded-postgres-error";

/** Inside the cluster directory; PostgreSQL ignores files it does not know. */
export const PASSWORD_FILE = "ags-superuser-password";
/** Written before the password is changed, renamed to {@link PASSWORD_FILE} after: a crash in between loses nothing. */
const PENDING_FILE = `${PASSWORD_FILE}.new`;
/** What every cluster was created with before passwords were generated. */
export const LEGACY_PASSWORD = "agent-graph-studio";

/** 32 random bytes, URL-safe: 43 characters, nothing to escape in a URL. */
export function generatePassword(): string {
  return randomBytes(32).toString("base64url");
}

/** Writes `password` to `file`, readable and writable by its owner only (0600). */
async function writeSecret(file: string, password: string): Promise<void> {
  await rm(file, { force: true }); // a mode only applies when the file is created
  await writeFile(file, `${password}\n`, { mode: 0o600, flag: "wx" });
  await chmod(file, 0o600); // whatever the umask did
}

async function readSecret(file: string): Promise<string | undefined> {
  try {
    const password = (await readFile(file, "utf8")).trim();
    if (password) await chmod(file, 0o600); // tighten a copy that lost its mode
    return password || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Stores the password of a cluster just created with it. */
export async function savePassword(dataDir: string, password: string): Promise<void> {
  await writeSecret(path.join(dataDir, PASSWORD_FILE), password);
}

/** How to reach the running cluster as its superuser with a given password. */
export type AdminUrlFor = (password: string) => string;

/** True when the server accepts `password`; false only for a wrong password. */
async function accepts(adminUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "28P01") return false; // invalid_password
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Returns the superuser password of the running cluster in `dataDir`,
 * moving it to a stored, generated one when it is not there yet: a cluster
 * from before passwords were generated (the legacy password), or one whose
 * move was interrupted (the pending file).
 */
export async function resolvePassword(dataDir: string, user: string, adminUrlFor: AdminUrlFor): Promise<string> {
  const file = path.join(dataDir, PASSWORD_FILE);
  const pending = path.join(dataDir, PENDING_FILE);
  const stored = await readSecret(file);
  if (stored !== undefined && (await accepts(adminUrlFor(stored)))) return stored;

  const pendingPassword = await readSecret(pending);
  if (pendingPassword !== undefined && (await accepts(adminUrlFor(pendingPassword)))) {
    await rename(pending, file); // the change went through; only the rename was missing
    return pendingPassword;
  }

  for (const old of [stored, LEGACY_PASSWORD]) {
    if (old === undefined || !(await accepts(adminUrlFor(old)))) continue;
    const fresh = generatePassword();
    await writeSecret(pending, fresh);
    const client = new pg.Client({ connectionString: adminUrlFor(old) });
    await client.connect();
    try {
      // The literal crosses only the loopback connection; the server stores a SCRAM verifier.
      await client.query(`ALTER ROLE ${client.escapeIdentifier(user)} PASSWORD ${client.escapeLiteral(fresh)}`);
    } finally {
      await client.end();
    }
    await rename(pending, file);
    return fresh;
  }

  throw new EmbeddedPostgresError(
    `The PostgreSQL cluster in ${dataDir} does not accept the password in ${file}` +
      `${stored === undefined ? " (the file is missing)" : ""}. Restore that file from a backup, or move the directory away to start with a new database.`,
    dataDir,
    "",
  );
}
