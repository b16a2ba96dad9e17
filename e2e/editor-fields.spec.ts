import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/**
 * Fields of the graph format that had no editor before: the graph's own tools
 * (document.tools), a scripted turn's token usage, and the saved viewport
 * (document.ui.viewport).
 */

async function createResearchTeam(page: Page): Promise<string> {
  const response = await page.request.post("/api/trpc/graphs.create", { data: { templateId: "research-team" } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { result: { data: { id: string } } }).result.data.id;
}

async function openResearchTeam(page: Page): Promise<string> {
  const id = await createResearchTeam(page);
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

async function showGraphSettings(page: Page) {
  await page.locator(".react-flow__pane").click({ position: { x: 20, y: 20 } });
  await expect(inspector(page).getByText("Graph settings")).toBeVisible();
}

interface Draft {
  revision: number;
  draft: {
    tools: { name: string; kind: string; description: string; catalogId?: string }[];
    agents: { id: string; tools: string[]; modelChain: { script?: { turns: { usage?: unknown }[] } }[] }[];
    ui?: { viewport?: { x: number; y: number; zoom: number } };
  };
}

async function saved(page: Page, graphId: string): Promise<Draft> {
  const input = encodeURIComponent(JSON.stringify({ graphId }));
  const response = await page.request.get(`/api/trpc/graphs.get?input=${input}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { result: { data: Draft } }).result.data;
}

async function waitForSaved(page: Page) {
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
}

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

async function expectNoSeriousAxeViolations(page: Page, include: string, label: string) {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    label,
  ).toEqual([]);
}

test("graph tools: add one, allow it on an agent, see the count, remove it with the confirm, undo", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const graphId = await openResearchTeam(page);
  await showGraphSettings(page);
  const panel = inspector(page);
  const section = panel.getByRole("region", { name: /^Graph tools/ });
  await expect(section).toContainText("workspace tool catalog");

  await section.getByRole("button", { name: "Add a tool" }).click();
  const tool = section.getByRole("group", { name: "Graph tool http_tool" });
  await expect(tool).toBeVisible();
  // A name the model cannot see is refused at the field and never saved.
  await tool.getByLabel("Tool name").fill("search web");
  await tool.getByLabel("Tool name").press("Enter");
  await expect(tool.getByText("tool names use letters, digits, _ and -")).toBeVisible();
  // A built-in's name: saved (a draft may hold errors), with the compiler's diagnostic.
  await tool.getByLabel("Tool name").fill("calculator");
  await tool.getByLabel("Tool name").press("Enter");
  const shadow = section.getByRole("group", { name: "Graph tool calculator" });
  await expect(shadow.getByRole("list", { name: "Problems with this selection" })).toContainText(
    "tool_ref_shadows_builtin",
  );
  await shadow.getByLabel("Tool name").fill("search_web");
  await shadow.getByLabel("Tool name").press("Enter");
  const search = section.getByRole("group", { name: "Graph tool search_web" });
  await expect(search).toBeVisible();
  // A name the workspace's tool catalog does not have: kept in the draft, flagged until it is added in Settings → Tools.
  await expect(search.getByRole("list", { name: "Problems with this selection" })).toContainText("tool_not_in_catalog");
  await search.getByLabel("Description").fill("Searches the web.");
  await search.getByLabel("Description").press("Tab");
  await search.getByRole("combobox", { name: "Kind" }).click();
  await page.getByRole("option", { name: "MCP" }).click();
  await expect(search.getByRole("combobox", { name: "Kind" })).toHaveText(/MCP/);

  // The agent's Tools tab lists it; allowing it changes the node's tool count.
  await expect(page.getByTestId("agent-node-data-analyst")).toContainText("1 tool");
  await selectAgent(page, "data-analyst");
  await panel.getByRole("tab", { name: "Tools" }).click();
  const checkbox = panel.getByRole("checkbox", { name: /search_web/ });
  await expect(panel.getByRole("list", { name: "Tools" })).toContainText("MCP");
  // Keyboard, not a click: the checklist may still shift while the compile catches up.
  await checkbox.press("Space");
  await expect(checkbox).toHaveAttribute("aria-checked", "true");
  await expect(page.getByTestId("agent-node-data-analyst")).toContainText("2 tools");
  await waitForSaved(page);
  await expect
    .poll(async () => (await saved(page, graphId)).draft.agents.find((a) => a.id === "data-analyst")?.tools)
    .toEqual(["calculator", "search_web"]);
  expect((await saved(page, graphId)).draft.tools).toEqual([
    { name: "search_web", kind: "mcp", description: "Searches the web." },
  ]);

  // Removing it asks first, naming the agent that uses it, and takes it off the allow-list.
  await showGraphSettings(page);
  await section.getByRole("button", { name: "Remove graph tool search_web" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Data analyst");
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(search).toBeVisible();
  await section.getByRole("button", { name: "Remove graph tool search_web" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove tool" }).click();
  await expect(search).toHaveCount(0);
  await expect(page.getByTestId("agent-node-data-analyst")).toContainText("1 tool");

  // One undo step brings back both the tool and the agent's allow-list entry.
  await page.getByRole("toolbar", { name: "Editor tools" }).getByRole("button", { name: "Undo" }).click();
  await expect(search).toBeVisible();
  await expect(page.getByTestId("agent-node-data-analyst")).toContainText("2 tools");
  await waitForSaved(page);
  await expect.poll(async () => (await saved(page, graphId)).draft.tools.map((t) => t.name)).toEqual(["search_web"]);
  expect(errors).toEqual([]);
});

test("a scripted turn's token usage is editable, validated and saved", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const graphId = await openResearchTeam(page);
  await selectAgent(page, "lead");
  const panel = inspector(page);
  await panel.getByRole("tab", { name: "Models" }).click();
  await panel.getByText(/^Script: /).click();
  const turn = panel.getByRole("group", { name: "Turn 1" });
  await turn.getByText(/^Token usage: estimated/).click();
  await turn.getByLabel("Input tokens", { exact: true }).fill("-5");
  await turn.getByLabel("Input tokens", { exact: true }).press("Enter");
  await expect(turn.getByText("At least 0.")).toBeVisible();
  await turn.getByLabel("Input tokens", { exact: true }).fill("1200");
  await turn.getByLabel("Input tokens", { exact: true }).press("Tab");
  await turn.getByLabel("Output tokens", { exact: true }).fill("300");
  await turn.getByLabel("Output tokens", { exact: true }).press("Enter");
  await expect(turn.getByText(/^Token usage: 1200 in · 300 out/)).toBeVisible();
  await waitForSaved(page);
  await expect
    .poll(
      async () =>
        (await saved(page, graphId)).draft.agents.find((a) => a.id === "lead")?.modelChain[0]?.script?.turns[0]?.usage,
    )
    .toEqual({ inputTokens: 1200, outputTokens: 300 });
  // Emptying both counts removes the usage again (the runtime estimates).
  await turn.getByLabel("Input tokens", { exact: true }).fill("");
  await turn.getByLabel("Input tokens", { exact: true }).press("Tab");
  await turn.getByLabel("Output tokens", { exact: true }).fill("");
  await turn.getByLabel("Output tokens", { exact: true }).press("Enter");
  await expect(turn.getByText(/^Token usage: estimated/)).toBeVisible();
  await waitForSaved(page);
  await expect
    .poll(async () =>
      Object.keys(
        (await saved(page, graphId)).draft.agents.find((a) => a.id === "lead")!.modelChain[0].script!.turns[0],
      ),
    )
    .not.toContain("usage");
  expect(errors).toEqual([]);
});

test("any agent can be made the main agent (rootAgentId), as one undo step", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const graphId = await openResearchTeam(page);
  await selectAgent(page, "web-researcher");
  await inspector(page).getByRole("tab", { name: "Agent" }).click();
  await inspector(page).getByRole("button", { name: "Make this the main agent" }).click();
  await expect(page.getByTestId("agent-node-web-researcher")).toContainText("Main · root");
  await expect(inspector(page).getByText("This is the main agent")).toBeVisible();
  await waitForSaved(page);
  const input = encodeURIComponent(JSON.stringify({ graphId }));
  const read = async () =>
    (
      (await (await page.request.get(`/api/trpc/graphs.get?input=${input}`)).json()) as {
        result: { data: { draft: { rootAgentId: string } } };
      }
    ).result.data.draft.rootAgentId;
  await expect.poll(read).toBe("web-researcher");
  await page.getByRole("toolbar", { name: "Editor tools" }).getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("agent-node-lead")).toContainText("Main · root");
  await waitForSaved(page);
  await expect.poll(read).toBe("lead");
  expect(errors).toEqual([]);
});

/** The canvas's current viewport, read from React Flow's transform. */
async function currentViewport(page: Page): Promise<{ x: number; y: number; zoom: number }> {
  const transform = await page
    .locator(".react-flow__viewport")
    .evaluate((element) => (element as HTMLElement).style.transform);
  const [x, y, zoom] = (transform.match(/-?[\d.]+/g) ?? []).map(Number);
  return { x, y, zoom };
}

function expectClose(actual: { x: number; y: number; zoom: number }, expected: { x: number; y: number; zoom: number }) {
  expect(Math.abs(actual.x - expected.x)).toBeLessThan(0.2);
  expect(Math.abs(actual.y - expected.y)).toBeLessThan(0.2);
  expect(Math.abs(actual.zoom - expected.zoom)).toBeLessThan(0.001);
}

test("pan and zoom are kept (not an undo step, no save on their own) and the graph reopens there", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const graphId = await openResearchTeam(page);
  await waitForSaved(page);
  const undo = page.getByRole("toolbar", { name: "Editor tools" }).getByRole("button", { name: "Undo" });
  await expect(undo).toBeDisabled();
  const before = await saved(page, graphId);
  expect(before.draft.ui?.viewport).toBeUndefined();

  const opened = await currentViewport(page);
  await page.getByRole("button", { name: "Zoom out" }).click();
  const pane = page.locator(".react-flow__pane");
  const box = (await pane.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 30);
  await page.mouse.down();
  await page.mouse.move(box.x + 130, box.y + 70, { steps: 8 });
  await page.mouse.up();

  // Kept in this browser once the move ends; looking around alone saves nothing (another tab
  // open on this graph gets no conflict for it) and is not an undo step.
  // (The zoom and the drag each end a move: wait for the last one to be kept.)
  const looked = await currentViewport(page);
  const kept = () =>
    page.evaluate((id) => {
      const raw = window.localStorage.getItem(`ags:editor-viewport:${id}`);
      return raw ? (JSON.parse(raw) as { x: number; y: number; zoom: number }) : null;
    }, graphId);
  await expect.poll(async () => Math.abs(((await kept())?.x ?? Infinity) - looked.x)).toBeLessThan(0.2);
  expect(looked.zoom).toBeLessThan(opened.zoom);
  await waitForSaved(page);
  await expect(undo).toBeDisabled();
  expect((await saved(page, graphId)).revision).toBe(before.revision);

  await page.reload();
  await expect(page.getByTestId("agent-node-lead")).toBeVisible();
  expectClose(await currentViewport(page), looked);
  await expect(undo).toBeDisabled();

  // The next edit saves the view with the draft, for other browsers.
  await page.getByTestId("agent-node-lead").click();
  const name = page.getByRole("complementary", { name: "Inspector" }).getByLabel("Name", { exact: true });
  await name.fill("Lead researcher 2");
  await name.press("Enter");
  await expect.poll(async () => (await saved(page, graphId)).draft.ui?.viewport).toBeDefined();
  expectClose((await saved(page, graphId)).draft.ui!.viewport!, looked);
  expect(errors).toEqual([]);
});

test("the Graph tools section passes axe in light and dark, with screenshots", async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 1400 });
  await openResearchTeam(page);
  await showGraphSettings(page);
  const section = inspector(page).getByRole("region", { name: /^Graph tools/ });
  await section.getByRole("button", { name: "Add a tool" }).click();
  await section.getByRole("button", { name: "Add a tool" }).click();
  const second = section.getByRole("group", { name: "Graph tool http_tool_2" });
  await second.getByLabel("Tool name").fill("calculator");
  await second.getByLabel("Tool name").press("Enter");
  await expect(section.getByRole("group", { name: "Graph tool calculator" })).toBeVisible();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await section.scrollIntoViewIfNeeded();
    await expectNoSeriousAxeViolations(page, '[aria-label="Inspector"]', `graph tools, ${scheme}`);
    await section.screenshot({ path: `test-results/screens/graph-tools-${scheme}.png` });
  }
});
