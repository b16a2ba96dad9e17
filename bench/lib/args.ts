import { parseArgs } from "node:util";
import { RUNTIME_IDS, type RuntimeId } from "../runtimes/types";

export interface BenchOptions {
  quick: boolean;
  runtimes: RuntimeId[];
  scenarios: Set<number>;
  concurrencyLevels: number[];
  /** Repetitions per concurrency level (median and spread reported). */
  concurrencyReps: Record<number, number>;
  latencyMs: number;
  micro: { warmupMs: number; warmupMinRuns: number; budgetMs: number; batchMs: number; minRounds: number };
  compileBudgetMs: number;
  /** CPU-profile each selected scenario in the process that runs it (bench/results/*.cpuprofile). */
  cpuProf: boolean;
  /** Run everything through tsx instead of the esbuild bundle. */
  noBundle: boolean;
  out: string;
  help: boolean;
}

/** Exit code for bad usage (BSD sysexits EX_USAGE), as the `graph` CLI commands use. */
export const USAGE_EXIT = 64;

export const BENCH_USAGE = `Usage: npm run bench [-- options]

Measures our runtime next to @openai/agents, LangGraph.js and Mastra (installed
into bench/node_modules on first use). Prints tables and writes a results file.
Exits 0 when it ran, 1 when the runtimes did not do the same work (harness bug),
64 on bad usage.

Options:
  --quick               short CI-friendly run (~1 min; 1 repetition at 100 runs)
  --only a,b            runtimes: ${RUNTIME_IDS.join(", ")} (default: all)
                        ours = schema-default model settings; ours-tuned = retries 0, no per-call timeout
  --scenarios 1,2,3,4   which scenarios, 1-6 (default: all)
  --runs 100,1000       concurrency levels of scenario 3 (positive integers)
  --reps N              repetitions per concurrency level (default 3; quick: 1)
  --cpu-prof            CPU-profile each selected scenario in the process that runs it (measured
                        phase only) into bench/results/*.cpuprofile and print our functions' self
                        and total time (bench/tools/profile-top.ts reads the files again)
  --no-bundle           run our code through tsx (esbuild keepNames) instead of the esbuild bundle
  --out FILE            results file (default bench/results/latest.json; quick: latest-quick.json)
  -h, --help            show this help`;

/** A command-line mistake; run.ts prints it with the usage and exits 64. */
export class BenchUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BenchUsageError";
  }
}

function list(value: string, flag: string): string[] {
  const items = value.split(",").map((s) => s.trim());
  if (items.some((s) => s === "")) throw new BenchUsageError(`${flag} needs a comma-separated list, got "${value}"`);
  return items;
}

function positiveInt(value: string, flag: string, max = Number.MAX_SAFE_INTEGER): number {
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > max)
    throw new BenchUsageError(`${flag} needs a whole number from 1 to ${max}, got "${value}"`);
  return n;
}

/** Parses and validates `npm run bench` arguments; throws BenchUsageError naming the first problem. */
export function parseBenchArgs(argv: string[]): BenchOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        quick: { type: "boolean", default: false },
        only: { type: "string" },
        scenarios: { type: "string" },
        runs: { type: "string" },
        reps: { type: "string" },
        "cpu-prof": { type: "boolean", default: false },
        "no-bundle": { type: "boolean", default: false },
        out: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    // node:util's messages name the flag ("Unknown option '--foo'", "Option '--runs <value>' argument missing").
    throw new BenchUsageError((error as Error).message.split("\n")[0].replace(/\. To specify a positional.*$/, ""));
  }
  const { values, positionals } = parsed;
  if (positionals.length) throw new BenchUsageError(`unexpected argument "${positionals[0]}"`);
  const quick = values.quick ?? false;
  const runtimes = values.only ? (list(values.only, "--only") as RuntimeId[]) : [...RUNTIME_IDS];
  for (const id of runtimes)
    if (!RUNTIME_IDS.includes(id))
      throw new BenchUsageError(`--only: unknown runtime "${id}" (${RUNTIME_IDS.join(", ")})`);
  const scenarios = new Set(
    list(values.scenarios ?? "1,2,3,4,5,6", "--scenarios").map((s) => positiveInt(s, "--scenarios", 6)),
  );
  const levels = values.runs
    ? list(values.runs, "--runs").map((s) => positiveInt(s, "--runs", 100_000))
    : quick
      ? [100]
      : [100, 1000];
  const reps = values.reps ? positiveInt(values.reps, "--reps", 100) : quick ? 1 : 3;
  return {
    quick,
    runtimes: [...new Set(runtimes)],
    scenarios,
    concurrencyLevels: [...new Set(levels)],
    concurrencyReps: Object.fromEntries(levels.map((n) => [n, reps])),
    latencyMs: 50,
    micro: quick
      ? { warmupMs: 300, warmupMinRuns: 3, budgetMs: 2500, batchMs: 100, minRounds: 3 }
      : { warmupMs: 2000, warmupMinRuns: 20, budgetMs: 24_000, batchMs: 250, minRounds: 10 },
    compileBudgetMs: quick ? 400 : 2500,
    cpuProf: values["cpu-prof"] ?? false,
    noBundle: values["no-bundle"] ?? false,
    out: values.out ?? (quick ? "bench/results/latest-quick.json" : "bench/results/latest.json"),
    help: values.help ?? false,
  };
}
