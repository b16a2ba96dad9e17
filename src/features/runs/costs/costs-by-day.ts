/** One row of `runs.costsByDay`: a graph's runs on one UTC day. */
export interface GraphDayRow {
  day: string;
  graphId: string;
  graphName: string;
  runs: number;
  steps: number;
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  costUsd: number | null;
  pricedCostUsd: number;
  unpricedCalls: number;
}

export interface CostSums {
  runs: number;
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
  /** Null as soon as one call had usage but no price (unknown, never $0). */
  costUsd: number | null;
  pricedCostUsd: number;
  unpricedCalls: number;
}

export interface GraphSums extends CostSums {
  graphId: string;
  graphName: string;
}

/** A day of the chart: the priced cost of each charted series (`s0`…), zero on a day without runs. */
export type ChartDay = { day: string } & Record<string, number | string>;

export interface CostsSummary {
  total: CostSums;
  /** Costliest first. */
  byGraph: GraphSums[];
  /** The chart's series: the costliest graphs, then "Other graphs" for the rest. */
  series: { key: string; name: string }[];
  /** Every day of the range, in order. */
  days: ChartDay[];
}

/** Graphs drawn as their own series; the rest are summed as "Other graphs". */
export const MAX_SERIES = 5;
const DAY_MS = 86_400_000;

const ZERO: CostSums = {
  runs: 0,
  modelCalls: 0,
  inputTokens: 0,
  outputTokens: 0,
  costUsd: 0,
  pricedCostUsd: 0,
  unpricedCalls: 0,
};

function add(sums: CostSums, row: GraphDayRow): CostSums {
  const unpricedCalls = sums.unpricedCalls + row.unpricedCalls;
  const pricedCostUsd = sums.pricedCostUsd + row.pricedCostUsd;
  return {
    runs: sums.runs + row.runs,
    modelCalls: sums.modelCalls + row.modelCalls,
    inputTokens: sums.inputTokens + row.inputTokens,
    outputTokens: sums.outputTokens + row.outputTokens,
    pricedCostUsd,
    unpricedCalls,
    costUsd: unpricedCalls > 0 || row.costUsd === null || sums.costUsd === null ? null : pricedCostUsd,
  };
}

/** `YYYY-MM-DD` of a date, in UTC (the days `runs.costsByDay` groups by). */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The last `days` UTC days up to and including today's. */
export function lastDays(days: number, now: Date): { fromDay: string; toDay: string } {
  return { fromDay: utcDay(new Date(now.getTime() - (days - 1) * DAY_MS)), toDay: utcDay(now) };
}

/** `runs.costsByDay`'s `[from, to)` for the days `fromDay` to `toDay`, both included. Null when the range is invalid. */
export function rangeQuery(fromDay: string, toDay: string): { from: string; to: string } | null {
  const from = Date.parse(`${fromDay}T00:00:00.000Z`);
  const to = Date.parse(`${toDay}T00:00:00.000Z`) + DAY_MS;
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from || to - from > 366 * DAY_MS) return null;
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/** Totals, per graph, and a chart day by day (every day of the range, runs or not) from `runs.costsByDay`'s rows. */
export function summarizeCosts(rows: readonly GraphDayRow[], fromDay: string, toDay: string): CostsSummary {
  let total = ZERO;
  const graphs = new Map<string, GraphSums>();
  for (const row of rows) {
    total = add(total, row);
    const before = graphs.get(row.graphId) ?? { ...ZERO, graphId: row.graphId, graphName: row.graphName };
    graphs.set(row.graphId, { ...add(before, row), graphId: row.graphId, graphName: row.graphName });
  }
  const byGraph = [...graphs.values()].sort(
    (a, b) => b.pricedCostUsd - a.pricedCostUsd || b.runs - a.runs || a.graphName.localeCompare(b.graphName),
  );
  const charted = byGraph.length > MAX_SERIES ? byGraph.slice(0, MAX_SERIES - 1) : byGraph;
  const seriesOf = new Map(charted.map((graph, index) => [graph.graphId, `s${index}`]));
  const series = charted.map((graph, index) => ({ key: `s${index}`, name: graph.graphName }));
  if (byGraph.length > charted.length) series.push({ key: `s${charted.length}`, name: "Other graphs" });
  const otherKey = `s${charted.length}`;

  const days = new Map<string, ChartDay>();
  const start = Date.parse(`${fromDay}T00:00:00.000Z`);
  const end = Date.parse(`${toDay}T00:00:00.000Z`);
  for (let time = start; Number.isFinite(time) && time <= end && days.size <= 366; time += DAY_MS) {
    const day = utcDay(new Date(time));
    days.set(day, { day, ...Object.fromEntries(series.map((s) => [s.key, 0])) });
  }
  for (const row of rows) {
    const day = days.get(row.day);
    if (!day) continue;
    const key = seriesOf.get(row.graphId) ?? otherKey;
    day[key] = (day[key] as number) + row.pricedCostUsd;
  }
  return { total, byGraph, series, days: [...days.values()] };
}
