/**
 * The peer runtimes (@openai/agents, LangGraph.js, Mastra) are the bench's own
 * package (bench/package.json + bench/package-lock.json), so the product's
 * `npm ci` does not install ~270 MB that only the bench uses. `npm run bench`
 * installs them on first use, and again whenever the lockfile changed since.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The bench package's directory, relative to the repository root (the harness's working directory). */
export const BENCH_DIR = "bench";
export const PEER_MODULES = join(BENCH_DIR, "node_modules");
/** Written after a successful install: the lockfile's hash, to see when the install is stale. */
const STAMP = join(PEER_MODULES, ".bench-lock.sha256");

/** The hash of bench/package.json and bench/package-lock.json as they are now. */
export function lockHash(dir = BENCH_DIR): string {
  const hash = createHash("sha256");
  for (const file of ["package.json", "package-lock.json"]) hash.update(readFileSync(join(dir, file)));
  return hash.digest("hex");
}

/** Why the peers must be (re)installed, or null when bench/node_modules matches the lockfile. */
export function installNeeded(dir = BENCH_DIR): string | null {
  const modules = join(dir, "node_modules");
  if (!existsSync(modules)) return `${modules} is missing`;
  const stamp = join(modules, ".bench-lock.sha256");
  if (!existsSync(stamp)) return `${modules} was not installed by the bench (no ${stamp})`;
  if (readFileSync(stamp, "utf8").trim() !== lockHash(dir)) return `${dir}/package-lock.json changed since the install`;
  return null;
}

/**
 * Runs `npm ci --prefix bench` when bench/node_modules is missing or stale.
 * Returns null when the peers are installed, else why not (the harness then
 * shows the peers as pending with that reason and still measures ours).
 */
export function ensurePeersInstalled(log: (line: string) => void): string | null {
  const reason = installNeeded();
  if (reason === null) return null;
  log(`  installing the bench's peer runtimes (${reason}): npm ci --prefix ${BENCH_DIR}`);
  const t0 = performance.now();
  const result = spawnSync("npm", ["ci", "--prefix", BENCH_DIR, "--no-audit", "--no-fund", "--loglevel", "error"], {
    stdio: ["ignore", "inherit", "inherit"],
    // npm is a .cmd script on Windows, which Node only starts through a shell.
    shell: process.platform === "win32",
  });
  if (result.error || result.status !== 0) {
    return `npm ci --prefix ${BENCH_DIR} failed (${result.error?.message ?? `exit ${result.status}`})`;
  }
  writeFileSync(STAMP, `${lockHash()}\n`);
  log(`  installed the peer runtimes in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return null;
}
