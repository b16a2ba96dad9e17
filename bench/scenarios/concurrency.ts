/**
 * Scenario 3: N concurrent runs of scenario 2 with 50 ms per model call, each
 * (runtime, N, repetition) in its own process; repetitions alternate runtimes.
 * With --cpu-prof every worker profiles its own measured phase.
 */
import { fmtInt, fmtMb, fmtMs, fmtRatio, table } from "../lib/format";
import { runWorker } from "../lib/spawn-worker";
import { median } from "../lib/stats";
import { PEER_REFERENCE } from "../lib/targets";
import type { RuntimeId } from "../runtimes/types";
import type { ConcurrencyResult } from "../workers/concurrency";

export interface ConcurrencyRow {
  runtime: RuntimeId;
  label: string;
  runs: number;
  status: "ok" | "unavailable" | "error";
  reason: string | null;
  mismatch: string | null;
  reps: ConcurrencyResult[];
  /** CPU profiles written by the repetitions (with --cpu-prof), in the order of `reps`. */
  profiles: string[];
  /** Medians over repetitions. */
  wallMs: number | null;
  ratio: number | null;
  /** Spread of wall/critical over repetitions. */
  ratioMin: number | null;
  ratioMax: number | null;
  cpuMsPerRun: number | null;
  peakRssBytes: number | null;
  eventsPerSec: number | null;
  referenceRatio: number | null;
  referencePeakRssMb: number | null;
}

export interface ConcurrencyLevel {
  runs: number;
  latencyMs: number;
  criticalPathMs: number;
  rows: ConcurrencyRow[];
}

const WORKER = "bench/workers/concurrency.ts";

export async function runConcurrency(options: {
  runtimes: { id: RuntimeId; label: string; unavailable: string | null }[];
  levels: number[];
  reps: Record<number, number>;
  latencyMs: number;
  cpuProf: boolean;
  warmupMs: number;
  log: (line: string) => void;
}): Promise<ConcurrencyLevel[]> {
  const rows = new Map<string, ConcurrencyRow>();
  const key = (id: RuntimeId, n: number) => `${id}:${n}`;
  for (const n of options.levels) {
    for (const rt of options.runtimes) {
      const ref = n === 1000 ? PEER_REFERENCE[rt.id] : undefined;
      rows.set(key(rt.id, n), {
        runtime: rt.id,
        label: rt.label,
        runs: n,
        status: rt.unavailable ? "unavailable" : "ok",
        reason: rt.unavailable,
        mismatch: null,
        reps: [],
        profiles: [],
        wallMs: null,
        ratio: null,
        ratioMin: null,
        ratioMax: null,
        cpuMsPerRun: null,
        peakRssBytes: null,
        eventsPerSec: null,
        referenceRatio: ref?.ratio1000 ?? null,
        referencePeakRssMb: ref?.peakRssMb1000 ?? null,
      });
    }
  }
  const maxReps = Math.max(...options.levels.map((n) => options.reps[n] ?? 1));
  for (let rep = 0; rep < maxReps; rep++) {
    for (const n of options.levels) {
      if (rep >= (options.reps[n] ?? 1)) continue;
      const available = options.runtimes.filter((rt) => !rt.unavailable);
      for (let k = 0; k < available.length; k++) {
        const rt = available[(rep + k) % available.length];
        const row = rows.get(key(rt.id, n))!;
        if (row.status === "error") continue;
        const profileFile = `bench/results/scenario3-${rt.id}-${n}-rep${rep + 1}.cpuprofile`;
        const profile = options.cpuProf ? ["--profile", profileFile] : [];
        const t0 = performance.now();
        const outcome = await runWorker<ConcurrencyResult>(
          WORKER,
          [
            "--runtime",
            rt.id,
            "--runs",
            String(n),
            "--latency",
            String(options.latencyMs),
            "--warmup-ms",
            String(options.warmupMs),
            ...profile,
          ],
          { timeoutMs: 300_000 },
        );
        const took = ((performance.now() - t0) / 1000).toFixed(1);
        const r = outcome.result;
        if (!r || !r.ok) {
          row.status = "error";
          row.reason =
            r?.error ??
            (outcome.timedOut
              ? "worker timed out (300 s)"
              : `worker exited ${outcome.exitCode ?? outcome.signal}: ${outcome.stderrTail}`);
          options.log(
            `  scenario 3: ${rt.label} × ${n} (rep ${rep + 1}) FAILED after ${took} s: ${row.reason.split("\n")[0]}`,
          );
          continue;
        }
        row.reps.push(r);
        if (options.cpuProf) row.profiles.push(profileFile);
        row.mismatch ??= r.mismatch;
        options.log(
          `  scenario 3: ${rt.label} × ${n} (rep ${rep + 1}): wall ${fmtMs(r.wallMs)}, ratio ${fmtRatio(r.ratio)} (worker ${took} s)`,
        );
      }
    }
  }
  for (const row of rows.values()) {
    if (row.reps.length === 0) continue;
    const m = (f: (r: ConcurrencyResult) => number | null) => {
      const xs = row.reps.map(f).filter((x): x is number => x != null);
      return xs.length ? median(xs) : null;
    };
    row.wallMs = m((r) => r.wallMs);
    row.ratio = m((r) => r.ratio);
    row.ratioMin = Math.min(...row.reps.map((r) => r.ratio));
    row.ratioMax = Math.max(...row.reps.map((r) => r.ratio));
    row.cpuMsPerRun = m((r) => r.cpuMsPerRun);
    row.peakRssBytes = m((r) => r.peakRssBytes);
    row.eventsPerSec = m((r) => r.eventsPerSec);
  }
  return options.levels.map((n) => ({
    runs: n,
    latencyMs: options.latencyMs,
    criticalPathMs: 5 * options.latencyMs,
    rows: options.runtimes.map((rt) => rows.get(key(rt.id, n))!),
  }));
}

export function renderConcurrency(levels: ConcurrencyLevel[]): string {
  const lines: string[] = [];
  const first = levels[0];
  if (!first) return "";
  lines.push(
    `Scenario 3 — concurrency: N concurrent runs of scenario 2, ${first.latencyMs} ms per model call ` +
      `(critical path ${first.criticalPathMs} ms = parent call → children's 3 calls in parallel → parent final); own process per runtime and N`,
  );
  const header = [
    "runtime",
    "N",
    "reps",
    "wall",
    "wall/critical",
    "min–max",
    "CPU ms/run",
    "peak RSS",
    "events/s",
    "reference ratio",
    "reference RSS",
  ];
  const body: string[][] = [];
  const notes = new Set<string>();
  for (const level of levels) {
    for (const r of level.rows) {
      if (r.status !== "ok")
        notes.add(
          `${r.label} × ${level.runs}: ${r.status === "unavailable" ? "pending" : "error"} — ${(r.reason ?? "").split("\n")[0]}`,
        );
      if (r.reps.length === 0) {
        body.push([
          r.label,
          String(level.runs),
          "0",
          r.status === "unavailable" ? "pending" : "error",
          "",
          "",
          "",
          "",
          "",
          "",
          "",
        ]);
        continue;
      }
      body.push([
        r.label,
        String(level.runs),
        String(r.reps.length),
        fmtMs(r.wallMs),
        fmtRatio(r.ratio),
        r.reps.length > 1 ? `${fmtRatio(r.ratioMin)}–${fmtRatio(r.ratioMax)}` : "",
        fmtRatio(r.cpuMsPerRun, 2),
        fmtMb(r.peakRssBytes),
        r.eventsPerSec ? fmtInt(r.eventsPerSec) : "—",
        r.referenceRatio ? `~${r.referenceRatio}` : "",
        r.referencePeakRssMb ? `~${r.referencePeakRssMb} MB` : "",
      ]);
    }
  }
  lines.push(table([header, ...body]), ...notes);
  lines.push(
    "wall, wall/critical, CPU, RSS, events/s: medians over the repetitions; min–max: spread of wall/critical.",
    "events/s: ours only (its full event stream is consumed); peers run their non-streaming entry points.",
  );
  return lines.join("\n");
}

/** With --cpu-prof: the profile of ours' median repetition at each level (the one to read first). */
export function medianProfiles(levels: ConcurrencyLevel[]): { runs: number; file: string; ratio: number }[] {
  const out: { runs: number; file: string; ratio: number }[] = [];
  for (const level of levels) {
    const row = level.rows.find((r) => r.runtime === "ours");
    if (!row || row.profiles.length !== row.reps.length || row.reps.length === 0) continue;
    const order = row.reps.map((r, i) => ({ ratio: r.ratio, i })).sort((a, b) => a.ratio - b.ratio);
    const mid = order[(order.length - 1) >> 1];
    out.push({ runs: level.runs, file: row.profiles[mid.i], ratio: mid.ratio });
  }
  return out;
}
