/** Scenario 4: our compiler on generated graphs, in its own process. */
import { fmtMs, fmtRatio, table } from "../lib/format";
import { runWorker } from "../lib/spawn-worker";
import { growthExponent } from "../lib/stats";
import type { CompileWorkerResult } from "../workers/compile";

export interface CompileScenario {
  status: "ok" | "unavailable" | "error";
  reason: string | null;
  sizes: (CompileWorkerResult["sizes"][number] & { growthFromPrevious: number | null })[];
}

/** `profileFile`: with --cpu-prof, the worker profiles its measured samples into this file. */
export async function runCompile(budgetMs: number, profileFile: string | null): Promise<CompileScenario> {
  const outcome = await runWorker<CompileWorkerResult>(
    "bench/workers/compile.ts",
    ["--budget-ms", String(budgetMs), ...(profileFile ? ["--profile", profileFile] : [])],
    { timeoutMs: 180_000 },
  );
  const r = outcome.result;
  if (!r) return { status: "error", reason: `worker exited ${outcome.exitCode}: ${outcome.stderrTail}`, sizes: [] };
  if (!r.ok) return { status: r.error?.includes("not found") ? "unavailable" : "error", reason: r.error, sizes: [] };
  const sizes = r.sizes.map((s, i) => {
    const prev = r.sizes[i - 1];
    return {
      ...s,
      growthFromPrevious: prev ? growthExponent(prev.agents, prev.ms.median, s.agents, s.ms.median) : null,
    };
  });
  return { status: "ok", reason: null, sizes };
}

export function renderCompile(result: CompileScenario): string {
  const title = "Scenario 4 — compile: generateLargeGraph(n) → compile(doc), ours only (peers have no compile step)";
  if (result.status !== "ok") return `${title}\n  ${result.status}: ${result.reason}`;
  const header = [
    "agents",
    "handoffs",
    "doc size",
    "median",
    "p95",
    "samples",
    "×time vs previous",
    "growth exponent",
    "errors",
  ];
  const rows = result.sizes.map((s, i) => [
    String(s.agents),
    String(s.handoffs),
    `${(s.documentBytes / 1024).toFixed(0)} KB`,
    fmtMs(s.ms.median),
    fmtMs(s.ms.p95),
    String(s.ms.n),
    i
      ? `${fmtRatio(s.ms.median / result.sizes[i - 1].ms.median)}× for ${fmtRatio(s.agents / result.sizes[i - 1].agents, 0)}× agents`
      : "",
    s.growthFromPrevious != null ? fmtRatio(s.growthFromPrevious) : "",
    String(s.errors),
  ]);
  return `${title}\n${table([header, ...rows])}\ngrowth exponent k of time ∝ n^k between consecutive sizes (1.00 = linear)`;
}
