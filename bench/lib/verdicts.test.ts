import { describe, expect, it } from "vitest";
import type { ConcurrencyLevel, ConcurrencyRow } from "../scenarios/concurrency";
import type { MicroResult } from "../scenarios/micro";
import { anchorBudgetUs } from "./targets";
import { renderVerdicts, verdicts } from "./verdicts";

function micro(oursUs: number, bestPeerUs: number): MicroResult {
  return {
    scenario: "handoff",
    title: "",
    unit: "handoff",
    unitsPerRun: 3,
    expected: { modelCalls: 11, toolCalls: 6, handoffs: 3 },
    rows: [],
    bestPeer: "openai-agents",
    oursOverBestPeer: oursUs / bestPeerUs,
    oursPerUnitUs: oursUs,
    bestPeerPerUnitUs: bestPeerUs,
  };
}

function level(runs: number, ratios: number[]): ConcurrencyLevel {
  const reps = ratios.map((ratio) => ({ ratio }) as ConcurrencyRow["reps"][number]);
  const sorted = [...ratios].sort((a, b) => a - b);
  const row = {
    runtime: "ours",
    runs,
    reps,
    ratio: sorted[(sorted.length - 1) >> 1],
    ratioMin: sorted[0],
    ratioMax: sorted[sorted.length - 1],
    peakRssBytes: 200 * 2 ** 20,
  } as ConcurrencyRow;
  return { runs, latencyMs: 50, criticalPathMs: 250, rows: [row] };
}

describe("verdicts", () => {
  it("the anchor budget is 0.2 × the fastest peer's anchor figure", () => {
    expect(anchorBudgetUs("handoff").us).toBeCloseTo(150);
    expect(anchorBudgetUs("step").us).toBeCloseTo(68);
  });

  it("slow peers today cannot make a relative goal easier: the anchor check still fails", () => {
    // 200 µs per handoff is 0.1 × a peer measured at 2 ms on a busy machine, but above 0.2 × the 750 µs anchor.
    const [v] = verdicts({ handoff: micro(200, 2000) });
    expect(v.peers?.met).toBe(true);
    expect(v.anchor.met).toBe(false);
    expect(v.met).toBe(false);
  });

  it("fast peers today fail the goal even under the anchor", () => {
    const [v] = verdicts({ handoff: micro(120, 500) });
    expect(v.anchor.met).toBe(true);
    expect(v.peers?.met).toBe(false);
    expect(v.met).toBe(false);
  });

  it("met only when both hold", () => {
    const [v] = verdicts({ handoff: micro(120, 1000) });
    expect(v.met).toBe(true);
    expect(renderVerdicts([v])).toMatch(/✓ 120 µs vs ≤ 150 µs.*✓ 0\.120× openai-agents.*met/);
  });

  it("judges concurrency on the median of the repetitions and prints the spread", () => {
    const list = verdicts({ concurrency: [level(1000, [2.4, 1.9, 2.1]), level(100, [1.04])] });
    const at1000 = list.find((v) => v.goal.includes("1,000 runs ≤"))!;
    expect(at1000.met).toBe(false);
    expect(at1000.anchor.value).toBe("2.10 (1.90–2.40, 3 reps)");
    expect(list.find((v) => v.goal.includes("100 runs"))!.met).toBe(true);
  });

  it("a goal whose scenario did not run is pending, not met", () => {
    const [v] = verdicts({ handoff: { ...micro(1, 1), oursPerUnitUs: null, oursOverBestPeer: null } });
    expect(v.met).toBeNull();
    expect(renderVerdicts([v])).toMatch(/pending/);
  });
});
