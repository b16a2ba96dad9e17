import type { GraphAnalysis } from "../compiler/analysis";
import { agentModelChain, edgeModelChain } from "../compiler/model-chain";
import { DEFAULT_PRICE_TABLE } from "../models/default-prices";
import type { ModelChain, ModelRef } from "../models/model-ref";
import { priceFor, type PriceTable } from "../models/pricing";
import { runStates, type RunStates, type RunState } from "./run-states";

/** What the estimate assumes where the graph does not say. */
export interface CostEstimateOptions {
  /** USD per 1M tokens (default: the built-in table of src/core/models/default-prices). */
  priceTable?: PriceTable;
  /** Input (prompt) tokens each model call reads (default 4,000). */
  inputTokensPerCall?: number;
  /** Output tokens of a call when the agent sets no `params.maxTokens` (default 4,096). */
  defaultOutputTokens?: number;
}

export const DEFAULT_INPUT_TOKENS_PER_CALL = 4_000;
export const DEFAULT_OUTPUT_TOKENS = 4_096;

/** The worst case of one agent, summed over every way it can run (before run budgets). */
export interface AgentCostEstimate {
  agentId: string;
  name: string;
  /** Runs of the agent (each handoff attempt is one run). */
  runs: number;
  /** Model calls: runs × maxSteps. */
  modelCalls: number;
  /** The most expensive model it can call (`provider:model`), or null when it has no model (environment default). */
  model: string | null;
  /** USD of one call of that model; null when any model it may use has no price. */
  callCostUsd: number | null;
  /** USD of all its calls; null when a price is unknown. */
  costUsd: number | null;
  /** Depths it can run at (the runtime keeps depth per branch). */
  depths: number[];
}

/** The worst-case cost of one run of the graph, with what it assumes. */
export interface CostEstimate {
  /** Worst case in USD after the run budgets; null when a model has no price (unknown, never 0). */
  costUsd: number | null;
  /** Worst case before the run budgets; null when a price is unknown. */
  unboundedCostUsd: number | null;
  /** The part of the unbounded worst case whose models have prices (a lower bound when costUsd is null). */
  pricedCostUsd: number;
  /** Worst-case model calls of the run, after `budgets.maxSteps`. */
  modelCalls: number;
  /** The budget that bounds the figure, when one does. */
  boundedBy: "maxSteps" | "maxCostUsd" | "maxTokens" | null;
  /** Models without a price (`provider:model`), and `environment default` for agents without any model. */
  unpricedModels: string[];
  /** One row per agent that can run, most expensive first (unknown first). */
  agents: AgentCostEstimate[];
  /** Sentences for the UI: how the figure is computed. */
  assumptions: string[];
}

const ENV_DEFAULT = "environment default";

interface CallPrice {
  /** Label of the most expensive model, null = no model. */
  model: string | null;
  usd: number | null;
  /** USD per token of the dearest side (input or output), for the token budget bound. */
  perTokenUsd: number | null;
  unpriced: string[];
}

/**
 * Worst-case cost of one run (SPEC: depth × maxSteps × fan-out × the price
 * of each agent's most expensive model). Every run uses all its maxSteps;
 * every step calls each handoff tool the runtime offers and admits once;
 * every handoff is attempted `maxRetries + 1` times (enabled policy); every
 * call is priced at the dearest model of the chain it runs with (the edge's
 * override, else the agent's effective chain). Then the run budgets bound it.
 * Reuses the compiler's analysis (and optionally precomputed run states), so
 * it is linear in the number of run states (≤ 11 × edges).
 */
export function estimateWorstCaseCost(
  analysis: GraphAnalysis,
  options: CostEstimateOptions = {},
  states: RunStates = runStates(analysis),
): CostEstimate {
  const table = options.priceTable ?? DEFAULT_PRICE_TABLE;
  const inputTokens = options.inputTokensPerCall ?? DEFAULT_INPUT_TOKENS_PER_CALL;
  const defaultOutput = options.defaultOutputTokens ?? DEFAULT_OUTPUT_TOKENS;
  const { settings } = analysis.index.document;
  const prices = new Map<ModelChain, Map<number, CallPrice>>();
  const priceOf = (chain: ModelChain, outputTokens: number): CallPrice => {
    let byOutput = prices.get(chain);
    if (!byOutput) prices.set(chain, (byOutput = new Map()));
    let price = byOutput.get(outputTokens);
    if (!price) byOutput.set(outputTokens, (price = callPrice(table, chain, inputTokens, outputTokens)));
    return price;
  };

  const runs = new Map<RunState, number>();
  const perAgent = new Map<string, AgentCostEstimate>();
  const unpriced = new Set<string>();
  let totalCalls = 0;
  let priced = 0;
  let anyUnknown = false;
  let dearestCall: number | null = 0;
  let dearestToken: number | null = 0;
  let hasBackground = false;

  if (states.levels.length > 0) runs.set(states.levels[0][0], 1);
  for (const level of states.levels) {
    for (const state of level) {
      const count = runs.get(state) ?? 0;
      const agent = state.agent;
      const chain = state.via
        ? edgeModelChain(state.via.edge, agent, settings)
        : agentModelChain(agent, true, settings);
      const price = priceOf(chain, agent.params.maxTokens ?? defaultOutput);
      const calls = count * agent.maxSteps;
      totalCalls += calls;
      if (state.via && state.via.edge.execution.mode === "background") hasBackground = true;
      if (state.via?.edge.execution.modelChoosesMode) hasBackground = true;

      let row = perAgent.get(agent.id);
      if (!row) {
        row = {
          agentId: agent.id,
          name: agent.name,
          runs: 0,
          modelCalls: 0,
          model: null,
          callCostUsd: 0,
          costUsd: 0,
          depths: [],
        };
        perAgent.set(agent.id, row);
      }
      row.runs += count;
      row.modelCalls += calls;
      if (!row.depths.includes(state.depth)) row.depths.push(state.depth);
      for (const label of price.unpriced) unpriced.add(label);
      if (price.usd === null) {
        anyUnknown = true;
        row.costUsd = null;
        row.callCostUsd = null;
        row.model ??= price.model;
        dearestCall = null;
        dearestToken = null;
      } else {
        priced += calls * price.usd;
        if (row.costUsd !== null) row.costUsd += calls * price.usd;
        if (row.callCostUsd !== null && price.usd >= row.callCostUsd) {
          row.callCostUsd = price.usd;
          row.model = price.model;
        }
        if (dearestCall !== null) dearestCall = Math.max(dearestCall, price.usd);
        if (dearestToken !== null) dearestToken = Math.max(dearestToken, price.perTokenUsd ?? 0);
      }

      // Every step may call each admitted handoff once; each call makes `attempts` child runs.
      const policy = agent.handoffPolicy;
      const attempts = policy.enabled ? Math.max(1, policy.maxRetries + 1) : 1;
      for (const child of state.handoffs) {
        runs.set(child, (runs.get(child) ?? 0) + calls * attempts);
      }
    }
  }

  const unbounded = anyUnknown ? null : priced;
  const { budgets } = settings;
  let bounded = unbounded;
  let boundedBy: CostEstimate["boundedBy"] = null;
  const cap = (value: number | null, by: NonNullable<CostEstimate["boundedBy"]>) => {
    if (value === null || bounded === null || value >= bounded) return;
    bounded = value;
    boundedBy = by;
  };
  if (budgets.maxSteps !== undefined && dearestCall !== null) cap(budgets.maxSteps * dearestCall, "maxSteps");
  if (budgets.maxCostUsd !== undefined) cap(budgets.maxCostUsd, "maxCostUsd");
  if (budgets.maxTokens !== undefined && dearestToken !== null) cap(budgets.maxTokens * dearestToken, "maxTokens");

  const agents = [...perAgent.values()].sort(
    (a, b) =>
      (b.costUsd ?? Number.POSITIVE_INFINITY) - (a.costUsd ?? Number.POSITIVE_INFINITY) || b.modelCalls - a.modelCalls,
  );
  for (const row of agents) row.depths.sort((a, b) => a - b);
  const modelCalls = budgets.maxSteps !== undefined ? Math.min(totalCalls, budgets.maxSteps) : totalCalls;

  return {
    costUsd: bounded,
    unboundedCostUsd: unbounded,
    pricedCostUsd: priced,
    modelCalls,
    boundedBy,
    unpricedModels: [...unpriced].sort(),
    agents,
    assumptions: assumptionsFor({
      inputTokens,
      defaultOutput,
      hasBackground,
      unpriced: [...unpriced].sort(),
      budgets,
      priceTableIsDefault: options.priceTable === undefined,
      hasRoot: states.levels.length > 0,
    }),
  };
}

function label(ref: ModelRef): string {
  return `${ref.provider}:${ref.model}`;
}

/** The dearest call of a chain: null when any model is unpriced (the dearest could be that one). */
function callPrice(table: PriceTable, chain: ModelChain, inputTokens: number, outputTokens: number): CallPrice {
  if (chain.length === 0) return { model: null, usd: null, perTokenUsd: null, unpriced: [ENV_DEFAULT] };
  let best: CallPrice = { model: null, usd: -1, perTokenUsd: 0, unpriced: [] };
  const unpriced: string[] = [];
  for (const ref of chain) {
    const price = priceFor(table, ref.provider, ref.model);
    if (!price) {
      unpriced.push(label(ref));
      continue;
    }
    const usd = (inputTokens * price.inputPerMTok + outputTokens * price.outputPerMTok) / 1_000_000;
    const perToken = Math.max(price.inputPerMTok, price.outputPerMTok) / 1_000_000;
    if (usd > best.usd!)
      best = { model: label(ref), usd, perTokenUsd: Math.max(best.perTokenUsd!, perToken), unpriced };
    else best.perTokenUsd = Math.max(best.perTokenUsd!, perToken);
  }
  if (unpriced.length > 0) return { model: unpriced[0], usd: null, perTokenUsd: null, unpriced };
  return { ...best, unpriced };
}

function usd(value: number): string {
  return `$${value.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
}

function assumptionsFor(input: {
  inputTokens: number;
  defaultOutput: number;
  hasBackground: boolean;
  unpriced: string[];
  budgets: GraphAnalysis["index"]["document"]["settings"]["budgets"];
  priceTableIsDefault: boolean;
  hasRoot: boolean;
}): string[] {
  if (!input.hasRoot) return ["The graph has no main agent, so nothing runs."];
  const n = (value: number) => value.toLocaleString("en-US");
  const result = [
    `Each model call reads ${n(input.inputTokens)} input tokens and writes the agent's maxTokens output tokens (${n(input.defaultOutput)} when maxTokens is not set).`,
    "Every agent run uses all of its maxSteps model calls, and every step calls each handoff tool the runtime offers and admits once (a model that calls one tool several times in a step can cost more; the maxChildrenPerAgent limit on children active at once is not applied, which can only lower the figure).",
    "A handoff is attempted maxRetries + 1 times when its parent's policy is enabled; each attempt is a full run of the child.",
    "Each call is priced at the most expensive model of the chain the agent runs with (the edge override, else its own or the inherited chain); failed attempts and fallbacks are not billed on top.",
    "Handoffs that a policy or a depth limit refuses add nothing; agents at maxSpawnDepth get no handoff tools.",
    `Prices come from the ${input.priceTableIsDefault ? "built-in default" : "workspace"} price table (USD per 1M tokens).`,
  ];
  if (input.hasBackground) {
    result.push(
      "Background handoffs (and those whose model may choose background) wake their parent for another activation of up to maxSteps calls; those wake-ups are not counted, so without a budget the real worst case is higher.",
    );
  }
  if (input.unpriced.length > 0) {
    result.push(
      `No price is known for ${input.unpriced.join(", ")}: the total is unknown (never counted as free); the priced part is a lower bound.`,
    );
  }
  const { maxSteps, maxCostUsd, maxTokens } = input.budgets;
  if (maxSteps !== undefined) result.push(`The run budget maxSteps stops the run after ${n(maxSteps)} model calls.`);
  if (maxCostUsd !== undefined) {
    result.push(
      `The run budget maxCostUsd stops the run at ${usd(maxCostUsd)} of priced calls; calls already running may overshoot it by one call per branch.`,
    );
  }
  if (maxTokens !== undefined) {
    result.push(`The run budget maxTokens stops the run after ${n(maxTokens)} tokens (input and output).`);
  }
  if (maxSteps === undefined && maxCostUsd === undefined && maxTokens === undefined) {
    result.push("No run budget is set, so nothing bounds the figure but the graph itself.");
  }
  return result;
}
