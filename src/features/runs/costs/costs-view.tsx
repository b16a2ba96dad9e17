"use client";

import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, TrendingUp } from "lucide-react";
import Link from "next/link";
import { useMemo, useState } from "react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { useTRPC, type RouterOutputs } from "@/trpc/react";

import { formatShare, plural } from "../canvas/agent-summary";
import { formatTokens, formatUsd } from "../shared/format";
import { StatusBadge } from "../shared/status-badge";
import { costText } from "./cost-bars";
import { lastDays, rangeQuery, summarizeCosts, type CostsSummary, type GraphDayRow } from "./costs-by-day";
import styles from "./costs.module.css";
import { CostCell } from "./run-cost-breakdown";

const PRESETS = [7, 30, 90] as const;
/** Runs read for the "costliest runs" table (the newest ones in the range). */
const RUN_SAMPLE = 200;

/** The costs page: cost per graph per day over a date range, totals, and the costliest runs. */
export function CostsView() {
  const trpc = useTRPC();
  const [range, setRange] = useState(() => lastDays(30, new Date()));
  const [graphId, setGraphId] = useState("");
  const query = rangeQuery(range.fromDay, range.toDay);
  const graphs = useQuery(trpc.graphs.list.queryOptions());
  const costs = useQuery({
    ...trpc.runs.costsByDay.queryOptions({
      from: query?.from ?? new Date(0).toISOString(),
      to: query?.to ?? new Date(1).toISOString(),
      graphId: graphId || undefined,
    }),
    enabled: query !== null,
  });
  const runs = useQuery({
    ...trpc.runs.list.queryOptions({
      from: query?.from,
      to: query?.to,
      graphId: graphId || undefined,
      limit: RUN_SAMPLE,
    }),
    enabled: query !== null,
  });
  const summary = useMemo(
    () => (costs.data ? summarizeCosts(costs.data, range.fromDay, range.toDay) : null),
    [costs.data, range],
  );
  const today = lastDays(1, new Date()).toDay;
  const activePreset = PRESETS.find((days) => {
    const preset = lastDays(days, new Date());
    return preset.fromDay === range.fromDay && preset.toDay === range.toDay;
  });

  return (
    <div className={styles.page}>
      <form className={styles.filters} aria-label="Cost filters" onSubmit={(event) => event.preventDefault()}>
        <div className={styles.presets} role="group" aria-label="Quick ranges">
          {PRESETS.map((days) => (
            <button
              key={days}
              type="button"
              className={styles.preset}
              aria-pressed={activePreset === days}
              onClick={() => setRange(lastDays(days, new Date()))}
            >
              Last {days} days
            </button>
          ))}
        </div>
        <label className={styles.field}>
          From (UTC)
          <input
            type="date"
            value={range.fromDay}
            max={range.toDay}
            onChange={(event) => event.target.value && setRange({ ...range, fromDay: event.target.value })}
          />
        </label>
        <label className={styles.field}>
          To (UTC, included)
          <input
            type="date"
            value={range.toDay}
            min={range.fromDay}
            max={today}
            onChange={(event) => event.target.value && setRange({ ...range, toDay: event.target.value })}
          />
        </label>
        <label className={styles.field}>
          Graph
          <select value={graphId} onChange={(event) => setGraphId(event.target.value)}>
            <option value="">All graphs</option>
            {graphs.data?.map((graph) => (
              <option key={graph.id} value={graph.id}>
                {graph.name}
              </option>
            ))}
          </select>
        </label>
      </form>

      {query === null ? (
        <p className={styles.error} role="alert">
          Pick a start day before the end day, at most 366 days apart.
        </p>
      ) : costs.isError ? (
        <p className={styles.error} role="alert">
          Could not load the costs: {costs.error.message}
        </p>
      ) : !summary ? (
        <p className={styles.muted} role="status">
          Loading the costs…
        </p>
      ) : summary.total.runs === 0 ? (
        <div className={styles.empty}>
          No runs in this range. Run a graph in the <Link href="/playground">Playground</Link> and its cost shows here.
        </div>
      ) : (
        <CostsSummaryView summary={summary} rows={costs.data ?? []} />
      )}

      {query !== null && runs.data && runs.data.items.length > 0 && (
        <CostliestRuns items={runs.data.items} more={runs.data.nextCursor !== null} />
      )}
    </div>
  );
}

function CostsSummaryView({ summary, rows }: { summary: CostsSummary; rows: readonly GraphDayRow[] }) {
  const { total, byGraph } = summary;
  const top = byGraph[0] && byGraph[0].pricedCostUsd > 0 ? byGraph[0] : null;
  return (
    <>
      <dl className={styles.totals} aria-label="Totals">
        <div className={styles.total}>
          <dt>Cost</dt>
          <dd data-unknown={total.costUsd === null || undefined} data-testid="costs-total">
            {costText(total)}
          </dd>
        </div>
        <div className={styles.total}>
          <dt>Runs</dt>
          <dd>{total.runs}</dd>
        </div>
        <div className={styles.total}>
          <dt>Model calls</dt>
          <dd>{total.modelCalls}</dd>
        </div>
        <div className={styles.total}>
          <dt>Tokens in / out</dt>
          <dd>
            {formatTokens(total.inputTokens)} / {formatTokens(total.outputTokens)}
          </dd>
        </div>
      </dl>
      {total.unpricedCalls > 0 && (
        <p className={styles.warning} role="note">
          <AlertTriangle size={14} aria-hidden="true" />
          {plural(total.unpricedCalls, "model call")} used a model with no known price: those costs are unknown, not
          free.{total.pricedCostUsd > 0 ? ` The calls with a price cost ${formatUsd(total.pricedCostUsd)}.` : ""}
        </p>
      )}
      {top && (
        <p className={styles.callout}>
          <TrendingUp size={16} aria-hidden="true" />
          <span>
            <strong>{top.graphName}</strong> cost the most: <strong>{costText(top)}</strong>,{" "}
            {formatShare(total.pricedCostUsd > 0 ? top.pricedCostUsd / total.pricedCostUsd : 0)} of the total over{" "}
            {plural(top.runs, "run")} and {plural(top.modelCalls, "model call")}. Open a run below to see which agent
            and why.
          </span>
        </p>
      )}
      <div className={styles.card}>
        <h2 className={styles.cardTitle}>Cost per day</h2>
        <DailyChart summary={summary} />
      </div>
      <div className={styles.card}>
        <h2 className={styles.cardTitle}>Per graph</h2>
        <GraphTable summary={summary} />
      </div>
      <div className={styles.card}>
        <h2 className={styles.cardTitle}>Per graph per day</h2>
        <DailyTable rows={rows} />
      </div>
    </>
  );
}

function DailyChart({ summary }: { summary: CostsSummary }) {
  const label = `Cost per day by graph: ${summary.byGraph
    .map((graph) => `${graph.graphName} ${costText(graph)}`)
    .join(", ")}`;
  return (
    <>
      <div className={styles.chart} role="img" aria-label={label}>
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={summary.days} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} />
            <XAxis
              dataKey="day"
              tick={{ className: styles.chartTick }}
              tickFormatter={(day: string) => day.slice(5)}
              tickLine={false}
              minTickGap={12}
            />
            <YAxis
              tick={{ className: styles.chartTick }}
              tickFormatter={(value: number) => formatUsd(value)}
              tickLine={false}
              axisLine={false}
              width={72}
            />
            <Tooltip
              formatter={(value) => formatUsd(Number(value))}
              contentStyle={{
                background: "var(--color-surface)",
                border: "1px solid var(--color-border)",
                borderRadius: "var(--radius-md)",
                color: "var(--color-text)",
              }}
              cursor={{ className: styles.chartCursor }}
            />
            {summary.series.map((series, index) => (
              <Bar
                key={series.key}
                dataKey={series.key}
                name={series.name}
                stackId="cost"
                isAnimationActive={false}
                className={styles[`series${index}`]}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ul className={styles.legend} aria-label="Graphs in the chart">
        {summary.series.map((series, index) => (
          <li key={series.key}>
            <span className={`${styles.swatch} ${styles[`series${index}`]}`} aria-hidden="true" />
            {series.name}
          </li>
        ))}
      </ul>
    </>
  );
}

function GraphTable({ summary }: { summary: CostsSummary }) {
  const rows = summary.byGraph.length;
  return (
    <table className={styles.table} aria-label="Cost per graph">
      <thead>
        <tr>
          <th scope="col">Graph</th>
          <th scope="col">Runs</th>
          <th scope="col">Model calls</th>
          <th scope="col">Tokens in / out</th>
          <th scope="col">Cost</th>
          <th scope="col">Share</th>
        </tr>
      </thead>
      <tbody>
        {summary.byGraph.map((graph) => (
          <tr key={graph.graphId}>
            <th scope="row">{graph.graphName}</th>
            <td>{graph.runs}</td>
            <td>{graph.modelCalls}</td>
            <td>
              {formatTokens(graph.inputTokens)} / {formatTokens(graph.outputTokens)}
            </td>
            <CostCell usage={graph} />
            <td>
              {formatShare(summary.total.pricedCostUsd > 0 ? graph.pricedCostUsd / summary.total.pricedCostUsd : 0)}
            </td>
          </tr>
        ))}
      </tbody>
      {rows > 1 && (
        <tfoot>
          <tr>
            <th scope="row">All graphs</th>
            <td>{summary.total.runs}</td>
            <td>{summary.total.modelCalls}</td>
            <td>
              {formatTokens(summary.total.inputTokens)} / {formatTokens(summary.total.outputTokens)}
            </td>
            <CostCell usage={summary.total} />
            <td>100%</td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}

function DailyTable({ rows }: { rows: readonly GraphDayRow[] }) {
  const sorted = [...rows].sort(
    (a, b) => b.day.localeCompare(a.day) || b.pricedCostUsd - a.pricedCostUsd || a.graphName.localeCompare(b.graphName),
  );
  return (
    <table className={styles.table} aria-label="Cost per graph per day">
      <thead>
        <tr>
          <th scope="col">Day (UTC)</th>
          <th scope="col" className={styles.left}>
            Graph
          </th>
          <th scope="col">Runs</th>
          <th scope="col">Model calls</th>
          <th scope="col">Tokens in / out</th>
          <th scope="col">Cost</th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((row) => (
          <tr key={`${row.day}/${row.graphId}`}>
            <td className={styles.num}>{row.day}</td>
            <th scope="row" className={styles.left}>
              {row.graphName}
            </th>
            <td>{row.runs}</td>
            <td>{row.modelCalls}</td>
            <td>
              {formatTokens(row.inputTokens)} / {formatTokens(row.outputTokens)}
            </td>
            <CostCell usage={row} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type RunItem = RouterOutputs["runs"]["list"]["items"][number];

/** The costliest of the range's newest runs, each linking to its breakdown and its trace. */
function CostliestRuns({ items, more }: { items: readonly RunItem[]; more: boolean }) {
  const sorted = [...items]
    .sort((a, b) => (b.pricedCostUsd ?? 0) - (a.pricedCostUsd ?? 0) || b.createdAt.localeCompare(a.createdAt))
    .slice(0, 10);
  return (
    <div className={styles.card}>
      <h2 className={styles.cardTitle}>Costliest runs</h2>
      <p className={styles.muted}>
        {more
          ? `Of the newest ${items.length} runs in the range.`
          : `Of the ${plural(items.length, "run")} in the range.`}{" "}
        Open one to see which agent cost the most, and why.
      </p>
      <table className={styles.table} aria-label="Costliest runs">
        <thead>
          <tr>
            <th scope="col">Run</th>
            <th scope="col">Status</th>
            <th scope="col">Started</th>
            <th scope="col">Model steps</th>
            <th scope="col">Tokens in / out</th>
            <th scope="col">Cost</th>
            <th scope="col">Trace</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((run) => (
            <tr key={run.id}>
              <th scope="row">
                <Link href={`/costs?run=${run.id}`} className={styles.link}>
                  {run.graphName}: {run.inputPreview || "(no input)"}
                </Link>
              </th>
              <td>
                <StatusBadge status={run.status} />
              </td>
              <td className={styles.num}>{new Date(run.createdAt).toLocaleString()}</td>
              <td>{run.steps}</td>
              <td>
                {formatTokens(run.inputTokens)} / {formatTokens(run.outputTokens)}
              </td>
              <CostCell usage={run} />
              <td>
                <Link
                  href={`/traces/${run.id}`}
                  prefetch={false}
                  className={styles.link}
                  aria-label={`Trace of ${run.graphName} run`}
                >
                  Trace
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
