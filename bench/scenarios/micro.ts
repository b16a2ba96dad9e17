/**
 * Scenarios 1 and 2: orchestration overhead with a zero-latency model,
 * measured in this process with all runtimes alternating (see interleave.ts).
 */
import { fmtMs, fmtRatio, fmtUs, table } from "../lib/format";
import { interleave, type SamplerOptions } from "../lib/interleave";
import type { Counts, ScenarioSpec } from "../lib/scripts";
import { median, summarize, type Summary } from "../lib/stats";
import { OUR_GOALS, PEER_REFERENCE } from "../lib/targets";
import { RUNTIME_IDS, isAvailable, isPeerId, type LoadedRuntime, type RuntimeId } from "../runtimes/types";

export interface MicroRow {
  runtime: RuntimeId;
  label: string;
  version: string | null;
  status: "ok" | "unavailable" | "error";
  reason: string | null;
  runs: number;
  runMs: Summary | null;
  /** Median over batches of process CPU ms per run. */
  cpuMsPerRun: number | null;
  /** Per step (scenario 1) or per handoff (scenario 2), µs. */
  perUnitUs: { median: number; p95: number } | null;
  /** ours median / this runtime's median (null for ours). */
  oursOverPeer: number | null;
  /** Median over rounds of ours/peer per-round medians (robust to drift). */
  pairedOursOverPeer: number | null;
  /** ours CPU per run / this runtime's CPU per run (robust to other processes taking the cores). */
  cpuOursOverPeer: number | null;
  countsPerRun: Counts | null;
  eventsPerRun: number | null;
  mismatch: string | null;
  referenceUs: number | null;
}

export interface MicroResult {
  scenario: "step" | "handoff";
  title: string;
  unit: "step" | "handoff";
  unitsPerRun: number;
  expected: Counts;
  rows: MicroRow[];
  bestPeer: RuntimeId | null;
  /** ours per-unit median / best peer's per-unit median. */
  oursOverBestPeer: number | null;
  /** ours' (schema-default settings) per-unit median, µs. */
  oursPerUnitUs: number | null;
  /** The best peer's per-unit median in this run, µs. */
  bestPeerPerUnitUs: number | null;
}

export async function runMicro(
  spec: ScenarioSpec,
  runtimes: LoadedRuntime[],
  sampler: Omit<SamplerOptions, "expected">,
): Promise<MicroResult> {
  const unit = spec.name === "step" ? "step" : "handoff";
  const unitsPerRun = spec.name === "step" ? spec.expected.toolCalls : spec.expected.handoffs;
  const rows: MicroRow[] = [];
  const contenders = [];
  for (const rt of runtimes) {
    const base = {
      runtime: rt.id,
      label: rt.label,
      runs: 0,
      runMs: null,
      cpuMsPerRun: null,
      perUnitUs: null,
      oursOverPeer: null,
      pairedOursOverPeer: null,
      cpuOursOverPeer: null,
      countsPerRun: null,
      eventsPerRun: null,
      mismatch: null,
    };
    const referenceUs = PEER_REFERENCE[rt.id]?.[unit === "step" ? "stepUs" : "handoffUs"] ?? null;
    if (!isAvailable(rt)) {
      rows.push({ ...base, version: null, status: "unavailable", reason: rt.unavailable, referenceUs });
      continue;
    }
    try {
      const prepared = await rt.prepare(spec, { latencyMs: 0 });
      contenders.push({ id: rt.id, run: () => prepared.run(), counters: rt.counters });
      rows.push({ ...base, version: rt.version, status: "ok", reason: null, referenceUs });
    } catch (error) {
      rows.push({
        ...base,
        version: rt.version,
        status: "error",
        reason: error instanceof Error ? error.message : String(error),
        referenceUs,
      });
    }
  }
  const samples = await interleave(contenders, { ...sampler, expected: spec.expected });
  const byId = new Map(samples.map((s) => [s.id, s]));
  for (const row of rows) {
    const s = byId.get(row.runtime);
    if (!s) continue;
    if (s.error) {
      row.status = "error";
      row.reason = s.error;
    }
    if (s.runs === 0) continue;
    const runMs = summarize(s.samples);
    row.runs = s.runs;
    row.runMs = runMs;
    row.cpuMsPerRun = median(s.batchCpuPerRun);
    row.perUnitUs = { median: (runMs.median * 1000) / unitsPerRun, p95: (runMs.p95 * 1000) / unitsPerRun };
    row.countsPerRun = s.countsPerRun;
    row.eventsPerRun = s.eventsPerRun;
    row.mismatch = s.mismatch;
  }
  const ours = rows.find((r) => r.runtime === "ours" && r.runMs);
  const oursSamples = byId.get("ours");
  for (const row of rows) {
    if (row.runtime === "ours" || !ours?.runMs || !row.runMs) continue;
    row.oursOverPeer = ours.runMs.median / row.runMs.median;
    const peer = byId.get(row.runtime)!;
    const rounds = Math.min(oursSamples!.roundMedians.length, peer.roundMedians.length);
    const paired = Array.from({ length: rounds }, (_, i) => oursSamples!.roundMedians[i] / peer.roundMedians[i]);
    row.pairedOursOverPeer = paired.length ? median(paired) : null;
    row.cpuOursOverPeer = ours.cpuMsPerRun != null && row.cpuMsPerRun ? ours.cpuMsPerRun / row.cpuMsPerRun : null;
  }
  const peers = rows.filter((r) => isPeerId(r.runtime) && r.perUnitUs);
  const best = peers.sort((a, b) => a.perUnitUs!.median - b.perUnitUs!.median)[0] ?? null;
  return {
    scenario: spec.name,
    title:
      spec.name === "step"
        ? `Scenario 1 — step overhead: 1 agent, ${spec.expected.toolCalls} model turns × 1 tool call + final answer, zero latency`
        : `Scenario 2 — handoff overhead: parent → ${spec.expected.handoffs} children in parallel, each 2 tool turns + answer, zero latency`,
    unit,
    unitsPerRun,
    expected: spec.expected,
    rows: [...rows].sort((a, b) => order(a.runtime) - order(b.runtime)),
    bestPeer: best?.runtime ?? null,
    oursOverBestPeer: ours?.perUnitUs && best?.perUnitUs ? ours.perUnitUs.median / best.perUnitUs.median : null,
    oursPerUnitUs: ours?.perUnitUs?.median ?? null,
    bestPeerPerUnitUs: best?.perUnitUs?.median ?? null,
  };
}

function order(id: RuntimeId): number {
  return RUNTIME_IDS.indexOf(id);
}

export function renderMicro(result: MicroResult): string {
  const u = result.unit;
  const header = [
    "runtime",
    "runs",
    "median/run",
    "p95/run",
    "CPU/run",
    `median/${u}`,
    `p95/${u}`,
    "ours/peer",
    "paired",
    "CPU ratio",
    "events/run",
    `reference/${u}`,
  ];
  const notes: string[] = [];
  const rows = result.rows.map((r) => {
    if (r.status !== "ok") notes.push(`${r.label}: ${r.status === "unavailable" ? "pending" : "error"} — ${r.reason}`);
    if (!r.runMs)
      return [
        r.label,
        "—",
        r.status === "unavailable" ? "pending" : "error",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        r.referenceUs ? `~${fmtUs(r.referenceUs)}` : "",
      ];
    return [
      r.label,
      String(r.runs),
      fmtMs(r.runMs?.median),
      fmtMs(r.runMs?.p95),
      fmtMs(r.cpuMsPerRun),
      fmtUs(r.perUnitUs?.median),
      fmtUs(r.perUnitUs?.p95),
      r.runtime === "ours" ? "" : fmtRatio(r.oursOverPeer, 3),
      r.runtime === "ours" ? "" : fmtRatio(r.pairedOursOverPeer, 3),
      r.runtime === "ours" ? "" : fmtRatio(r.cpuOursOverPeer, 3),
      r.eventsPerRun ? r.eventsPerRun.toFixed(0) : "—",
      r.referenceUs ? `~${fmtUs(r.referenceUs)}` : "",
    ];
  });
  const lines = [result.title, table([header, ...rows]), ...notes];
  lines.push(
    "ours/peer: ratio of wall medians; paired: median of per-round ratios; CPU ratio: process CPU per run (least sensitive to other load).",
    "ours = the graph schema's default model settings; on the ours (tuned) row the ratios are ours / ours (tuned): what the defaults cost.",
  );
  lines.push(
    `expected per run: ${result.expected.modelCalls} model calls, ${result.expected.toolCalls} tool calls, ${result.expected.handoffs} handoffs — ` +
      (result.rows.every((r) => !r.mismatch) ? "all runtimes matched" : "MISMATCH (see below)"),
  );
  if (result.oursOverBestPeer != null) {
    lines.push(
      `ours / best peer measured now (${result.bestPeer}) per ${u}: ${fmtRatio(result.oursOverBestPeer, 3)} (goal ≤ ${OUR_GOALS.overheadVsBestPeer}; see the targets table for the anchor check)`,
    );
  }
  return lines.join("\n");
}
