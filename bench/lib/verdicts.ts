import type { CompileScenario } from "../scenarios/compile";
import type { ConcurrencyLevel } from "../scenarios/concurrency";
import type { MicroResult } from "../scenarios/micro";
import { fmtMb, fmtMs, fmtRatio, fmtUs, table } from "./format";
import { OUR_GOALS, anchorBudgetUs } from "./targets";

/** One check of a goal: what was compared, and whether it held (null: not measured in this run). */
export interface Check {
  value: string;
  met: boolean | null;
}

export interface Verdict {
  goal: string;
  /** Against the fixed anchor figures in targets.ts (independent of how fast the peers ran today). */
  anchor: Check;
  /** Against the peers measured in this run; null for absolute goals (no peer in the comparison). */
  peers: Check | null;
  /** Met only when every check that applies was measured and held; null when nothing was measured. */
  met: boolean | null;
}

const NOT_MEASURED: Check = { value: "not measured", met: null };

function combine(goal: string, anchor: Check, peers: Check | null): Verdict {
  const checks = peers ? [anchor, peers] : [anchor];
  const met = checks.some((c) => c.met === false) ? false : checks.every((c) => c.met === true) ? true : null;
  return { goal, anchor, peers, met };
}

/** Ours per step / per handoff: ≤ 0.2 × the anchor of the best peer AND ≤ 0.2 × the best peer measured now. */
function overheadVerdict(micro: MicroResult): Verdict {
  const unit = micro.unit;
  const budget = anchorBudgetUs(unit);
  const ours = micro.oursPerUnitUs;
  const anchor: Check =
    ours == null
      ? NOT_MEASURED
      : { value: `${fmtUs(ours)} vs ≤ ${fmtUs(budget.us)} (${budget.basis})`, met: ours <= budget.us };
  const x = micro.oursOverBestPeer;
  const peers: Check =
    x == null || micro.bestPeerPerUnitUs == null
      ? NOT_MEASURED
      : {
          value: `${fmtRatio(x, 3)}× ${micro.bestPeer} (${fmtUs(micro.bestPeerPerUnitUs)}) vs ≤ ${OUR_GOALS.overheadVsBestPeer}×`,
          met: x <= OUR_GOALS.overheadVsBestPeer,
        };
  return combine(`ours per ${unit} ≤ ${OUR_GOALS.overheadVsBestPeer} × best peer`, anchor, peers);
}

function ratioVerdict(levels: ConcurrencyLevel[], n: number, goal: number): Verdict {
  const row = levels.find((l) => l.runs === n)?.rows.find((r) => r.runtime === "ours");
  const title = `wall/critical path at ${n.toLocaleString("en-US")} runs ≤ ${goal} (median of repetitions)`;
  if (!row || row.ratio == null) return combine(title, NOT_MEASURED, null);
  const spread =
    row.reps.length > 1
      ? ` (${fmtRatio(row.ratioMin)}–${fmtRatio(row.ratioMax)}, ${row.reps.length} reps)`
      : " (1 rep)";
  return combine(title, { value: `${fmtRatio(row.ratio)}${spread}`, met: row.ratio <= goal }, null);
}

export function verdicts(parts: {
  step?: MicroResult;
  handoff?: MicroResult;
  concurrency?: ConcurrencyLevel[];
  compile?: CompileScenario;
}): Verdict[] {
  const out: Verdict[] = [];
  for (const micro of [parts.step, parts.handoff]) if (micro) out.push(overheadVerdict(micro));
  if (parts.concurrency) {
    out.push(ratioVerdict(parts.concurrency, 1000, OUR_GOALS.ratioAt1000));
    out.push(ratioVerdict(parts.concurrency, 100, OUR_GOALS.ratioAt100));
    const at1000 = parts.concurrency.find((l) => l.runs === 1000)?.rows.find((r) => r.runtime === "ours");
    out.push(
      combine(
        `peak RSS at 1,000 runs < ${OUR_GOALS.peakRssMbAt1000} MB`,
        at1000?.peakRssBytes != null
          ? {
              value: fmtMb(at1000.peakRssBytes),
              met: at1000.peakRssBytes < OUR_GOALS.peakRssMbAt1000 * 1024 * 1024,
            }
          : NOT_MEASURED,
        null,
      ),
    );
  }
  if (parts.compile) {
    const s500 = parts.compile.sizes.find((s) => s.agents === 500);
    out.push(
      combine(
        `500-agent compile < ${OUR_GOALS.compile500Ms} ms`,
        s500 ? { value: fmtMs(s500.ms.median), met: s500.ms.median < OUR_GOALS.compile500Ms } : NOT_MEASURED,
        null,
      ),
    );
  }
  return out;
}

const mark = (c: Check | null) => (c == null ? "—" : c.met == null ? c.value : `${c.met ? "✓" : "✗"} ${c.value}`);

export function renderVerdicts(list: Verdict[]): string {
  const rows = list.map((v) => [
    v.goal,
    mark(v.anchor),
    mark(v.peers),
    v.met == null ? "pending" : v.met ? "met" : "NOT MET",
  ]);
  return [
    "Targets for ours, schema-default model settings (figures only; nothing fails on time)",
    table([["goal", "vs anchor figures (targets.ts)", "vs peers measured in this run", "status"], ...rows]),
    "A goal is met only when every check that applies holds: peers measured slow on a busy machine cannot make it easier.",
  ].join("\n");
}
