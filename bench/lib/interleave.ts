/**
 * Alternating sampler: every round runs each contender for one time-boxed
 * batch, rotating who goes first, so drift on a noisy machine (thermal, other
 * processes, GC of earlier garbage) hits every runtime alike. Each run is one
 * sample. A forced GC before each batch keeps one runtime's garbage from being
 * collected on another's clock (needs `node --expose-gc`).
 */
import type { Counts } from "./scripts";
import type { Counters } from "../runtimes/types";

export interface Contender {
  id: string;
  run: () => Promise<void>;
  counters: Counters;
}

export interface SamplerOptions {
  warmupMs: number;
  warmupMinRuns: number;
  /** Stop starting rounds once this much time has passed (after `minRounds`). */
  budgetMs: number;
  batchMs: number;
  minRounds: number;
  expected: Counts;
  /** Called around the measured rounds (not the warm-up), e.g. to CPU-profile only them. */
  measured?: { start(): Promise<void>; stop(): Promise<void> };
}

export interface ContenderSamples {
  id: string;
  samples: number[];
  /** Median of each round's batch, in round order (for paired ratios). */
  roundMedians: number[];
  /** Process CPU time per run of each batch (ms): robust to other processes taking the cores. */
  batchCpuPerRun: number[];
  runs: number;
  /** Counts per run measured over all timed batches. */
  countsPerRun: Counts;
  eventsPerRun: number;
  mismatch: string | null;
  error: string | null;
}

const gc = (globalThis as { gc?: () => void }).gc;

function snapshot(c: Counters) {
  return { modelCalls: c.modelCalls, toolCalls: c.toolCalls, handoffs: c.handoffs, events: c.events };
}

/** Compares counter deltas over `runs` runs with the expected counts; returns a message on mismatch. */
export function checkCounts(
  id: string,
  before: ReturnType<typeof snapshot>,
  after: Counters,
  runs: number,
  expected: Counts,
): string | null {
  const got = {
    modelCalls: (after.modelCalls - before.modelCalls) / runs,
    toolCalls: (after.toolCalls - before.toolCalls) / runs,
    handoffs: (after.handoffs - before.handoffs) / runs,
  };
  const bad = (Object.keys(expected) as (keyof Counts)[]).filter((k) => got[k] !== expected[k]);
  if (bad.length === 0) return null;
  return `${id}: per run ${bad.map((k) => `${k}=${got[k]} (expected ${expected[k]})`).join(", ")}`;
}

function medianOf(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export async function interleave(contenders: Contender[], options: SamplerOptions): Promise<ContenderSamples[]> {
  const results = contenders.map((c): ContenderSamples => ({
    id: c.id,
    samples: [],
    roundMedians: [],
    batchCpuPerRun: [],
    runs: 0,
    countsPerRun: { modelCalls: 0, toolCalls: 0, handoffs: 0 },
    eventsPerRun: 0,
    mismatch: null,
    error: null,
  }));
  const starts = contenders.map((c) => snapshot(c.counters));

  for (const [i, c] of contenders.entries()) {
    const t0 = performance.now();
    const before = snapshot(c.counters);
    let runs = 0;
    try {
      while (runs < options.warmupMinRuns || performance.now() - t0 < options.warmupMs) {
        await c.run();
        runs++;
      }
      results[i].mismatch = checkCounts(c.id, before, c.counters, runs, options.expected);
    } catch (error) {
      results[i].error = error instanceof Error ? error.message : String(error);
    }
    starts[i] = snapshot(c.counters);
  }

  await options.measured?.start();
  const begin = performance.now();
  for (let round = 0; round < options.minRounds || performance.now() - begin < options.budgetMs; round++) {
    for (let k = 0; k < contenders.length; k++) {
      const i = (round + k) % contenders.length;
      const c = contenders[i];
      const r = results[i];
      if (r.error) continue;
      gc?.();
      const batch: number[] = [];
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      try {
        do {
          const s = performance.now();
          await c.run();
          batch.push(performance.now() - s);
        } while (performance.now() - t0 < options.batchMs);
      } catch (error) {
        r.error = error instanceof Error ? error.message : String(error);
        continue;
      }
      const cpu = process.cpuUsage(cpu0);
      r.batchCpuPerRun.push((cpu.user + cpu.system) / 1000 / batch.length);
      r.samples.push(...batch);
      r.roundMedians.push(medianOf(batch));
      r.runs += batch.length;
    }
  }
  await options.measured?.stop();

  for (const [i, c] of contenders.entries()) {
    const r = results[i];
    if (r.runs === 0) continue;
    const s = starts[i];
    r.countsPerRun = {
      modelCalls: (c.counters.modelCalls - s.modelCalls) / r.runs,
      toolCalls: (c.counters.toolCalls - s.toolCalls) / r.runs,
      handoffs: (c.counters.handoffs - s.handoffs) / r.runs,
    };
    r.eventsPerRun = (c.counters.events - s.events) / r.runs;
    r.mismatch ??= checkCounts(c.id, s, c.counters, r.runs, options.expected);
  }
  return results;
}
