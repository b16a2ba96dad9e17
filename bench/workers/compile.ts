/**
 * Scenario 4 in an isolated process: compile generated graphs of 50, 500 and
 * 2,000 agents with our compiler (`generateLargeGraph(n)` from the compiler's
 * fixtures) and report ms per compile and how it grows.
 */
import { parseArgs } from "node:util";
import { compile } from "../../src/core/compiler";
import { generateLargeGraph } from "../../src/core/compiler/fixtures/large-graph";
import { emitResult } from "../lib/child-protocol";
import { startProfile } from "../lib/profiler";
import { summarize, type Summary } from "../lib/stats";
import { workerNumber } from "../lib/worker-args";

export interface CompileSizeResult {
  agents: number;
  handoffs: number;
  documentBytes: number;
  diagnostics: number;
  errors: number;
  ms: Summary;
}

export interface CompileWorkerResult {
  ok: boolean;
  error: string | null;
  sizes: CompileSizeResult[];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: "string", default: "50,500,2000" },
      "budget-ms": { type: "string", default: "2000" },
      /** Write a CPU profile of the measured samples (not the warm-up) to this file. */
      profile: { type: "string" },
    },
  });
  const budgetMs = workerNumber(values["budget-ms"], "--budget-ms");
  const counts = values.sizes.split(",").map((s) => workerNumber(s, "--sizes"));
  // Warm every size up first, so that a profile (--profile) holds the measured samples only.
  const docs = counts.map((n) => {
    const doc = generateLargeGraph(n);
    const first = compile(doc);
    const warmUntil = performance.now() + budgetMs / 4;
    for (let i = 0; i < 3 || performance.now() < warmUntil; i++) compile(doc);
    return { n, doc, first };
  });
  const stopProfile = values.profile ? await startProfile() : null;
  const sizes: CompileSizeResult[] = [];
  for (const { n, doc, first } of docs) {
    // Samples until the budget for this size is spent (at least 5).
    const samples: number[] = [];
    const until = performance.now() + budgetMs;
    while (samples.length < 5 || performance.now() < until) {
      const t0 = performance.now();
      compile(doc);
      samples.push(performance.now() - t0);
    }
    sizes.push({
      agents: n,
      handoffs: doc.handoffs?.length ?? 0,
      documentBytes: JSON.stringify(doc).length,
      diagnostics: first.diagnostics.length,
      errors: first.diagnostics.filter((d) => d.severity === "error").length,
      ms: summarize(samples),
    });
  }
  if (stopProfile && values.profile) await stopProfile(values.profile);
  emitResult({ ok: true, error: null, sizes } satisfies CompileWorkerResult);
}

main().then(
  () => process.exit(0),
  (error) => {
    emitResult({
      ok: false,
      error: error instanceof Error ? error.message : String(error),
      sizes: [],
    } satisfies CompileWorkerResult);
    process.exit(0);
  },
);
