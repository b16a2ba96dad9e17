/**
 * Scenario 4 in an isolated process: compile generated graphs of 50, 500 and
 * 2,000 agents with our compiler (`generateLargeGraph(n)` from the compiler's
 * fixtures) and report ms per compile and how it grows.
 */
import { parseArgs } from "node:util";
import { compile } from "../../src/core/compiler";
import { generateLargeGraph } from "../../src/core/compiler/fixtures/large-graph";
import { emitResult } from "../lib/child-protocol";
import { summarize, type Summary } from "../lib/stats";

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
    options: { sizes: { type: "string", default: "50,500,2000" }, "budget-ms": { type: "string", default: "2000" } },
  });
  const budgetMs = Number(values["budget-ms"]);
  const sizes: CompileSizeResult[] = [];
  for (const n of values.sizes.split(",").map(Number)) {
    const doc = generateLargeGraph(n);
    const first = compile(doc);
    // Warm-up, then samples until the budget for this size is spent (at least 5).
    const warmUntil = performance.now() + budgetMs / 4;
    for (let i = 0; i < 3 || performance.now() < warmUntil; i++) compile(doc);
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
