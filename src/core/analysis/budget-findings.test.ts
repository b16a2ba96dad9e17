import { describe, expect, it } from "vitest";

import { agent, graph } from "../compiler/fixtures/test-graphs";
import { graphDocumentSchema, type GraphDocumentInput } from "../graph/schema";
import type { PriceTable } from "../models/pricing";
import { analyzeDocument } from "./analyze-document";

const m = (model: string) => ({ provider: "openai" as const, model });
const budgetFindings = (input: GraphDocumentInput, priceTable?: PriceTable) =>
  analyzeDocument(graphDocumentSchema.parse(input), priceTable ? { priceTable } : {}).findings.filter((d) =>
    d.code.startsWith("cost_budget_"),
  );

/** main (in-house-llm) delegates to helper (gpt-4o); each call: 4,000 in + 1,000 out tokens. */
const doc = (maxCostUsd?: number) =>
  graph({
    settings: { budgets: maxCostUsd === undefined ? {} : { maxCostUsd } },
    agents: [
      agent("main", { name: "Main", modelChain: [m("in-house-llm")], params: { maxTokens: 1_000 } }),
      agent("helper", { name: "Helper", modelChain: [m("gpt-4o")], params: { maxTokens: 1_000 } }),
    ],
  });

/** A workspace's table: in-house-llm priced, gpt-4o at $100 / $200 per 1M tokens. */
const workspace: PriceTable = [
  { provider: "openai", model: "in-house-llm", inputPerMTok: 1, outputPerMTok: 1 },
  { provider: "openai", model: "gpt-4o", inputPerMTok: 100, outputPerMTok: 200 },
];

describe("cost budget findings", () => {
  it("say nothing without a cost budget", () => {
    expect(budgetFindings(doc())).toEqual([]);
    expect(budgetFindings(doc(), workspace)).toEqual([]);
  });

  it("warn that the budget cannot see a model the price table does not price", () => {
    // The core's defaults know gpt-4o but not in-house-llm.
    expect(budgetFindings(doc(50))).toEqual([
      {
        code: "cost_budget_unpriced",
        severity: "warning",
        message:
          "the cost budget (maxCostUsd $50.00) cannot see openai:in-house-llm: it has no price in the price table, so its calls count as $0 against the budget — add a price in Settings → Prices, or bound the run with maxTokens or maxSteps too",
        nodeIds: ["main"],
        edgeIds: [],
        path: "settings.budgets.maxCostUsd",
      },
    ]);
    // The workspace prices it: the finding goes.
    expect(budgetFindings(doc(50), workspace)).toEqual([]);
  });

  it("warn when one call of an agent costs more than the whole budget, priced from the given table", () => {
    // Defaults: a gpt-4o call is 4,000 × $2.50 + 1,000 × $10 per 1M = $0.02, under a $0.05 budget.
    expect(budgetFindings(doc(0.05)).map((d) => d.code)).toEqual(["cost_budget_unpriced"]);
    // The workspace's gpt-4o: 4,000 × $100 + 1,000 × $200 per 1M = $0.60 a call.
    expect(budgetFindings(doc(0.05), workspace)).toEqual([
      {
        code: "cost_budget_below_one_call",
        severity: "warning",
        message:
          'one model call of agent "helper" (Helper) with openai:gpt-4o can cost $0.60 at the estimate\'s tokens, more than the whole cost budget (maxCostUsd $0.05): the run can stop at that call — raise the budget or choose a cheaper model',
        nodeIds: ["helper"],
        edgeIds: [],
        path: "settings.budgets.maxCostUsd",
      },
    ]);
    expect(budgetFindings(doc(1), workspace)).toEqual([]);
  });

  it("names the environment default when an agent has no model at all", () => {
    const noModel = graph({ settings: { budgets: { maxCostUsd: 5 } }, agents: [agent("main")], handoffs: [] });
    expect(budgetFindings(noModel)[0]?.message).toContain("cannot see the environment default model: it has no price");
  });
});
