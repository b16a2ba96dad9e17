import { mkdirSync } from "node:fs";
import path from "node:path";

import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { generateLargeGraph } from "../src/core/compiler/fixtures/large-graph";

/**
 * The visual editor end to end: opening an example, drawing, undo/redo,
 * layout, autosave and reload, a save conflict between two pages, the
 * keyboard path, accessibility, and screenshots of the main states.
 */

const SCREENS = path.join(__dirname, "..", "test-results", "screens");

/** Creates a graph through the API (blank or from an example template) and returns its id. */
async function createGraph(request: APIRequestContext, input: { name?: string; templateId?: string }) {
  const response = await request.post("/api/trpc/graphs.create", { data: input });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { result: { data: { id: string } } };
  return body.result.data.id;
}

interface DraftView {
  revision: number;
  draft: {
    name: string;
    rootAgentId: string;
    agents: { id: string; name: string; position: { x: number; y: number } }[];
    handoffs: { id: string; from: string; to: string }[];
  };
}

async function readDraft(request: APIRequestContext, graphId: string): Promise<DraftView> {
  const input = encodeURIComponent(JSON.stringify({ graphId }));
  const response = await request.get(`/api/trpc/graphs.get?input=${input}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { result: { data: DraftView } }).result.data;
}

/** Fails the test on any console error or uncaught exception of the page. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

async function openEditor(page: Page, graphId: string) {
  await page.goto(`/graphs/${graphId}`);
  await expect(page.getByRole("textbox", { name: "Graph name" })).toBeVisible();
  await expect(page.locator(".react-flow__node").first()).toBeVisible();
}

const nodes = (page: Page) => page.locator(".react-flow__node");

/** A point of the canvas with nothing drawn on it, searched on a grid from the bottom right. */
async function emptyCanvasPoint(page: Page): Promise<{ x: number; y: number }> {
  const point = await page.locator(".react-flow__pane").evaluate((pane) => {
    const box = pane.getBoundingClientRect();
    for (let y = box.bottom - 30; y > box.top + 30; y -= 20) {
      for (let x = box.right - 60; x > box.left + 60; x -= 20) {
        if (document.elementFromPoint(x, y) === pane) return { x, y };
      }
    }
    return null;
  });
  expect(point, "no empty spot on the canvas").not.toBeNull();
  return point!;
}
const edges = (page: Page) => page.locator(".react-flow__edge");
const saveState = (page: Page) =>
  page.getByRole("status").filter({ hasText: /Saved|Saving|Unsaved|Not saved|Conflict/ });

async function expectSaved(page: Page) {
  await expect(saveState(page)).toHaveText("Saved");
}

test.describe("editor", () => {
  test("opens an example with its agents, roles and handoffs", async ({ page, request }) => {
    const problems = watchConsole(page);
    const graphId = await createGraph(request, { templateId: "research-team" });
    const { draft } = await readDraft(request, graphId);
    await openEditor(page, graphId);

    await expect(nodes(page)).toHaveCount(draft.agents.length);
    await expect(edges(page)).toHaveCount(draft.handoffs.length);
    for (const agent of draft.agents) {
      await expect(page.getByTestId(`agent-node-${agent.id}`)).toContainText(agent.name);
    }
    const root = page.getByTestId(`agent-node-${draft.rootAgentId}`);
    await expect(root).toContainText("Main · root");
    const firstEdge = draft.handoffs[0]!;
    await expect(page.getByTestId(`handoff-label-${firstEdge.id}`)).toContainText(/subagent_/);
    await expect(page.getByTestId(`handoff-label-${firstEdge.id}`)).toContainText("sync");
    // The whole graph is in view, so no minimap covers part of it.
    await expect(page.locator(".react-flow__minimap")).toHaveCount(0);

    mkdirSync(SCREENS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENS, "editor-research-team.png") });
    expect(problems).toEqual([]);
  });

  test("drags a child out of a handle, undoes and redoes it, and finds it after a reload", async ({
    page,
    request,
  }) => {
    const problems = watchConsole(page);
    const graphId = await createGraph(request, { templateId: "research-team" });
    const { draft } = await readDraft(request, graphId);
    await openEditor(page, graphId);
    const count = draft.agents.length;

    const handle = page.locator(`.react-flow__node[data-id="${draft.rootAgentId}"] .react-flow__handle.source`);
    const from = (await handle.boundingBox())!;
    const pane = (await page.locator(".react-flow__pane").boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(pane.x + 80, pane.y + 60, { steps: 12 });
    await page.mouse.up();

    await expect(nodes(page)).toHaveCount(count + 1);
    await expect(edges(page)).toHaveCount(draft.handoffs.length + 1);

    await page.locator(".react-flow__pane").click({ position: { x: 40, y: pane.height - 200 } });
    await page.keyboard.press("Control+z");
    await expect(nodes(page)).toHaveCount(count);
    await page.keyboard.press("Control+Shift+z");
    await expect(nodes(page)).toHaveCount(count + 1);
    await page.keyboard.press("Control+z");
    await page.keyboard.press("Control+y");
    await expect(nodes(page)).toHaveCount(count + 1);

    await expectSaved(page);
    const saved = await readDraft(request, graphId);
    expect(saved.draft.agents).toHaveLength(count + 1);
    const child = saved.draft.agents.find((agent) => !draft.agents.some((a) => a.id === agent.id))!;
    expect(saved.draft.handoffs).toContainEqual(expect.objectContaining({ from: draft.rootAgentId, to: child.id }));

    await page.reload();
    await expect(nodes(page)).toHaveCount(count + 1);
    await expect(page.getByTestId(`agent-node-${child.id}`)).toBeVisible();
    await expectSaved(page);
    expect(problems).toEqual([]);
  });

  test("auto-layout puts the root above its children as one undo step", async ({ page, request }) => {
    const problems = watchConsole(page);
    const graphId = await createGraph(request, { templateId: "research-team" });
    const { draft } = await readDraft(request, graphId);
    await openEditor(page, graphId);

    // Move a child above the root, then lay out.
    const child = draft.handoffs.find((edge) => edge.from === draft.rootAgentId)!.to;
    const childNode = page.locator(`.react-flow__node[data-id="${child}"]`);
    const rootNode = page.locator(`.react-flow__node[data-id="${draft.rootAgentId}"]`);
    const rootBox = (await rootNode.boundingBox())!;
    const childBox = (await childNode.boundingBox())!;
    await page.mouse.move(childBox.x + 30, childBox.y + 14);
    await page.mouse.down();
    await page.mouse.move(childBox.x + 30, rootBox.y - 160, { steps: 10 });
    await page.mouse.up();
    expect((await childNode.boundingBox())!.y).toBeLessThan((await rootNode.boundingBox())!.y);

    // Between the new positions and the fit that follows, an agent may be off screen and not drawn
    // (no box yet): keep polling until both are drawn.
    const childBelowRoot = async () => {
      const [childNow, rootNow] = [await childNode.boundingBox(), await rootNode.boundingBox()];
      return childNow && rootNow ? childNow.y - rootNow.y : Number.NaN;
    };
    await page.getByRole("button", { name: "Auto-layout" }).click();
    await expect.poll(childBelowRoot).toBeGreaterThan(0);
    for (const edge of draft.handoffs.filter((e) => e.from === draft.rootAgentId)) {
      const box = (await page.locator(`.react-flow__node[data-id="${edge.to}"]`).boundingBox())!;
      expect(box.y).toBeGreaterThan((await rootNode.boundingBox())!.y);
    }

    await page.getByRole("button", { name: "Undo" }).click();
    // Off-screen agents are not drawn: bring the whole graph into view before measuring.
    await page.getByRole("button", { name: "Fit view" }).first().click();
    await expect.poll(childBelowRoot).toBeLessThan(0);
    expect(problems).toEqual([]);
  });

  test("creates an agent with the keyboard only", async ({ page, request }) => {
    const problems = watchConsole(page);
    const graphId = await createGraph(request, { name: "Keyboard graph" });
    await openEditor(page, graphId);
    const before = await nodes(page).count();

    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog", { name: "Command palette" });
    await expect(palette).toBeVisible();
    await page.keyboard.type("Add agent");
    await page.keyboard.press("Enter");
    await expect(palette).toBeHidden();
    await expect(nodes(page)).toHaveCount(before + 1);

    // The palette's button, reached with Tab and pressed with Enter.
    const addButton = page.getByRole("button", { name: /^Agent\b/ });
    await addButton.focus();
    await page.keyboard.press("Enter");
    await expect(nodes(page)).toHaveCount(before + 2);

    await expectSaved(page);
    expect((await readDraft(request, graphId)).draft.agents).toHaveLength(before + 2);
    expect(problems).toEqual([]);
  });

  test("copy, paste, duplicate and delete with the keyboard; the shortcuts help", async ({ page, request }) => {
    const problems = watchConsole(page);
    const graphId = await createGraph(request, { templateId: "research-team" });
    const { draft } = await readDraft(request, graphId);
    await openEditor(page, graphId);
    const count = draft.agents.length;
    const leaf = draft.agents.find((agent) => agent.id !== draft.rootAgentId)!;

    await page.getByTestId(`agent-node-${leaf.id}`).click();
    await page.keyboard.press("Control+c");
    await page.keyboard.press("Control+v");
    await expect(nodes(page)).toHaveCount(count + 1);
    await expect(page.getByTestId(`agent-node-${leaf.id}-2`)).toContainText(`${leaf.name} 2`);
    await page.keyboard.press("Control+d");
    await expect(nodes(page)).toHaveCount(count + 2);
    await page.keyboard.press("Delete");
    await expect(nodes(page)).toHaveCount(count + 1);

    // Select everything and delete: the main agent stays.
    await page.keyboard.press("Control+a");
    await page.keyboard.press("Delete");
    await expect(nodes(page)).toHaveCount(1);
    await expect(page.getByTestId(`agent-node-${draft.rootAgentId}`)).toBeVisible();
    await page.keyboard.press("Control+z");
    await expect(nodes(page)).toHaveCount(count + 1);

    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(help).toContainText("Auto-layout as a top-down tree");
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();
    expect(problems).toEqual([]);
  });

  test("a save conflict between two pages: reload theirs, or overwrite with mine", async ({ browser, request }) => {
    test.setTimeout(60_000); // two editors open side by side, four saves, on a shared machine
    const graphId = await createGraph(request, { templateId: "research-team" });
    const contextA = await browser.newContext();
    const contextB = await browser.newContext();
    const pageA = await contextA.newPage();
    const pageB = await contextB.newPage();
    const problems = [...watchConsole(pageA), ...watchConsole(pageB)];
    await openEditor(pageA, graphId);
    await openEditor(pageB, graphId);

    // A saves first.
    const nameA = pageA.getByRole("textbox", { name: "Graph name" });
    await nameA.fill("Renamed in A");
    await nameA.press("Enter");
    await expectSaved(pageA);

    // B's save now conflicts; B reloads theirs.
    const nodesInB = await nodes(pageB).count();
    await pageB.getByRole("button", { name: /^Agent\b/ }).click();
    const dialogB = pageB.getByRole("alertdialog");
    await expect(dialogB).toContainText("changed somewhere else");
    await dialogB.getByRole("button", { name: "Reload theirs" }).click();
    await expect(dialogB).toBeHidden();
    await expect(pageB.getByRole("textbox", { name: "Graph name" })).toHaveValue("Renamed in A");
    await expect(nodes(pageB)).toHaveCount(nodesInB);
    await expectSaved(pageB);

    // Now B saves and A conflicts; A overwrites with its own draft.
    const nameB = pageB.getByRole("textbox", { name: "Graph name" });
    await nameB.fill("Renamed in B");
    await nameB.press("Enter");
    await expectSaved(pageB);
    await pageA.getByRole("button", { name: /^Agent\b/ }).click();
    const dialogA = pageA.getByRole("alertdialog");
    await expect(dialogA).toBeVisible();
    await dialogA.getByRole("button", { name: "Overwrite with mine" }).click();
    await expect(dialogA).toBeHidden();
    await expectSaved(pageA);

    const saved = await readDraft(request, graphId);
    expect(saved.draft.name).toBe("Renamed in A");
    expect(saved.draft.agents).toHaveLength(nodesInB + 1);
    expect(problems).toEqual([]);
    await contextA.close();
    await contextB.close();
  });

  test("a 500-agent graph opens, zooms and pans", async ({ page, request }) => {
    const problems = watchConsole(page);
    const document = { ...generateLargeGraph(500), name: "Five hundred agents" };
    const response = await request.post("/api/trpc/graphs.importJson", { data: { text: JSON.stringify(document) } });
    expect(response.ok(), await response.text()).toBe(true);
    const { id } = ((await response.json()) as { result: { data: { id: string } } }).result.data;

    await openEditor(page, id);
    // A large graph opens on its root and the root's children; agents off screen are not drawn.
    const root = document.agents.find((agent) => agent.id === document.rootAgentId)!;
    await expect(page.getByRole("group", { name: `Agent ${root.name}`, exact: true })).toBeVisible();
    const drawnAtFirst = await nodes(page).count();
    expect(drawnAtFirst).toBeGreaterThan(0);
    expect(drawnAtFirst).toBeLessThan(100);
    await expect(page.locator(".react-flow__edge").first()).toBeVisible();
    // Most of the graph is out of view: the minimap shows where.
    await expect(page.locator(".react-flow__minimap")).toBeVisible();
    await page.getByRole("button", { name: "Zoom In" }).click();
    await page.getByRole("button", { name: "Zoom In" }).click();
    // Pan by dragging empty canvas (not an agent, which would move it).
    const start = await emptyCanvasPoint(page);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x - 200, start.y - 100, { steps: 8 });
    await page.mouse.up();
    await page.getByRole("button", { name: "Fit view" }).first().click();
    // Fitted to the view, every agent is on screen (drawn compact at this zoom), and the minimap has nothing to add.
    await expect(nodes(page)).toHaveCount(500);
    await expect(page.locator(".react-flow__minimap")).toHaveCount(0);
    await expectSaved(page);
    expect(problems).toEqual([]);
  });

  test("an unknown graph id shows a not-found page with a way back", async ({ page }) => {
    await page.goto("/graphs/01900000-0000-7000-8000-000000000000");
    await expect(page.getByRole("heading", { name: "Graph not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to graphs" }).click();
    await expect(page).toHaveURL(/\/graphs$/);
  });

  test("has no serious or critical accessibility violations", async ({ page, request }) => {
    const graphId = await createGraph(request, { templateId: "research-team" });
    await openEditor(page, graphId);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
  });

  test("screenshots: an empty graph, and the research team in dark mode", async ({ browser, request }) => {
    mkdirSync(SCREENS, { recursive: true });
    const blank = await createGraph(request, { name: "Empty graph" });
    const light = await browser.newPage();
    const problems = watchConsole(light);
    await openEditor(light, blank);
    await light.screenshot({ path: path.join(SCREENS, "editor-empty-graph.png") });

    const dark = await browser.newPage({ colorScheme: "dark" });
    problems.push(...watchConsole(dark));
    await openEditor(dark, await createGraph(request, { templateId: "research-team" }));
    await dark.screenshot({ path: path.join(SCREENS, "editor-research-team-dark.png") });
    expect(problems).toEqual([]);
    await light.close();
    await dark.close();
  });
});
