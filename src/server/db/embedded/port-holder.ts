/**
 * Finds which process listens on a TCP port, so "port in use" can name it.
 * Linux: the socket's inode from /proc/net/tcp{,6}, then the process with
 * that socket open among /proc/<pid>/fd. Elsewhere: `lsof`, when present.
 */
import { execFile } from "node:child_process";
import { readdir, readFile, readlink } from "node:fs/promises";
import { promisify } from "node:util";

import { processCommand } from "./process-utils";

const run = promisify(execFile);

/** A process holding a port. */
export interface PortHolder {
  pid: number;
  /** Its command line ("" when unreadable). */
  command: string;
}

const LISTEN = "0A";

/** Inodes of sockets listening on `port` (IPv4 and IPv6). */
async function listeningInodes(port: number): Promise<Set<string>> {
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    const text = await readFile(table, "utf8").catch(() => "");
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      if (!local || fields[3] !== LISTEN) continue;
      if (Number.parseInt(local.slice(local.lastIndexOf(":") + 1), 16) === port) inodes.add(fields[9] ?? "");
    }
  }
  inodes.delete("");
  inodes.delete("0");
  return inodes;
}

async function fromProc(port: number): Promise<PortHolder | undefined> {
  const inodes = await listeningInodes(port);
  if (inodes.size === 0) return undefined;
  const targets = new Set([...inodes].map((inode) => `socket:[${inode}]`));
  const pids = (await readdir("/proc").catch(() => [] as string[])).filter((name) => /^\d+$/.test(name));
  for (const pid of pids) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => "");
      if (targets.has(link)) return { pid: Number(pid), command: await processCommand(Number(pid)) };
    }
  }
  return undefined;
}

async function fromLsof(port: number): Promise<PortHolder | undefined> {
  try {
    const { stdout } = await run("lsof", ["-nP", `-iTCP:${port}`, "-sTCP:LISTEN", "-t"]);
    const pid = Number.parseInt(stdout.trim().split("\n")[0] ?? "", 10);
    return Number.isInteger(pid) && pid > 0 ? { pid, command: await processCommand(pid) } : undefined;
  } catch {
    return undefined;
  }
}

/** The process listening on `port`, or undefined when it cannot be found out (another user's process, no procfs nor lsof). */
export async function findPortHolder(port: number): Promise<PortHolder | undefined> {
  if (process.platform === "linux") return (await fromProc(port)) ?? undefined;
  return fromLsof(port);
}
