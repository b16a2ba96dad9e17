import { parseArgs } from "node:util";
import { RUNTIME_IDS, type RuntimeId } from "../runtimes/types";

export interface BenchOptions {
  quick: boolean;
  runtimes: RuntimeId[];
  scenarios: Set<number>;
  concurrencyLevels: number[];
  /** Repetitions per concurrency level (median reported). */
  concurrencyReps: Record<number, number>;
  latencyMs: number;
  micro: { warmupMs: number; warmupMinRuns: number; budgetMs: number; batchMs: number; minRounds: number };
  compileBudgetMs: number;
  /** Write a CPU profile of ours' concurrency workers into bench/results/. */
  cpuProf: boolean;
  out: string;
}

const HELP = `npm run bench [-- options]
  --quick               short CI-friendly run (~1 min; asserts nothing about speed)
  --only a,b            runtimes: ${RUNTIME_IDS.join(", ")} (default: all)
  --scenarios 1,2,3,4   which scenarios (default: all)
  --runs 100,1000       concurrency levels for scenario 3
  --reps N              repetitions per concurrency level (default: 3 at 100 runs, 1 at 1000; quick: 1)
  --cpu-prof            also write CPU profiles (measured phase only) to bench/results/*.cpuprofile:
                        every scenario-3 worker, and ours' scenario 1/2 loops
  --no-bundle           run our code through tsx (esbuild keepNames) instead of the esbuild bundle (see bench/lib/bundle.ts)
  --out FILE            results file (default bench/results/latest.json; quick: latest-quick.json)`;

export function parseBenchArgs(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: "boolean", default: false },
      only: { type: "string" },
      scenarios: { type: "string" },
      runs: { type: "string" },
      reps: { type: "string" },
      "cpu-prof": { type: "boolean", default: false },
      "no-bundle": { type: "boolean", default: false },
      out: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    process.exit(0);
  }
  const quick = values.quick;
  const runtimes = values.only ? (values.only.split(",") as RuntimeId[]) : [...RUNTIME_IDS];
  for (const id of runtimes) if (!RUNTIME_IDS.includes(id)) throw new Error(`unknown runtime ${id}\n${HELP}`);
  const levels = values.runs ? values.runs.split(",").map(Number) : quick ? [100] : [100, 1000];
  const reps = Object.fromEntries(
    levels.map((n) => [n, values.reps ? Number(values.reps) : quick ? 1 : n <= 100 ? 3 : 1]),
  );
  return {
    quick,
    runtimes,
    scenarios: new Set((values.scenarios ?? "1,2,3,4,5").split(",").map(Number)),
    concurrencyLevels: levels,
    concurrencyReps: reps,
    latencyMs: 50,
    micro: quick
      ? { warmupMs: 300, warmupMinRuns: 3, budgetMs: 2500, batchMs: 100, minRounds: 3 }
      : { warmupMs: 2000, warmupMinRuns: 20, budgetMs: 24_000, batchMs: 250, minRounds: 10 },
    compileBudgetMs: quick ? 400 : 2500,
    cpuProf: values["cpu-prof"],
    out: values.out ?? (quick ? "bench/results/latest-quick.json" : "bench/results/latest.json"),
  };
}
