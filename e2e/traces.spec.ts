import { readFileSync } from "node:fs";
import path from "node:path";

import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./support/page-checks";
import { trpcQuery, trpcMutation, graphIdByName } from "./support/trpc";

/**
 * The traces pages on `npm start`'s stack: runs of the seeded examples (and
 * of a research team whose lead's policy denies the critic) are started over
 * tRPC HTTP and run by the in-process worker on the scripted model; the test
 * reads each run's stored events itself and checks that the span tree, the
 * waterfall and the swimlanes show the same agents and counts, that the
 * failed handoff says in words why, that the list's filters and search work,
 * and that Export JSON downloads the stored trace.
 */

interface StoredEvent {
  type: string;
  seq: number;
  source: string | null;
  spanId: string;
  agentId?: string;
  input?: string;
  status?: string;
  error?: string | null;
}

interface Exported {
  format: string;
  fileName: string;
  run: { id: string; status: string; graphName: string };
  events: StoredEvent[];
}

/** Starts a run and waits (bounded) until the worker finished it; returns its stored export. */
async function runToEnd(request: APIRequestContext, graphId: string, input: string): Promise<Exported> {
  const { runId } = await trpcMutation<{ runId: string }>(request, "runs.start", { graphId, input });
  await expect
    .poll(async () => (await trpcQuery<{ status: string }>(request, "runs.get", { runId })).status, { timeout: 30_000 })
    .toBe("completed");
  return trpcQuery<Exported>(request, "runs.exportTrace", { runId });
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

async function setTheme(page: Page, theme: "Light" | "Dark") {
  await page
    .getByRole("banner")
    .getByRole("radio", { name: `${theme} theme` })
    .click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme.toLowerCase());
}

/** What the stored events say, counted independently of the app's code. */
function expected(events: StoredEvent[]) {
  const starts = (type: string) => events.filter((e) => e.type === type);
  const agentPaths = new Set(starts("AGENT_START").map((e) => e.source ?? e.agentId!));
  return {
    spans: events.filter((e) => e.type.endsWith("_START") || e.type === "TASK_ACCEPTED").length,
    agents: starts("AGENT_START").length,
    agentPaths,
    modelCalls: starts("MODEL_CALL_START").length,
    handoffs: starts("HANDOFF_START").length,
    announces: starts("ANNOUNCE").length,
    childInputs: starts("AGENT_START")
      .filter((e) => e.source !== null)
      .map((e) => e.input!),
  };
}

test.describe.configure({ mode: "serial" });

let research: Exported;
let denied: Exported;
let triage: Exported;
const marker = `trace-e2e-${Date.now()}`;

test.beforeAll(async ({ request }) => {
  const researchId = await graphIdByName(request, "Research team");
  const triageId = await graphIdByName(request, "Support triage");

  // A research team whose lead may not delegate to the critic: a handoff the policy denies.
  const document = JSON.parse(readFileSync(path.join(process.cwd(), "examples/research-team.json"), "utf8")) as {
    name: string;
    agents: Array<{ id: string; handoffPolicy?: Record<string, unknown> }>;
  };
  document.name = "Research team (critic denied)";
  const lead = document.agents.find((a) => a.id === "lead")!;
  lead.handoffPolicy = { ...lead.handoffPolicy, deniedTools: ["subagent_critic"] };
  const { id: deniedId } = await trpcMutation<{ id: string }>(request, "graphs.importJson", {
    text: JSON.stringify(document),
  });

  [research, denied, triage] = await Promise.all([
    runToEnd(request, researchId, `Solar adoption ${marker}`),
    runToEnd(request, deniedId, `Wind power ${marker}`),
    runToEnd(request, triageId, `I was charged twice ${marker}`),
  ]);
});

test("a finished run's trace shows the same agents and counts in the tree, waterfall and swimlanes", async ({
  page,
}) => {
  test.setTimeout(60_000); // a run, three views and an axe pass over a large trace, on a shared machine
  const errors = collectErrors(page);
  const want = expected(research.events);
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(`/traces/${research.run.id}`);

  const tree = page.getByRole("tree", { name: "Span tree" });
  await expect(tree.getByRole("treeitem")).toHaveCount(want.spans);
  await expect(tree.locator('li[data-kind="AGENT"]')).toHaveCount(want.agents);
  await expect(tree.locator('li[data-kind="MODEL_CALL"]')).toHaveCount(want.modelCalls);
  await expect(tree.locator('li[data-kind="HANDOFF"]')).toHaveCount(want.handoffs);
  for (const name of ["Lead researcher", "Web researcher", "Data analyst", "Critic"]) {
    await expect(tree.getByRole("treeitem", { name: new RegExp(`^Agent\\W+${name}`, "i") })).toHaveCount(1);
  }

  const waterfall = page.getByRole("list", { name: "Timeline waterfall" });
  await expect(waterfall.getByRole("button")).toHaveCount(want.spans);

  const lanes = page.getByRole("list", { name: "Agents" });
  await expect(lanes.getByRole("listitem")).toHaveCount(want.agentPaths.size);
  for (const lanePath of want.agentPaths) await expect(lanes.locator(`[data-lane="${lanePath}"]`)).toHaveCount(1);
  const arrows = page.getByRole("list", { name: "Handoffs and announces" });
  await expect(arrows.locator('[data-arrow="handoff"]')).toHaveCount(want.handoffs);
  for (const task of want.childInputs) await expect(arrows.getByText(task, { exact: false }).first()).toBeVisible();
  await expect(page.locator('svg path[data-arrow="handoff"]')).toHaveCount(want.handoffs);

  // The three children ran in parallel: their agent bars overlap in time in the waterfall.
  const childBars = await waterfall.locator('button[data-kind="AGENT"]').evaluateAll((buttons) =>
    buttons.slice(1).map((b) => {
      const bar = b.querySelector("[data-bar]") as HTMLElement;
      const box = bar.getBoundingClientRect();
      return { left: box.left, right: box.right };
    }),
  );
  expect(childBars).toHaveLength(3);
  const latestStart = Math.max(...childBars.map((b) => b.left));
  const earliestEnd = Math.min(...childBars.map((b) => b.right));
  expect(latestStart).toBeLessThan(earliestEnd);

  // Synchronised: choosing a lane bar selects the same span in the tree and shows its details.
  await page.getByRole("button", { name: /^Critic session/ }).click();
  await expect(tree.getByRole("treeitem", { name: /^Agent\W+Critic/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("span-details")).toContainText("Task received (after the input filter)");

  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("trace-research-light.png"), fullPage: true });
  await setTheme(page, "Dark");
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("trace-research-dark.png"), fullPage: true });
  expect(errors).toEqual([]);
});

test("a denied handoff stands out and says why in words", async ({ page }) => {
  const errors = collectErrors(page);
  const reason = denied.events.find((e) => e.type === "HANDOFF_END" && e.status === "denied")?.error;
  expect(reason).toBe("tool is in deniedTools");
  await page.goto(`/traces/${denied.run.id}`);

  const problems = page.getByRole("region", { name: "What went wrong" });
  await expect(problems).toContainText("Lead researcher's handoff policy refused to delegate to Critic");
  await expect(problems).toContainText(reason!);
  // Selected at once: its details name the policy's reason.
  const details = page.getByTestId("span-details");
  await expect(details).toContainText("Policy reason");
  await expect(details).toContainText(reason!);
  await expect(page.getByRole("tree").locator('li[data-kind="HANDOFF"][data-status="denied"]')).toHaveAttribute(
    "aria-selected",
    "true",
  );
  // In the swimlanes: a red arrow to a lane that never ran, flagged "denied".
  await expect(page.locator('[data-lane="lead/critic"]')).toContainText("never ran");
  await expect(page.locator('svg path[data-arrow="handoff"][data-status="denied"]')).toHaveCount(1);
  await expect(page.getByRole("button", { name: /handoff policy refused/ }).first()).toBeVisible();

  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("trace-denied-light.png"), fullPage: true });
  await setTheme(page, "Dark");
  await page.screenshot({ path: test.info().outputPath("trace-denied-dark.png"), fullPage: true });
  expect(errors).toEqual([]);
});

test("retries, fallback hops and a background task's announce read in words", async ({ page }) => {
  const errors = collectErrors(page);
  const want = expected(triage.events);
  await page.goto(`/traces/${triage.run.id}`);
  const arrows = page.getByRole("list", { name: "Handoffs and announces" });
  await expect(arrows.locator('[data-arrow="announce"]')).toHaveCount(1);
  await expect(arrows.locator('[data-arrow="handoff"]')).toHaveCount(want.handoffs);
  await expect(page.locator('svg path[data-arrow="announce"]')).toHaveCount(1);

  await page
    .getByRole("tree")
    .getByRole("treeitem", { name: /^Agent\W/ })
    .first()
    .click();
  const details = page.getByTestId("span-details");
  await expect(details).toContainText("It was retried on the same model.");
  await expect(details).toContainText("The agent fell back to the next model in its chain.");
  await expect(details).toContainText("primary model unavailable (simulated outage)");
  await page.screenshot({ path: test.info().outputPath("trace-triage-light.png"), fullPage: true });
  expect(errors).toEqual([]);
});

test("the runs list filters, searches, opens a trace and exports it as JSON", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto("/traces");
  const table = page.getByRole("table", { name: "Runs" });
  await expect(table.locator("[data-run-id]").first()).toBeVisible();

  await page.getByRole("searchbox", { name: "Search runs" }).fill(marker);
  await expect(table.locator("[data-run-id]")).toHaveCount(3);
  await expect(table.locator(`[data-run-id="${denied.run.id}"]`)).toContainText("1 failed");

  await page.getByRole("combobox", { name: "Graph" }).selectOption({ label: "Support triage" });
  await expect(table.locator("[data-run-id]")).toHaveCount(1);
  await expect(table.locator(`[data-run-id="${triage.run.id}"]`)).toBeVisible();
  await page.getByRole("combobox", { name: "Status" }).selectOption("failed");
  await expect(page.getByText("No run matches these filters.")).toBeVisible();
  await page.getByRole("combobox", { name: "Status" }).selectOption("completed");
  await expect(table.locator("[data-run-id]")).toHaveCount(1);

  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("runs-list-light.png"), fullPage: true });

  await table.locator(`[data-run-id="${triage.run.id}"]`).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/traces/${triage.run.id}$`));
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export JSON" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`run-${triage.run.id}.json`);
  const exported = JSON.parse(readFileSync((await file.path())!, "utf8")) as Exported;
  expect(exported.format).toBe("agent-graph-studio/trace");
  expect(exported.events).toHaveLength(triage.events.length);
  expect(errors).toEqual([]);
});

/** A lead that thinks for a moment, then hands work to a child that thinks for a few seconds more. */
function slowTeam(name: string) {
  return {
    schemaVersion: 1,
    name,
    rootAgentId: "lead",
    agents: [
      {
        id: "lead",
        name: "Lead",
        description: "Hands the slow work over.",
        instructions: "Delegate the slow work.",
        modelChain: [
          {
            provider: "scripted",
            model: "gpt-4o",
            script: {
              latencyMs: 1_500,
              turns: [
                { kind: "tool_calls", calls: [{ tool: "slow_work", args: { task: "Think it over" } }] },
                { kind: "text", text: "The slow thinker said: {{lastToolResult}}" },
              ],
            },
          },
        ],
        position: { x: 0, y: 0 },
      },
      {
        id: "slow",
        name: "Slow thinker",
        description: "Thinks for a few seconds; use it for slow work.",
        instructions: "Take your time.",
        modelChain: [
          {
            provider: "scripted",
            model: "gpt-4o-mini",
            script: { latencyMs: 4_000, turns: [{ kind: "text", text: "Done thinking." }] },
          },
        ],
        position: { x: 0, y: 200 },
      },
    ],
    handoffs: [{ id: "lead-slow", from: "lead", to: "slow", toolName: "slow_work" }],
  };
}

test("a running run's trace grows live and settles when the run ends, without a reload", async ({ page, request }) => {
  const errors = collectErrors(page);
  const { id: graphId } = await trpcMutation<{ id: string }>(request, "graphs.importJson", {
    text: JSON.stringify(slowTeam(`E2E live trace ${Date.now().toString(36)}`)),
  });
  const { runId } = await trpcMutation<{ runId: string }>(request, "runs.start", { graphId, input: "Go slowly" });
  await page.goto(`/traces/${runId}`);
  // A mark on this document: still there at the end means the page was never reloaded.
  await page.evaluate(() => Object.assign(window, { __traceLiveMark: true }));

  const status = page.getByTestId("run-status");
  const tree = page.getByRole("tree", { name: "Span tree" });
  // Opened while it runs: the stream shows it as live.
  await expect(status).toHaveAttribute("data-status", /^(queued|running)$/);
  // The child's span appears while the run is still going (it thinks for seconds)…
  const child = tree.getByRole("treeitem", { name: /^Agent\W+Slow thinker/ });
  await expect(child).toHaveCount(1);
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
  await expect(status).toHaveAttribute("data-status", "running");
  await expect(page.getByRole("list", { name: "Agents" }).locator('[data-lane="lead/slow"]')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath("trace-live-mid-run.png"), fullPage: true });

  // …and the page settles into the stored run at its end.
  await expect(status).toHaveAttribute("data-status", "completed", { timeout: 20_000 });
  await expect(page.getByText("Live", { exact: true })).toHaveCount(0);
  const stored = await trpcQuery<Exported>(request, "runs.exportTrace", { runId });
  await expect(tree.getByRole("treeitem")).toHaveCount(expected(stored.events).spans);
  expect(await page.evaluate(() => "__traceLiveMark" in window)).toBe(true);
  expect(errors).toEqual([]);
});
