/**
 * Scenario 3 in an isolated process (one runtime, one concurrency level):
 * N concurrent runs of the handoff scenario with simulated model latency.
 * Reports wall time, CPU, peak RSS and (for ours) events per second.
 *
 *   node --expose-gc --import tsx bench/workers/concurrency.ts --runtime ours --runs 1000 --latency 50
 */
import { parseArgs } from "node:util";
import { emitResult } from "../lib/child-protocol";
import { startProfile } from "../lib/profiler";
import { mainThreadCpuMs, peakRss, resetPeakRss, startRssSampler } from "../lib/memory";
import { handoffScenario } from "../lib/scripts";
import { checkCounts } from "../lib/interleave";
import { loadRuntime } from "../runtimes";
import { isAvailable, type RuntimeId } from "../runtimes/types";
import { workerNumber, workerRuntime } from "../lib/worker-args";

export interface ConcurrencyResult {
  runtime: RuntimeId;
  runs: number;
  latencyMs: number;
  ok: boolean;
  error: string | null;
  mismatch: string | null;
  criticalPathMs: number;
  wallMs: number;
  /** wall / critical path: 1.00 is the physical limit. */
  ratio: number;
  cpuMsPerRun: number;
  cpuUtilisation: number;
  /** CPU time of the main thread during the phase (Linux; 10 ms resolution), null elsewhere. */
  mainThreadCpuMs: number | null;
  peakRssBytes: number | null;
  baselineRssBytes: number;
  heapUsedAfterBytes: number;
  events: number;
  eventsPerSec: number | null;
  modelCalls: number;
  expectedModelCalls: number;
  failedRuns: number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runtime: { type: "string" },
      runs: { type: "string", default: "100" },
      latency: { type: "string", default: "50" },
      "warmup-ms": { type: "string", default: "1500" },
      /** Write a CPU profile of the measured phase to this file. */
      profile: { type: "string" },
    },
  });
  const id = workerRuntime(values.runtime);
  const runs = workerNumber(values.runs, "--runs");
  const latencyMs = workerNumber(values.latency, "--latency");
  const warmupMs = workerNumber(values["warmup-ms"], "--warmup-ms");
  if (runs < 1 || latencyMs < 1) throw new Error("--runs and --latency need to be at least 1");
  const spec = handoffScenario();
  const criticalPathMs = spec.criticalPathCalls * latencyMs;
  const base = { runtime: id, runs, latencyMs, criticalPathMs, expectedModelCalls: runs * spec.expected.modelCalls };

  const runtime = await loadRuntime(id);
  if (!isAvailable(runtime)) {
    emitResult({ ...base, ok: false, error: `unavailable: ${runtime.unavailable}` });
    return;
  }

  // Warm up the JIT on the same code path with zero latency, then one run with latency (timers).
  const warm = await runtime.prepare(spec, { latencyMs: 0 });
  const warmUntil = performance.now() + warmupMs;
  for (let i = 0; i < 5 || performance.now() < warmUntil; i++) await warm.run();
  const scenario = await runtime.prepare(spec, { latencyMs });
  await scenario.run();

  (globalThis as { gc?: () => void }).gc?.();
  const before = { ...runtime.counters };
  const baselineRssBytes = process.memoryUsage.rss();
  const hwmReset = resetPeakRss();
  const stopProfile = values.profile ? await startProfile() : null;
  // The timer-driven sampler only where VmHWM cannot be reset: its 100 wake-ups a second ran on the
  // measured thread (a few % of it at 1,000 runs) for a figure VmHWM gives exactly.
  const stopSampler = hwmReset ? null : startRssSampler();
  const cpu0 = process.cpuUsage();
  const main0 = mainThreadCpuMs();
  const t0 = performance.now();
  const settled = await Promise.allSettled(Array.from({ length: runs }, () => scenario.run()));
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const main1 = mainThreadCpuMs();
  const sampledPeak = stopSampler ? stopSampler() : null;
  if (stopProfile && values.profile) await stopProfile(values.profile);
  const peak = hwmReset ? peakRss() : null;

  const failed = settled.filter((s): s is PromiseRejectedResult => s.status === "rejected");
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const events = runtime.counters.events - before.events;
  const result: ConcurrencyResult = {
    ...base,
    ok: failed.length === 0,
    error: failed.length
      ? `${failed.length} runs failed; first: ${String(failed[0].reason?.message ?? failed[0].reason)}`
      : null,
    mismatch: checkCounts(id, before, runtime.counters, runs, spec.expected),
    wallMs,
    ratio: wallMs / criticalPathMs,
    cpuMsPerRun: cpuMs / runs,
    cpuUtilisation: cpuMs / wallMs,
    mainThreadCpuMs: main0 !== null && main1 !== null ? main1 - main0 : null,
    peakRssBytes: peak ?? sampledPeak ?? process.memoryUsage.rss(),
    baselineRssBytes,
    heapUsedAfterBytes: process.memoryUsage().heapUsed,
    events,
    eventsPerSec: events > 0 ? events / (wallMs / 1000) : null,
    modelCalls: runtime.counters.modelCalls - before.modelCalls,
    failedRuns: failed.length,
  };
  emitResult(result);
}

main().then(
  () => process.exit(0),
  (error) => {
    emitResult({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  },
);
