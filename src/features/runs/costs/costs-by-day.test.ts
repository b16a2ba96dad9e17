import { describe, expect, it } from "vitest";

import { lastDays, rangeQuery, summarizeCosts, type GraphDayRow } from "./costs-by-day";

function row(fields: Partial<GraphDayRow>): GraphDayRow {
  return {
    day: "2026-12-01",
    graphId: "g1",
    graphName: "Research team",
    runs: 1,
    steps: 3,
    modelCalls: 4,
    inputTokens: 100,
    outputTokens: 20,
    cachedInputTokens: 0,
    costUsd: 0.01,
    pricedCostUsd: 0.01,
    unpricedCalls: 0,
    ...fields,
  };
}

describe("rangeQuery", () => {
  it("covers both days whole, in UTC", () => {
    expect(rangeQuery("2026-12-01", "2026-12-03")).toEqual({
      from: "2026-12-01T00:00:00.000Z",
      to: "2026-12-04T00:00:00.000Z",
    });
  });
  it("refuses a reversed, unreadable or too long range", () => {
    expect(rangeQuery("2026-12-03", "2026-12-01")).toBeNull();
    expect(rangeQuery("", "2026-12-01")).toBeNull();
    expect(rangeQuery("2024-01-01", "2026-12-01")).toBeNull();
  });
});

describe("lastDays", () => {
  it("ends today", () => {
    expect(lastDays(7, new Date("2026-12-03T18:00:00Z"))).toEqual({ fromDay: "2026-11-27", toDay: "2026-12-03" });
  });
});

describe("summarizeCosts", () => {
  it("sums per graph and over all, costliest graph first, every day charted", () => {
    const summary = summarizeCosts(
      [
        row({}),
        row({ day: "2026-12-03", pricedCostUsd: 0.02, costUsd: 0.02 }),
        row({ graphId: "g2", graphName: "Support triage", pricedCostUsd: 0.05, costUsd: 0.05, runs: 2 }),
      ],
      "2026-12-01",
      "2026-12-03",
    );
    expect(summary.total).toMatchObject({ runs: 4, modelCalls: 12, inputTokens: 300, unpricedCalls: 0 });
    expect(summary.total.costUsd).toBeCloseTo(0.08);
    expect(summary.byGraph.map((g) => g.graphName)).toEqual(["Support triage", "Research team"]);
    expect(summary.byGraph[1]!.costUsd).toBeCloseTo(0.03);
    expect(summary.series).toEqual([
      { key: "s0", name: "Support triage" },
      { key: "s1", name: "Research team" },
    ]);
    expect(summary.days).toEqual([
      { day: "2026-12-01", s0: 0.05, s1: 0.01 },
      { day: "2026-12-02", s0: 0, s1: 0 },
      { day: "2026-12-03", s0: 0, s1: 0.02 },
    ]);
  });

  it("keeps an unknown price unknown (never $0) up to the total", () => {
    const summary = summarizeCosts(
      [row({}), row({ graphId: "g2", graphName: "House model", costUsd: null, pricedCostUsd: 0, unpricedCalls: 2 })],
      "2026-12-01",
      "2026-12-01",
    );
    expect(summary.total).toMatchObject({ costUsd: null, pricedCostUsd: 0.01, unpricedCalls: 2 });
    expect(summary.byGraph.find((g) => g.graphId === "g2")).toMatchObject({ costUsd: null, unpricedCalls: 2 });
    expect(summary.byGraph.find((g) => g.graphId === "g1")).toMatchObject({ costUsd: 0.01 });
  });

  it("sums the graphs beyond the charted ones as Other graphs", () => {
    const rows = Array.from({ length: 7 }, (_, index) =>
      row({ graphId: `g${index}`, graphName: `Graph ${index}`, pricedCostUsd: index + 1, costUsd: index + 1 }),
    );
    const summary = summarizeCosts(rows, "2026-12-01", "2026-12-01");
    expect(summary.series.map((s) => s.name)).toEqual(["Graph 6", "Graph 5", "Graph 4", "Graph 3", "Other graphs"]);
    expect(summary.days[0]).toMatchObject({ s0: 7, s1: 6, s2: 5, s3: 4, s4: 1 + 2 + 3 });
  });
});
