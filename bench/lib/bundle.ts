/**
 * The bench measures our code as shipped, not as a dev loader runs it.
 *
 * `npm run bench` starts `bench/run.ts` through tsx, which compiles TypeScript
 * with esbuild's `keepNames`: every closure created at run time then also runs
 * `__name` → `Object.defineProperty`, which costs ours ~15 % CPU per run and
 * makes every closure larger (more garbage). Production builds (Next.js/SWC,
 * or esbuild without `--keep-names`) do not do that, and the peers are plain
 * JavaScript from bench/node_modules, which tsx does not touch. So the launcher
 * bundles the harness and its workers (our `src/` included; node_modules stay
 * external, so every peer loads its own published build) with the same
 * esbuild tsx uses, minus `keepNames`, into `bench/node_modules/.cache/agent-graph-bench/`, and re-runs itself
 * from there. `--no-bundle` (or a missing esbuild) runs everything through tsx.
 */
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { join } from "node:path";

/**
 * Inside the bench package's node_modules: ignored by git, tsc, eslint and
 * prettier, and bare imports resolve as they do from bench/: the peers from
 * bench/node_modules, everything else from the repository's node_modules.
 */
export const BUILD_DIR = "bench/node_modules/.cache/agent-graph-bench";
const BUNDLED_ENV = "BENCH_BUNDLED";

/** True inside the bundled harness (and its workers). */
export function isBundled(): boolean {
  return process.env[BUNDLED_ENV] === "1";
}

/** The bundled file of a bench script (`bench/workers/x.ts` → `<BUILD_DIR>/workers/x.mjs`). */
export function bundledPath(script: string): string {
  return join(BUILD_DIR, script.replace(/^bench\//, "").replace(/\.ts$/, ".mjs"));
}

/** Builds run.ts and the workers into BUILD_DIR; returns an error text when esbuild is unavailable. */
async function buildBundle(entries: string[]): Promise<string | null> {
  let esbuild: typeof import("esbuild");
  try {
    // esbuild is tsx's compiler (installed with tsx); no keepNames, no minification.
    esbuild = await import("esbuild");
  } catch (error) {
    return `esbuild not loadable (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`;
  }
  rmSync(BUILD_DIR, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: entries,
    outbase: "bench",
    outdir: BUILD_DIR,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    sourcemap: "linked",
    keepNames: false,
    logLevel: "warning",
    plugins: [sourceFileUrls()],
  });
  return null;
}

/**
 * `import.meta.url` in our `src/` files stays the URL of the source file, not
 * of the bundle chunk: the server code finds the repository (migrations, the
 * embedded PostgreSQL's watchdog scripts) from it (`src/server/db/paths.ts`).
 */
function sourceFileUrls(): import("esbuild").Plugin {
  return {
    name: "source-file-urls",
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
        const source = await readFile(args.path, "utf8");
        if (!source.includes("import.meta.url")) return undefined;
        return {
          contents: source.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)),
          loader: "ts",
        };
      });
    },
  };
}

/**
 * Called first by run.ts under tsx: builds the bundle and re-runs the harness
 * from it (same arguments, same node flags). Resolves to the child's exit
 * code, or null when the caller should run unbundled in this process.
 */
export async function relaunchBundled(argv: string[], log: (line: string) => void): Promise<number | null> {
  if (isBundled() || argv.includes("--no-bundle") || argv.includes("--help")) return null;
  const workers = [
    "bench/workers/concurrency.ts",
    "bench/workers/compile.ts",
    "bench/workers/profile-loop.ts",
    "bench/workers/server-runs.ts",
    "bench/workers/server-worker.ts",
    "bench/workers/server-subscriber.ts",
    "bench/workers/runs-list.ts",
  ].filter((f) => existsSync(f));
  const t0 = performance.now();
  const failed = await buildBundle(["bench/run.ts", ...workers]).catch(
    (error: unknown) => `build failed: ${String(error)}`,
  );
  if (failed) {
    log(`note: running through tsx (with keepNames): ${failed}`);
    return null;
  }
  log(
    `  bundled the harness with esbuild (no keepNames) into ${BUILD_DIR}/ (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...withoutTsx(process.execArgv), bundledPath("bench/run.ts"), ...argv], {
      stdio: "inherit",
      env: { ...process.env, [BUNDLED_ENV]: "1" },
    });
    child.on("close", (code, signal) => resolve(code ?? (signal ? 2 : 0)));
  });
}

/** Node flags minus the tsx loader (`--import tsx`, `--import=tsx`, `--require tsx/cjs`…). */
function withoutTsx(execArgv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i];
    if (
      (arg === "--import" || arg === "--require" || arg === "-r" || arg === "--loader") &&
      /^tsx/.test(execArgv[i + 1] ?? "")
    ) {
      i++;
      continue;
    }
    if (/^--(import|require|loader)=tsx/.test(arg)) continue;
    out.push(arg);
  }
  return out;
}
