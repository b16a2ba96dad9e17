/**
 * Whether `npm start` must run `next build`: a fingerprint of everything the
 * build reads (sources, examples, configuration, the lockfile, build-time
 * environment) is written beside a successful build, and a later start whose
 * fingerprint matches serves that build as it is. A restart is then a matter
 * of seconds instead of a build; any change to what the build reads, or a
 * missing or failed build, builds again.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** Folders whose files the build reads (tests excluded), relative to the repository. */
const INPUT_DIRS = ["src", "examples", "public", "prisma"];
/** Single files the build reads. */
const INPUT_FILES = ["package.json", "package-lock.json", "next.config.js", "tsconfig.json", "postcss.config.mjs"];
/** Written into `.next/` after a successful build. */
export const FINGERPRINT_FILE = "ags-build-fingerprint";

const isTest = (name: string) => /\.test\.tsx?$/.test(name);

async function listFiles(root: string, dir: string, out: string[]): Promise<void> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      await listFiles(root, relative, out);
    } else if (entry.isFile() && !isTest(entry.name)) {
      out.push(relative);
    }
  }
}

/**
 * SHA-256 over the build's inputs: each file's path and content, in a fixed
 * order, and the environment variables a build can inline (`NEXT_PUBLIC_*`,
 * `NODE_ENV`).
 */
export async function buildFingerprint(root: string, env: Record<string, string | undefined>): Promise<string> {
  const files: string[] = [];
  for (const dir of INPUT_DIRS) await listFiles(root, dir, files);
  for (const file of INPUT_FILES) if (existsSync(path.join(root, file))) files.push(file);
  files.sort();
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(root, file)));
    hash.update("\0");
  }
  const buildEnv = Object.keys(env)
    .filter((key) => key.startsWith("NEXT_PUBLIC_") || key === "NODE_ENV")
    .sort()
    .map((key) => `${key}=${env[key] ?? ""}`);
  hash.update(buildEnv.join("\n"));
  return hash.digest("hex");
}

/** True when `.next/` holds a finished build made from exactly these inputs. */
export async function isBuildCurrent(root: string, fingerprint: string): Promise<boolean> {
  const distDir = path.join(root, ".next");
  if (!existsSync(path.join(distDir, "BUILD_ID"))) return false;
  const stored = await readFile(path.join(distDir, FINGERPRINT_FILE), "utf8").catch(() => "");
  return stored.trim() === fingerprint;
}

/** Records that `.next/` was built from these inputs (call only after `next build` succeeded). */
export async function recordBuild(root: string, fingerprint: string): Promise<void> {
  await writeFile(path.join(root, ".next", FINGERPRINT_FILE), `${fingerprint}\n`);
}

/** Forgets the record before a build starts: a build that fails half-way leaves `.next/` unfit to serve. */
export async function forgetBuild(root: string): Promise<void> {
  await rm(path.join(root, ".next", FINGERPRINT_FILE), { force: true });
}
