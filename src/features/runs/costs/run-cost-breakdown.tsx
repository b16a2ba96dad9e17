"use client";

import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, TrendingUp } from "lucide-react";
import { useMemo } from "react";

import { useTRPC, type RouterOutputs } from "@/trpc/react";

import { costReasons, formatShare, plural } from "../canvas/agent-summary";
import { runGraphStats } from "../canvas/run-graph-stats";
import { factsFromSpanTree } from "../canvas/run-spans";
import { formatTokens, formatUsd } from "../shared/format";
import { CostBars, costText } from "./cost-bars";
import styles from "./costs.module.css";

type Rollups = RouterOutputs["runs"]["rollups"];
type Usage = Rollups["total"];

/**
 * Props of `RunCostBreakdown` (stable interface; the trace view uses it):
 * - `runId`: the run. Reads `runs.rollups` (per agent, model and handoff edge,
 *   every retry and fallback hop priced) and `runs.get` (the span tree: which
 *   models, retries and fallbacks explain the costliest agent).
 * - `live`: refetch every 2 s (pass true while the run is queued or running).
 * - `headingLevel`: the level of its own heading (default 2).
 */
export interface RunCostBreakdownProps {
  runId: string;
  live?: boolean;
  headingLevel?: 2 | 3;
}

/** Tokens and cost of a run: in total, per agent, per model and per handoff edge, and which agent cost the most and why. */
export function RunCostBreakdown({ runId, live = false, headingLevel = 2 }: RunCostBreakdownProps) {
  const trpc = useTRPC();
  const refetchInterval = live ? 2000 : false;
  const rollups = useQuery(trpc.runs.rollups.queryOptions({ runId }, { refetchInterval }));
  const run = useQuery(trpc.runs.get.queryOptions({ runId }, { refetchInterval }));
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const Sub = headingLevel === 2 ? "h3" : "h4";

  const stats = useMemo(() => {
    if (!rollups.data || !run.data) return null;
    const shape = { agents: rollups.data.byAgent.map((row) => ({ id: row.agentId })), handoffs: [] };
    return runGraphStats(shape, factsFromSpanTree(run.data.spans));
  }, [rollups.data, run.data]);

  if (rollups.isPending) {
    return (
      <section className={styles.breakdown} aria-busy="true" aria-label="Cost breakdown">
        <p className={styles.muted} role="status">
          Loading the cost breakdown…
        </p>
      </section>
    );
  }
  if (rollups.isError) {
    return (
      <section className={styles.breakdown} aria-label="Cost breakdown">
        <p className={styles.error} role="alert">
          Could not load the cost breakdown: {rollups.error.message}
        </p>
      </section>
    );
  }

  const { total, byAgent, byModel, byEdge } = rollups.data;
  const agents = [...byAgent].sort((a, b) => b.pricedCostUsd - a.pricedCostUsd || b.modelCalls - a.modelCalls);
  const models = [...byModel].sort((a, b) => b.pricedCostUsd - a.pricedCostUsd || b.modelCalls - a.modelCalls);
  const edges = [...byEdge].sort((a, b) => b.pricedCostUsd - a.pricedCostUsd || b.modelCalls - a.modelCalls);
  const top = agents[0] && agents[0].pricedCostUsd > 0 ? agents[0] : null;
  const topStats = top ? stats?.agents.get(top.agentId) : undefined;
  const share = (usage: Usage) => (total.pricedCostUsd > 0 ? usage.pricedCostUsd / total.pricedCostUsd : 0);

  return (
    <section className={styles.breakdown} aria-labelledby={`cost-breakdown-${runId}`} data-testid="run-cost-breakdown">
      <Heading id={`cost-breakdown-${runId}`} className={styles.sectionTitle}>
        Cost breakdown
      </Heading>

      <dl className={styles.totals}>
        <Total label="Cost" value={costText(total)} testId="run-total-cost" warn={total.costUsd === null} />
        <Total label="Model calls" value={String(total.modelCalls)} />
        <Total label="Input tokens" value={formatTokens(total.inputTokens)} />
        <Total label="Output tokens" value={formatTokens(total.outputTokens)} />
        {total.cachedInputTokens > 0 && <Total label="Cached input" value={formatTokens(total.cachedInputTokens)} />}
      </dl>

      {total.unpricedCalls > 0 && (
        <p className={styles.warning} role="note">
          <AlertTriangle size={14} aria-hidden="true" />
          {plural(total.unpricedCalls, "model call")} used a model with no known price, so the total is unknown, not
          free.{total.pricedCostUsd > 0 ? ` The calls with a price cost ${formatUsd(total.pricedCostUsd)}.` : ""}
        </p>
      )}

      {top ? (
        <p className={styles.callout} data-testid="costliest-agent">
          <TrendingUp size={16} aria-hidden="true" />
          <span>
            <strong>{top.agentId}</strong> cost the most: <strong>{costText(top)}</strong>, {formatShare(share(top))} of
            the run{total.costUsd === null ? "'s priced cost" : ""}.{" "}
            {topStats ? `${costReasons(topStats)}; ` : `${plural(top.modelCalls, "model call")}; `}
            {formatTokens(top.inputTokens)} input and {formatTokens(top.outputTokens)} output tokens.
          </span>
        </p>
      ) : total.modelCalls === 0 ? (
        <p className={styles.muted}>No model calls yet.</p>
      ) : null}

      <div className={styles.breakdownGrid}>
        <div className={styles.card}>
          <Sub className={styles.cardTitle}>By agent</Sub>
          <CostBars
            label="Cost by agent"
            bars={agents.map((row) => ({ name: row.agentId, ...row, highlight: row === top }))}
          />
          <table className={styles.table} aria-label="Cost by agent">
            <thead>
              <tr>
                <th scope="col">Agent</th>
                <th scope="col">Model calls</th>
                <th scope="col">Tokens in / out</th>
                <th scope="col">Cost</th>
                <th scope="col">Share</th>
              </tr>
            </thead>
            <tbody>
              {agents.map((row) => (
                <tr key={row.agentId}>
                  <th scope="row">{row.agentId}</th>
                  <td>{callsText(row.modelCalls, stats?.agents.get(row.agentId))}</td>
                  <td>
                    {formatTokens(row.inputTokens)} / {formatTokens(row.outputTokens)}
                  </td>
                  <CostCell usage={row} />
                  <td>{formatShare(share(row))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <div className={styles.card}>
          <Sub className={styles.cardTitle}>By model</Sub>
          <CostBars
            label="Cost by model"
            bars={models.map((row) => ({ name: `${row.provider}/${row.model}`, ...row }))}
          />
          <table className={styles.table} aria-label="Cost by model">
            <thead>
              <tr>
                <th scope="col">Model</th>
                <th scope="col">Calls</th>
                <th scope="col">Tokens in / out</th>
                <th scope="col">Cost</th>
              </tr>
            </thead>
            <tbody>
              {models.map((row) => (
                <tr key={`${row.provider}/${row.model}`}>
                  <th scope="row">
                    {row.provider}/{row.model}
                    {row.provider === "scripted" && <span className={styles.simulated}>simulated</span>}
                  </th>
                  <td>{row.modelCalls}</td>
                  <td>
                    {formatTokens(row.inputTokens)} / {formatTokens(row.outputTokens)}
                  </td>
                  <CostCell usage={row} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        {edges.length > 0 && (
          <div className={`${styles.card} ${styles.cardWide}`}>
            <Sub className={styles.cardTitle}>By handoff edge</Sub>
            <p className={styles.muted}>Everything below the handoff: the child, its own children and their retries.</p>
            <table className={styles.table} aria-label="Cost by handoff edge">
              <thead>
                <tr>
                  <th scope="col">Handoff</th>
                  <th scope="col">Handoffs</th>
                  <th scope="col">Model calls below</th>
                  <th scope="col">Tokens in / out</th>
                  <th scope="col">Cost</th>
                  <th scope="col">Share</th>
                </tr>
              </thead>
              <tbody>
                {edges.map((row) => (
                  <tr key={row.edge}>
                    <th scope="row" className={styles.mono}>
                      {row.edge.replace("->", " → ")}
                    </th>
                    <td>{row.handoffs}</td>
                    <td>{row.modelCalls}</td>
                    <td>
                      {formatTokens(row.inputTokens)} / {formatTokens(row.outputTokens)}
                    </td>
                    <CostCell usage={row} />
                    <td>{formatShare(share(row))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

/** "5 (2 retries, 1 fallback)". */
function callsText(calls: number, stats: { retries: number; fallbackCalls: number } | undefined): string {
  const extra: string[] = [];
  if (stats?.retries) extra.push(stats.retries === 1 ? "1 retry" : `${stats.retries} retries`);
  if (stats?.fallbackCalls) extra.push(`${stats.fallbackCalls} fallback`);
  return extra.length > 0 ? `${calls} (${extra.join(", ")})` : String(calls);
}

function Total({ label, value, warn, testId }: { label: string; value: string; warn?: boolean; testId?: string }) {
  return (
    <div className={styles.total}>
      <dt>{label}</dt>
      <dd data-unknown={warn || undefined} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** A cost cell: the amount, or "unknown" flagged with what the priced calls cost and how many had no price. */
export function CostCell({ usage }: { usage: Pick<Usage, "costUsd" | "pricedCostUsd" | "unpricedCalls"> }) {
  if (usage.costUsd !== null) return <td className={styles.num}>{formatUsd(usage.costUsd)}</td>;
  return (
    <td className={styles.num}>
      <span className={styles.unknown}>
        <AlertTriangle size={12} aria-hidden="true" />
        unknown
      </span>
      <span className={styles.unknownDetail}>
        {usage.pricedCostUsd > 0 ? `${formatUsd(usage.pricedCostUsd)} priced + ` : ""}
        {plural(usage.unpricedCalls, "unpriced call")}
      </span>
    </td>
  );
}
