import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ENV_VAR = "AGS_E2E_DATA_DIR";
const PREFIX = "ags-e2e-";

/**
 * The data directory (PostgreSQL cluster included) of this e2e run.
 *
 * Playwright loads its config in the runner and again in every worker and
 * loader process. The first load creates a fresh temp directory and exports
 * it through the environment, which the other processes inherit, so all of
 * them agree on one directory and only the runner owns it.
 *
 * The runner removes it when it exits. Not in a globalTeardown: Playwright
 * runs that *before* stopping the webServer (which still writes there), and
 * skips it when the server fails to start, leaking the directory.
 */
export function e2eDataDir(): string {
  const inherited = process.env[ENV_VAR];
  if (inherited) return inherited;

  const dir = mkdtempSync(path.join(os.tmpdir(), PREFIX));
  // mkdtemp makes it 0700; as root, the embedded PostgreSQL runs as its own
  // unprivileged user, which must be able to pass through to its cluster.
  chmodSync(dir, 0o711);
  process.env[ENV_VAR] = dir;
  process.once("exit", () => {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });
  return dir;
}
