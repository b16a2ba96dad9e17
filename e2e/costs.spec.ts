import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";

import { formatUsd } from "../src/features/runs/shared/format";
import { watchProblems, expectNoSeriousAxeViolations } from "./support/page-checks";
import { trpcQuery, trpcMutation } from "./support/trpc";

/**
 * Costs people can trust: after real runs of the seeded examples (on the
 * scripted model, through the in-process worker), the run's breakdown
 * (`/costs?run=<id>`) and the costs page show exactly the sum of the
 * model-call costs in the run's stored events, computed here independently
 * from `runs.exportTrace`. A model with no price reads "unknown", never $0.
 *
 * The test runs copies of the examples (graphs of its own), so the costs
 * page filtered to one of them holds only this test's runs even while other
 * specs run the examples in parallel.
 */

interface StoredEvent {
  type: string;
  agentId?: string;
  usage?: { inputTokens: number; outputTokens: number } | null;
  costUsd?: number | null;
}

interface Expected {
  pricedCostUsd: number;
  unpricedCalls: number;
  modelCalls: number;
  byAgent: Map<string, { pricedCostUsd: number; unpricedCalls: number }>;
}

const FINISHED = new Set(["completed", "failed", "cancelled", "budget_exceeded", "max_steps", "timeout"]);

async function setTheme(page: Page, theme: "Light" | "Dark") {
  await page
    .getByRole("banner")
    .getByRole("radiogroup", { name: "Theme" })
    .getByRole("radio", { name: `${theme} theme` })
    .click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme.toLowerCase());
}

/** Screenshots in both themes, each checked with axe. */
async function lookInBothThemes(page: Page, testInfo: TestInfo, name: string) {
  for (const theme of ["Light", "Dark"] as const) {
    await setTheme(page, theme);
    await expectNoSeriousAxeViolations(page);
    // From the top: a full-page shot of a scrolled page would draw the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`${name}-${theme.toLowerCase()}.png`), fullPage: true });
  }
}

/** The figures the UI must show, summed here from the stored MODEL_CALL_END events. */
function expectedFrom(events: readonly StoredEvent[]): Expected {
  const expected: Expected = { pricedCostUsd: 0, unpricedCalls: 0, modelCalls: 0, byAgent: new Map() };
  for (const event of events) {
    if (event.type !== "MODEL_CALL_END") continue;
    const unpriced = event.usage != null && event.costUsd == null ? 1 : 0;
    const cost = event.costUsd ?? 0;
    expected.modelCalls += 1;
    expected.pricedCostUsd += cost;
    expected.unpricedCalls += unpriced;
    const agent = expected.byAgent.get(event.agentId!) ?? { pricedCostUsd: 0, unpricedCalls: 0 };
    expected.byAgent.set(event.agentId!, {
      pricedCostUsd: agent.pricedCostUsd + cost,
      unpricedCalls: agent.unpricedCalls + unpriced,
    });
  }
  return expected;
}

/** What the UI writes for a sum: the amount, or "unknown" as soon as one call had no price. */
function costText(sum: { pricedCostUsd: number; unpricedCalls: number }): string {
  return sum.unpricedCalls > 0 ? "unknown" : formatUsd(sum.pricedCostUsd);
}

async function startRun(request: APIRequestContext, graphId: string, input: string): Promise<string> {
  const { runId } = await trpcMutation<{ runId: string }>(request, "runs.start", { graphId, input });
  return runId;
}

async function waitFinished(request: APIRequestContext, runId: string): Promise<string> {
  let status = "";
  await expect
    .poll(
      async () => {
        status = (await trpcQuery<{ status: string }>(request, "runs.get", { runId })).status;
        return FINISHED.has(status);
      },
      { timeout: 120_000, intervals: [500] },
    )
    .toBe(true);
  return status;
}

async function storedExpectation(request: APIRequestContext, runId: string): Promise<Expected> {
  const trace = await trpcQuery<{ events: StoredEvent[] }>(request, "runs.exportTrace", { runId });
  return expectedFrom(trace.events);
}

/** A copy of a seeded example (this test's own graph). */
async function copyOfExample(request: APIRequestContext, name: string): Promise<{ id: string }> {
  const list = await trpcQuery<{ id: string; name: string }[]>(request, "graphs.list");
  const example = list.find((graph) => graph.name === name);
  expect(example, `seeded example "${name}"`).toBeDefined();
  const { id } = await trpcMutation<{ id: string }>(request, "graphs.duplicate", { graphId: example!.id });
  return { id };
}

/** A one-agent graph on a scripted model named after no model the price table knows. */
async function unpricedGraph(request: APIRequestContext): Promise<string> {
  const name = `E2E house model ${Date.now().toString(36)}`;
  const { id } = await trpcMutation<{ id: string }>(request, "graphs.create", { name });
  const graph = await trpcQuery<{ revision: number; draft: { agents: { modelChain: Record<string, unknown>[] }[] } }>(
    request,
    "graphs.get",
    { graphId: id },
  );
  const draft = structuredClone(graph.draft);
  const agent = draft.agents[0]!;
  const entry = agent.modelChain[0] ?? { provider: "scripted" };
  agent.modelChain = [{ ...entry, provider: "scripted", model: "house-model-without-price" }];
  await trpcMutation(request, "graphs.updateDraft", { graphId: id, revision: graph.revision, draft });
  return id;
}

const EXAMPLES = [
  { name: "Research team", input: "Is remote work here to stay?" },
  { name: "Support triage", input: "I was charged twice for my invoice" },
  { name: "Reviewer with a reused session", input: "A short note on agents" },
];

test("the costs shown equal the sum of the model-call costs in the stored events", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const problems = watchProblems(page);
  await page.emulateMedia({ colorScheme: "light" });

  const list = await trpcQuery<{ id: string; name: string }[]>(request, "graphs.list");
  const examples = EXAMPLES.filter((example) => list.some((graph) => graph.name === example.name));
  expect(examples.length, `seeded examples among ${list.map((g) => g.name).join(", ")}`).toBeGreaterThan(0);

  // Each example's copy runs twice (so the page's figure is a sum over runs), the unpriced graph once.
  const graphs = await Promise.all(
    examples.map(async (example) => ({ ...example, ...(await copyOfExample(request, example.name)) })),
  );
  const runs: { graphId: string; runId: string }[] = [];
  for (const graph of graphs) {
    for (let turn = 0; turn < 2; turn += 1)
      runs.push({ graphId: graph.id, runId: await startRun(request, graph.id, graph.input) });
  }
  const unpricedGraphId = await unpricedGraph(request);
  const unpricedRunId = await startRun(request, unpricedGraphId, "What does this cost?");
  for (const run of [...runs, { graphId: unpricedGraphId, runId: unpricedRunId }])
    await waitFinished(request, run.runId);

  // One run's breakdown: total and every agent, as the events say.
  const first = runs[0]!;
  const expected = await storedExpectation(request, first.runId);
  expect(expected.modelCalls).toBeGreaterThan(0);
  await page.goto(`/costs?run=${first.runId}`);
  const breakdown = page.getByTestId("run-cost-breakdown");
  await expect(breakdown.getByTestId("run-total-cost")).toHaveText(costText(expected));
  const byAgent = breakdown.getByRole("table", { name: "Cost by agent" });
  for (const [agentId, sum] of expected.byAgent) {
    const row = byAgent.getByRole("row").filter({ has: page.getByRole("rowheader", { name: agentId, exact: true }) });
    await expect(row.getByRole("cell").nth(2)).toContainText(costText(sum));
  }
  // The costliest agent is named, with why.
  const top = [...expected.byAgent].sort((a, b) => b[1].pricedCostUsd - a[1].pricedCostUsd)[0]!;
  await expect(breakdown.getByTestId("costliest-agent")).toContainText(`${top[0]} cost the most`);
  await expect(breakdown.getByTestId("costliest-agent")).toContainText(/model call/);
  // The canvas lights every agent that ran, with its cost.
  const canvas = page.getByTestId("run-graph-canvas");
  for (const [agentId, sum] of expected.byAgent) {
    await expect(canvas.getByTestId(`run-agent-${agentId}`)).toContainText(costText(sum));
  }
  // Each agent is a button: Enter on the costliest marks its row in the breakdown (and again clears it).
  const topButton = canvas.getByTestId(`run-agent-${top[0]}`).getByRole("button");
  await topButton.press("Enter");
  await expect(topButton).toHaveAttribute("aria-pressed", "true");
  const topRow = byAgent.getByRole("row").filter({ has: page.getByRole("rowheader", { name: top[0], exact: true }) });
  await expect(topRow).toHaveAttribute("aria-current", "true");
  await lookInBothThemes(page, testInfo, "run-cost");
  await topButton.press("Enter");
  await expect(topRow).not.toHaveAttribute("aria-current", "true");

  // Support triage's breakdown: its retries and fallback hops are priced each, and named.
  const triage = graphs.find((graph) => graph.name === "Support triage");
  if (triage) {
    const triageRun = runs.find((run) => run.graphId === triage.id)!;
    const triageExpected = await storedExpectation(request, triageRun.runId);
    await page.goto(`/costs?run=${triageRun.runId}`);
    await expect(page.getByTestId("run-total-cost")).toHaveText(costText(triageExpected));
    await page.screenshot({ path: testInfo.outputPath("run-cost-triage.png"), fullPage: true });
  }

  // The unpriced run: "unknown", never $0, flagged.
  const unpricedExpected = await storedExpectation(request, unpricedRunId);
  expect(unpricedExpected.unpricedCalls).toBeGreaterThan(0);
  await page.goto(`/costs?run=${unpricedRunId}`);
  await expect(page.getByTestId("run-total-cost")).toHaveText("unknown");
  await expect(page.getByRole("note")).toContainText("no known price");
  await expect(page.getByTestId("run-cost-breakdown")).not.toContainText("$0");

  // The costs page, filtered to each copy: the sum over its two runs.
  await page.goto("/costs");
  await expect(page.getByRole("heading", { level: 1, name: "Costs" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Costs" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.getByRole("button", { name: "Last 7 days" }).click();
  const graphFilter = page.getByRole("combobox", { name: "Graph" });
  for (const graph of graphs) {
    const sums = await Promise.all(
      runs.filter((run) => run.graphId === graph.id).map((run) => storedExpectation(request, run.runId)),
    );
    const total = {
      pricedCostUsd: sums.reduce((sum, one) => sum + one.pricedCostUsd, 0),
      unpricedCalls: sums.reduce((sum, one) => sum + one.unpricedCalls, 0),
    };
    await graphFilter.selectOption(graph.id);
    await expect(page.getByTestId("costs-total")).toHaveText(costText(total));
    await expect(page.getByRole("table", { name: "Cost per graph per day" }).getByRole("row")).toHaveCount(2);
  }
  await graphFilter.selectOption(unpricedGraphId);
  await expect(page.getByTestId("costs-total")).toHaveText("unknown");
  await expect(page.getByRole("table", { name: "Cost per graph", exact: true })).toContainText("unknown");

  await graphFilter.selectOption("");
  await expect(page.getByRole("table", { name: "Costliest runs" })).toBeVisible();
  await lookInBothThemes(page, testInfo, "costs-page");

  expect(problems).toEqual([]);
});
