import type { GraphAnalysis } from "../compiler/analysis";
import { agentLabel } from "../compiler/graph-index";
import type { Diagnostic } from "../diagnostics/diagnostic-schema";
import { diagnostic } from "../diagnostics/diagnostics";
import type { CostEstimate } from "./cost-estimate";

const PATH = "settings.budgets.maxCostUsd";

function usd(value: number): string {
  if (value > 0 && value < 0.01) return `$${value.toPrecision(2)}`;
  return `$${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * (f) The run's cost budget against the worst-case estimate, which is
 * priced from the price table the estimate was given (the workspace's in
 * the editor): the budget cannot see models without a price (the runtime
 * charges their calls $0), and a budget below one call of an agent can
 * stop the run at that call.
 */
export function checkCostBudget(analysis: GraphAnalysis, cost: CostEstimate): Diagnostic[] {
  const budget = analysis.index.document.settings.budgets.maxCostUsd;
  if (budget === undefined || analysis.rootId === null) return [];
  const { index } = analysis;
  const result: Diagnostic[] = [];

  if (cost.unpricedModels.length > 0) {
    const unpricedAgents = cost.agents.filter((row) => row.callCostUsd === null).map((row) => row.agentId);
    const models = cost.unpricedModels.map((model) =>
      model === "environment default" ? "the environment default model" : model,
    );
    result.push(
      diagnostic(
        "cost_budget_unpriced",
        `the cost budget (maxCostUsd ${usd(budget)}) cannot see ${models.join(", ")}: ${
          models.length === 1 ? "it has" : "they have"
        } no price in the price table, so ${
          models.length === 1 ? "its" : "their"
        } calls count as $0 against the budget — add ${models.length === 1 ? "a price" : "prices"} in Settings → Prices, or bound the run with maxTokens or maxSteps too`,
        { nodeIds: unpricedAgents, path: PATH },
      ),
    );
  }

  let dearest: (typeof cost.agents)[number] | null = null;
  for (const row of cost.agents) {
    if (row.callCostUsd !== null && row.callCostUsd > budget && (!dearest || row.callCostUsd > dearest.callCostUsd!))
      dearest = row;
  }
  if (dearest) {
    result.push(
      diagnostic(
        "cost_budget_below_one_call",
        `one model call of agent ${agentLabel(index, dearest.agentId)} with ${dearest.model} can cost ${usd(
          dearest.callCostUsd!,
        )} at the estimate's tokens, more than the whole cost budget (maxCostUsd ${usd(
          budget,
        )}): the run can stop at that call — raise the budget or choose a cheaper model`,
        { nodeIds: [dearest.agentId], path: PATH },
      ),
    );
  }
  return result;
}
