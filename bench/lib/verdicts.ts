import type { CompileScenario } from "../scenarios/compile";
import type { ConcurrencyLevel } from "../scenarios/concurrency";
import type { MicroResult } from "../scenarios/micro";
import { fmtMb, fmtMs, fmtRatio, table } from "./format";
import { OUR_GOALS } from "./targets";

export interface Verdict {
  goal: string;
  value: string;
  /** null when not measured in this run (ours pending, scenario skipped). */
  met: boolean | null;
}

export function verdicts(parts: {
  step?: MicroResult;
  handoff?: MicroResult;
  concurrency?: ConcurrencyLevel[];
  compile?: CompileScenario;
}): Verdict[] {
  const out: Verdict[] = [];
  for (const micro of [parts.step, parts.handoff]) {
    if (!micro) continue;
    const x = micro.oursOverBestPeer;
    out.push({
      goal: `ours per ${micro.unit} ≤ ${OUR_GOALS.overheadVsBestPeer} × best peer (${micro.bestPeer ?? "?"})`,
      value: x == null ? "not measured" : `${fmtRatio(x, 3)}×`,
      met: x == null ? null : x <= OUR_GOALS.overheadVsBestPeer,
    });
  }
  const oursAt = (n: number) => parts.concurrency?.find((l) => l.runs === n)?.rows.find((r) => r.runtime === "ours");
  const at1000 = oursAt(1000);
  const at100 = oursAt(100);
  if (parts.concurrency) {
    out.push({
      goal: `wall/critical path at 1,000 runs ≤ ${OUR_GOALS.ratioAt1000}`,
      value: at1000?.ratio != null ? fmtRatio(at1000.ratio) : "not measured",
      met: at1000?.ratio != null ? at1000.ratio <= OUR_GOALS.ratioAt1000 : null,
    });
    out.push({
      goal: `wall/critical path at 100 runs ≤ ${OUR_GOALS.ratioAt100}`,
      value: at100?.ratio != null ? fmtRatio(at100.ratio) : "not measured",
      met: at100?.ratio != null ? at100.ratio <= OUR_GOALS.ratioAt100 : null,
    });
    out.push({
      goal: `peak RSS at 1,000 runs < ${OUR_GOALS.peakRssMbAt1000} MB`,
      value: at1000?.peakRssBytes != null ? fmtMb(at1000.peakRssBytes) : "not measured",
      met: at1000?.peakRssBytes != null ? at1000.peakRssBytes < OUR_GOALS.peakRssMbAt1000 * 1024 * 1024 : null,
    });
  }
  if (parts.compile) {
    const s500 = parts.compile.sizes.find((s) => s.agents === 500);
    out.push({
      goal: `500-agent compile < ${OUR_GOALS.compile500Ms} ms`,
      value: s500 ? fmtMs(s500.ms.median) : "not measured",
      met: s500 ? s500.ms.median < OUR_GOALS.compile500Ms : null,
    });
  }
  return out;
}

export function renderVerdicts(list: Verdict[]): string {
  const rows = list.map((v) => [v.goal, v.value, v.met == null ? "pending" : v.met ? "met" : "NOT MET"]);
  return `Targets for ours (figures only; nothing fails on time)\n${table([["goal", "measured", "status"], ...rows])}`;
}
