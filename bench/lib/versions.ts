import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { PEER_MODULES } from "./peer-install";

/**
 * Installed version of a peer package, read from the bench's own node_modules
 * (bench/package.json; some packages do not export their package.json).
 */
export function installedVersion(pkg: string): string {
  try {
    const json = JSON.parse(readFileSync(join(process.cwd(), PEER_MODULES, pkg, "package.json"), "utf8")) as {
      version?: string;
    };
    return json.version ?? "?";
  } catch {
    return "not installed";
  }
}

/** Our code's version: the repo's package version and git commit (with `+dirty` for local changes). */
export function workspaceVersion(): string {
  let version = "?";
  try {
    version =
      (JSON.parse(readFileSync(join(process.cwd(), "package.json"), "utf8")) as { version?: string }).version ?? "?";
  } catch {
    // keep "?"
  }
  try {
    const sha = execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "src"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return `${version} (${sha}${dirty ? "+dirty" : ""})`;
  } catch {
    return version;
  }
}
