import type pg from "pg";

/**
 * Token and cost rollups computed in SQL from `run_spans` (model-call spans:
 * one per attempt, so retries and fallback hops are counted and priced each)
 * and `runs`. A cost is null ("unknown", never 0) as soon as one call in the
 * group returned usage the price table has no price for; `pricedCostUsd` is
 * then the sum of the calls that do have a price.
 */
export interface UsageRollup {
  /** Model attempts (every retry and fallback hop). */
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  costUsd: number | null;
  pricedCostUsd: number;
  unpricedCalls: number;
}

export interface AgentRollup extends UsageRollup {
  agentId: string;
}

export interface ModelRollup extends UsageRollup {
  provider: string;
  model: string;
}

/** A handoff edge: every model call in the subtree below its handoffs (children, grandchildren, tasks). */
export interface EdgeRollup extends UsageRollup {
  /** `parentAgentId/tool->subagent`. */
  edge: string;
  /** Handoff spans of this edge in the run. */
  handoffs: number;
}

export interface RunRollups {
  total: UsageRollup;
  byAgent: AgentRollup[];
  byModel: ModelRollup[];
  byEdge: EdgeRollup[];
}

export interface GraphDayRollup extends UsageRollup {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  graphId: string;
  /** The graph's name at its latest run of that day. */
  graphName: string;
  runs: number;
  steps: number;
}

type Db = Pick<pg.Pool, "query">;

/** Sums over a set of MODEL_CALL spans (`s`). */
const SUMS = `
  count(*)::int AS model_calls,
  COALESCE(sum(s.input_tokens), 0)::float8 AS input_tokens,
  COALESCE(sum(s.output_tokens), 0)::float8 AS output_tokens,
  COALESCE(sum(s.cached_input_tokens), 0)::float8 AS cached_input_tokens,
  COALESCE(sum(s.cost_usd), 0)::float8 AS priced_cost_usd,
  (count(*) FILTER (WHERE s.input_tokens IS NOT NULL AND s.cost_usd IS NULL))::int AS unpriced_calls`;

interface SumsRow {
  model_calls: number;
  input_tokens: number;
  output_tokens: number;
  cached_input_tokens: number;
  priced_cost_usd: number;
  unpriced_calls: number;
}

function usageOf(row: SumsRow): UsageRollup {
  return {
    modelCalls: row.model_calls,
    inputTokens: row.input_tokens,
    outputTokens: row.output_tokens,
    cachedInputTokens: row.cached_input_tokens,
    costUsd: row.unpriced_calls > 0 ? null : row.priced_cost_usd,
    pricedCostUsd: row.priced_cost_usd,
    unpricedCalls: row.unpriced_calls,
  };
}

/** Tokens and cost of one run: in total, per agent, per model and per handoff edge. */
export async function runRollups(db: Db, runId: string): Promise<RunRollups> {
  const calls = "FROM run_spans s WHERE s.run_id = $1 AND s.kind = 'MODEL_CALL'";
  const [total, byAgent, byModel, byEdge] = await Promise.all([
    db.query<SumsRow>({ name: "ags_rollup_total", text: `SELECT ${SUMS} ${calls}`, values: [runId] }),
    db.query<SumsRow & { agent_id: string }>({
      name: "ags_rollup_agent",
      text: `SELECT s.agent_id, ${SUMS} ${calls} GROUP BY s.agent_id ORDER BY s.agent_id`,
      values: [runId],
    }),
    db.query<SumsRow & { provider: string; model: string }>({
      name: "ags_rollup_model",
      text: `SELECT s.provider, s.model, ${SUMS} ${calls} GROUP BY s.provider, s.model ORDER BY s.provider, s.model`,
      values: [runId],
    }),
    db.query<SumsRow & { edge: string; handoffs: number }>({
      name: "ags_rollup_edge",
      // DISTINCT: a call below two nested handoffs of the same edge counts once for it.
      text: `WITH edges AS (
               SELECT edge, count(*)::int AS handoffs FROM run_spans
               WHERE run_id = $1 AND kind = 'HANDOFF' GROUP BY edge
             ),
             calls AS (
               SELECT DISTINCT ON (s.span_id, e.edge) e.edge, s.input_tokens, s.output_tokens,
                 s.cached_input_tokens, s.cost_usd
               FROM run_spans s CROSS JOIN LATERAL unnest(s.edge_path) AS e(edge)
               WHERE s.run_id = $1 AND s.kind = 'MODEL_CALL'
             )
             SELECT edges.edge, edges.handoffs, ${SUMS.replaceAll("count(*)", "count(s.edge)")}
             FROM edges LEFT JOIN calls s ON s.edge = edges.edge
             GROUP BY edges.edge, edges.handoffs ORDER BY edges.edge`,
      values: [runId],
    }),
  ]);
  return {
    total: usageOf(total.rows[0]),
    byAgent: byAgent.rows.map((row) => ({ agentId: row.agent_id, ...usageOf(row) })),
    byModel: byModel.rows.map((row) => ({ provider: row.provider, model: row.model, ...usageOf(row) })),
    byEdge: byEdge.rows.map((row) => ({ edge: row.edge, handoffs: row.handoffs, ...usageOf(row) })),
  };
}

/**
 * Tokens and cost per graph per UTC day for a workspace, over runs created in
 * [from, to), from the runs rows (RUN_END's figures once a run ended, the sums
 * so far while it runs).
 */
export async function costsByDay(
  db: Db,
  input: { workspaceId: string; from: Date; to: Date; graphId?: string },
): Promise<GraphDayRollup[]> {
  const { rows } = await db.query<
    SumsRow & { day: string; graph_id: string; graph_name: string; runs: number; steps: number }
  >({
    name: "ags_rollup_graph_day",
    text: `SELECT to_char(date_trunc('day', r.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day,
             r.graph_id, (array_agg(r.graph_name ORDER BY r.created_at DESC))[1] AS graph_name,
             count(*)::int AS runs, COALESCE(sum(r.steps), 0)::int AS steps,
             COALESCE(sum(s.model_calls), 0)::int AS model_calls,
             sum(r.input_tokens)::float8 AS input_tokens, sum(r.output_tokens)::float8 AS output_tokens,
             sum(r.cached_input_tokens)::float8 AS cached_input_tokens,
             sum(r.cost_usd)::float8 AS priced_cost_usd, sum(r.unpriced_calls)::int AS unpriced_calls
           FROM runs r
           LEFT JOIN LATERAL (
             SELECT count(*) AS model_calls FROM run_spans s WHERE s.run_id = r.id AND s.kind = 'MODEL_CALL'
           ) s ON true
           WHERE r.workspace_id = $1 AND r.created_at >= $2 AND r.created_at < $3
             AND ($4::uuid IS NULL OR r.graph_id = $4)
           GROUP BY 1, r.graph_id ORDER BY 1, graph_name, r.graph_id`,
    values: [input.workspaceId, input.from, input.to, input.graphId ?? null],
  });
  return rows.map((row) => ({
    day: row.day,
    graphId: row.graph_id,
    graphName: row.graph_name,
    runs: row.runs,
    steps: row.steps,
    ...usageOf(row),
  }));
}
