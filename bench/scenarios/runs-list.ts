/**
 * Scenario 6 (ours only): the Traces page's runs list at 10,000 runs — first
 * page, a filtered page, text searches and a deep cursor page, timed through
 * `RunService.list` on a throwaway embedded PostgreSQL (see
 * `workers/runs-list.ts`), each with its query plan.
 */
import { fmtInt, fmtMs, table } from "../lib/format";
import { runWorker } from "../lib/spawn-worker";
import type { RunsListBenchResult } from "../workers/runs-list";

export interface RunsListScenarioOptions {
  runs: number;
  reps: number;
}

export type RunsListScenario = RunsListBenchResult & { options: RunsListScenarioOptions };

export async function runRunsList(options: RunsListScenarioOptions): Promise<RunsListScenario> {
  const outcome = await runWorker<RunsListBenchResult>(
    "bench/workers/runs-list.ts",
    ["--runs", String(options.runs), "--reps", String(options.reps)],
    { timeoutMs: 10 * 60_000, echo: true },
  );
  if (!outcome.result) {
    return {
      ok: false,
      error: `worker exited ${outcome.exitCode ?? outcome.signal}${outcome.timedOut ? " (timed out)" : ""}: ${outcome.stderrTail}`,
      runs: options.runs,
      pageSize: 0,
      seedMs: 0,
      queries: [],
      options,
    };
  }
  return { ...outcome.result, options };
}

export function renderRunsList(result: RunsListScenario): string {
  const title =
    `Scenario 6 — the runs list (runs.list) at ${fmtInt(result.options.runs)} runs: pages of ${result.pageSize}, ` +
    `${result.options.reps} timed calls each after a warm-up, embedded PostgreSQL, seeded with plain SQL in ${fmtMs(result.seedMs)}`;
  if (!result.ok) return `${title}\n  error: ${result.error}`;
  return `${title}\n${table([
    ["query", "rows", "p50", "p95", "max", "rows read", "plan on runs"],
    ...result.queries.map((q) => [
      q.name,
      fmtInt(q.rows),
      fmtMs(q.p50Ms),
      fmtMs(q.p95Ms),
      fmtMs(q.maxMs),
      fmtInt(q.rowsRead),
      q.plan,
    ]),
  ])}`;
}
