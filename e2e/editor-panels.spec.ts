import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/**
 * The side panels of the editor: each panel edits the document, the canvas
 * shows the change, invalid input stays at its field and is never saved, the
 * compiler's verdict shows in the panel, and the panels pass axe in light
 * and dark.
 */

/** Creates a graph from the research-team template through tRPC and opens it. */
async function openResearchTeam(page: Page): Promise<string> {
  const response = await page.request.post("/api/trpc/graphs.create", { data: { templateId: "research-team" } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { result: { data: { id: string } } };
  const id = body.result.data.id;
  await page.goto(`/graphs/${id}`);
  await expect(page.getByTestId("agent-node-lead")).toBeVisible();
  return id;
}

function inspector(page: Page) {
  return page.getByRole("complementary", { name: "Inspector" });
}

async function selectAgent(page: Page, id: string) {
  await page.getByTestId(`agent-node-${id}`).click();
  await expect(inspector(page).getByText(`Id ${id}`)).toBeVisible();
}

async function selectEdge(page: Page, id: string) {
  // Edge labels of sibling edges can overlap on the canvas: dispatch the click to the one we mean.
  await page.getByTestId(`handoff-label-${id}`).dispatchEvent("click");
  await expect(inspector(page).getByText(`Edge ${id}`)).toBeVisible();
}

interface SavedDraft {
  settings: { maxSpawnDepth: number; budgets: Record<string, number> };
  agents: { id: string; name: string; maxSteps: number }[];
}

/** The draft as stored on the server (graphs.get). */
async function savedDraft(page: Page, graphId: string): Promise<SavedDraft> {
  const input = encodeURIComponent(JSON.stringify({ graphId }));
  const response = await page.request.get(`/api/trpc/graphs.get?input=${input}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { result: { data: { draft: SavedDraft } } }).result.data.draft;
}

async function waitForSaved(page: Page) {
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
}

/** No console errors during a test (an e2e rule of the project). */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

async function expectNoSeriousAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).include('[aria-label="Inspector"]').analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    label,
  ).toEqual([]);
}

test("the agent panel renames the node and rejects an invalid step count, which is never saved", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const graphId = await openResearchTeam(page);
  await selectAgent(page, "web-researcher");
  const panel = inspector(page);

  await panel.getByLabel("Name", { exact: true }).fill("Web scout");
  await panel.getByLabel("Name", { exact: true }).press("Tab");
  await expect(page.getByTestId("agent-node-web-researcher")).toContainText("Web scout");
  // Undo from the toolbar: the form follows the document.
  await page.getByRole("button", { name: /^Undo/ }).click();
  await expect(panel.getByLabel("Name", { exact: true })).toHaveValue("Web researcher");
  await page.getByRole("button", { name: /^Redo/ }).click();
  await expect(panel.getByLabel("Name", { exact: true })).toHaveValue("Web scout");

  const steps = panel.getByLabel("Max steps");
  const before = await steps.inputValue();
  await steps.fill("0");
  await steps.press("Tab");
  await expect(steps).toHaveAttribute("aria-invalid", "true");
  await expect(panel.getByText("At least 1.")).toBeVisible();
  await waitForSaved(page);
  await expect
    .poll(async () => (await savedDraft(page, graphId)).agents.find((a) => a.id === "web-researcher")?.name)
    .toBe("Web scout");

  await page.reload();
  await selectAgent(page, "web-researcher");
  await expect(inspector(page).getByLabel("Name", { exact: true })).toHaveValue("Web scout");
  await expect(inspector(page).getByLabel("Max steps")).toHaveValue(before);
  await expect(inspector(page).getByLabel("Max steps")).not.toHaveAttribute("aria-invalid", "true");
  expect(errors).toEqual([]);
});

test("the edge panel changes the tool name and execution mode on the canvas", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await openResearchTeam(page);
  await selectEdge(page, "lead-critic");
  const panel = inspector(page);
  const toolName = panel.getByLabel("Tool name");
  await expect(toolName).toHaveAttribute("placeholder", "subagent_critic");

  await toolName.fill("ask_critic");
  await toolName.press("Enter");
  await expect(page.getByTestId("handoff-label-lead-critic")).toContainText("ask_critic");

  await panel.getByLabel("Mode", { exact: true }).click();
  await page.getByRole("option", { name: "Background (a task)" }).click();
  await expect(page.getByTestId("handoff-label-lead-critic")).toContainText("background");
  // Sync-only settings leave with sync.
  await expect(panel.getByLabel("Timeout (seconds)")).toHaveCount(0);

  await panel.getByRole("button", { name: "Critic" }).click();
  await expect(panel.getByText("Id critic")).toBeVisible();
  expect(errors).toEqual([]);
});

test("two edges of one parent with the same tool name show the compiler's diagnostic", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await openResearchTeam(page);
  await selectEdge(page, "lead-data");
  const toolName = inspector(page).getByLabel("Tool name");
  await toolName.fill("subagent_critic");
  await toolName.press("Enter");
  await expect(
    inspector(page)
      .getByRole("list", { name: "Problems with this selection" })
      .getByText("duplicate_subagent_tool_name"),
  ).toBeVisible();
  // In the Problems panel, clicking the diagnostic selects what it is about and brings it into view.
  await page.locator(".react-flow__pane").click({ position: { x: 12, y: 12 } });
  await expect(inspector(page).getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Research team");
  await page.locator('[data-code="duplicate_subagent_tool_name"]').first().click();
  await expect(page.locator(".react-flow__node.selected, .react-flow__edge.selected")).not.toHaveCount(0);
  await expect(
    inspector(page)
      .getByRole("list", { name: "Problems with this selection" })
      .getByText("duplicate_subagent_tool_name"),
  ).toBeVisible();
  await selectEdge(page, "lead-data");
  // A tool name the schema refuses stays at the field.
  await toolName.fill("has space");
  await toolName.press("Enter");
  await expect(toolName).toHaveAttribute("aria-invalid", "true");
  await expect(inspector(page).getByText("tool names use letters, digits, _ and -")).toBeVisible();
  await expect(page.getByTestId("handoff-label-lead-data")).toContainText("subagent_critic");
  expect(errors).toEqual([]);
});

test("models, tools and handoff tabs edit the agent and show what the compiler makes of it", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await openResearchTeam(page);
  await selectAgent(page, "data-analyst");
  const panel = inspector(page);

  // Tools: untick the only tool; the node counts none, the effective set follows.
  await panel.getByRole("tab", { name: "Tools" }).click();
  await expect(panel.getByRole("region", { name: "Effective tool set" })).toContainText("calculator");
  await panel.getByLabel("Search tools").fill("calc");
  await panel.getByRole("checkbox", { name: /calculator/ }).click();
  await expect(page.getByTestId("agent-node-data-analyst")).toContainText("0 tools");
  await panel.getByLabel("Add a deny rule").fill("write_*");
  await panel.getByLabel("Add a deny rule").press("Enter");
  await expect(panel.getByRole("list", { name: "Deny rules" })).toContainText("write_*");

  // Models: add a fallback; the node shows a chain of two.
  await panel.getByRole("tab", { name: "Models" }).click();
  await panel.getByRole("button", { name: "Add a fallback model" }).click();
  await expect(panel.getByRole("group", { name: "Model 2" })).toBeVisible();
  await expect(panel.getByRole("group", { name: "Model 2" })).toContainText("$0.15 in · $0.60 out per 1M tokens");
  await panel.getByRole("group", { name: "Model 2" }).getByLabel("Model", { exact: true }).fill("my-own-model");
  await panel.getByRole("group", { name: "Model 2" }).getByLabel("Model", { exact: true }).press("Enter");
  await expect(panel.getByRole("group", { name: "Model 2" })).toContainText("unknown");
  await expect(page.getByTestId("agent-node-data-analyst")).toContainText("+1");

  // The lead's handoff policy: an input filter with a live preview.
  await selectAgent(page, "lead");
  await panel.getByRole("tab", { name: "Handoffs" }).click();
  await panel.getByRole("switch", { name: "Input filter" }).click();
  await panel.getByRole("button", { name: "Add a redact rule" }).click();
  await expect(panel.getByLabel("Filtered task")).toContainText("[redacted]");
  await panel.getByLabel("Prepend").fill("Be brief.");
  await expect(panel.getByLabel("Filtered task")).toContainText("Be brief.");
  // The node's policy summary follows.
  await expect(page.getByTestId("agent-node-lead")).toContainText("filter");
  await panel.getByRole("switch", { name: "Allowed tools" }).click();
  await expect(panel.getByRole("list", { name: "Allowed tools: handoff tools" })).toContainText("subagent_critic");
  expect(errors).toEqual([]);
});

test("an agent without its own chain shows the chain it inherits, and where from", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const response = await page.request.post("/api/trpc/graphs.create", { data: { name: "Inheritance" } });
  const graphId = ((await response.json()) as { result: { data: { id: string } } }).result.data.id;
  await page.goto(`/graphs/${graphId}`);
  await selectAgent(page, "main");
  const panel = inspector(page);
  await panel.getByRole("tab", { name: "Models" }).click();
  await panel.getByRole("button", { name: "Remove model 1" }).click();
  const effective = panel.getByRole("group", { name: "Effective chain" });
  await expect(effective).toContainText("environment default");

  await page.locator(".react-flow__pane").click({ position: { x: 20, y: 20 } });
  await inspector(page).getByRole("button", { name: "Add a model" }).first().click();
  await selectAgent(page, "main");
  await expect(effective).toContainText("graph default chain");
  await expect(effective).toContainText("scripted:gpt-4o-mini");
  await expect(page.getByTestId("agent-node-main")).toContainText("gpt-4o-mini");
  expect(errors).toEqual([]);
});

test("graph settings edit the graph's name, limits and default chains", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const graphId = await openResearchTeam(page);
  await page.locator(".react-flow__pane").click({ position: { x: 20, y: 20 } });
  const panel = inspector(page);
  await expect(panel.getByText("Graph settings")).toBeVisible();
  await panel.getByLabel("Name", { exact: true }).fill("Research crew");
  await panel.getByLabel("Name", { exact: true }).press("Enter");
  await expect(page.getByRole("textbox", { name: "Graph name" }).first()).toHaveValue("Research crew");
  await panel.getByRole("button", { name: "Add a model" }).first().click();
  await expect(panel.getByRole("list", { name: "default model chain" })).toContainText("Primary");
  await panel.getByLabel("Max spawn depth").fill("11");
  await panel.getByLabel("Max spawn depth").press("Tab");
  await expect(panel.getByText("At most 10.")).toBeVisible();
  await panel.getByLabel("Max cost (USD)").fill("");
  await panel.getByLabel("Max cost (USD)").press("Tab");
  await panel.getByLabel("Max spawn depth").fill("2");
  await panel.getByLabel("Max spawn depth").press("Tab");
  await waitForSaved(page);
  await expect.poll(async () => (await savedDraft(page, graphId)).settings.maxSpawnDepth).toBe(2);
  expect((await savedDraft(page, graphId)).settings.budgets).toEqual({ maxSteps: 40 });
  await page.reload();
  await expect(page.getByTestId("agent-node-lead")).toBeVisible();
  await page.locator(".react-flow__pane").click({ position: { x: 20, y: 20 } });
  await expect(inspector(page).getByLabel("Max spawn depth")).toHaveValue("2");
  await expect(inspector(page).getByLabel("Max cost (USD)")).toHaveValue("");
  await expect(inspector(page).getByLabel("Name", { exact: true })).toHaveValue("Research crew");
  await expect(inspector(page).getByRole("list", { name: "default model chain" })).toContainText("Primary");
  expect(errors).toEqual([]);
});

test("the open panels pass axe in light and dark, with screenshots", async ({ page }) => {
  // Eleven axe runs on a 2-core machine.
  test.setTimeout(120_000);
  // Tall enough to show a whole panel in one screenshot.
  await page.setViewportSize({ width: 1280, height: 1800 });
  await openResearchTeam(page);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await selectAgent(page, "lead");
    const panel = inspector(page);
    for (const tab of ["Agent", "Models", "Tools", "Handoffs"]) {
      await panel.getByRole("tab", { name: tab }).click();
      await expect(panel.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
      if (tab === "Models") {
        // The scripted model's script editor: turns, rules, the exhausted answer.
        await panel.getByText(/^Script: /).click();
        await expect(panel.getByRole("group", { name: "Turn 1" })).toBeVisible();
      }
      if (tab === "Handoffs" && scheme === "light") {
        await panel.getByRole("switch", { name: "Allowed tools" }).click();
        await panel.getByRole("switch", { name: "Input filter" }).click();
        await panel.getByRole("button", { name: "Add a redact rule" }).click();
        await expect(panel.getByLabel("Filtered task")).toContainText("[redacted]");
      }
      await expectNoSeriousAxeViolations(page, `${tab} tab, ${scheme}`);
      await page.screenshot({ path: `test-results/screens/panel-${tab.toLowerCase()}-${scheme}.png` });
    }
    await selectEdge(page, "lead-web");
    await expectNoSeriousAxeViolations(page, `edge panel, ${scheme}`);
    await page.screenshot({ path: `test-results/screens/panel-edge-${scheme}.png` });
    await page.locator(".react-flow__pane").click({ position: { x: 20, y: 20 } });
    await expect(inspector(page).getByText("Graph settings")).toBeVisible();
    await expectNoSeriousAxeViolations(page, `graph settings, ${scheme}`);
    await page.screenshot({ path: `test-results/screens/panel-graph-${scheme}.png` });
  }
});
