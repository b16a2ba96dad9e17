import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { compile } from "../src/core/compiler";
import { graphDocumentSchema } from "../src/core/graph/schema";

/**
 * The editor's versions drawer and Import/Export menu end to end: create a
 * version, an unchanged draft makes none, edit in a side panel, a second
 * version, the diff between them, publish and read it back through tRPC over
 * HTTP, restore the first into the draft; a draft with a compile error is
 * refused with the error shown; JSON and Markdown round trips through the
 * menu; axe and screenshots of the drawer in light and dark.
 */

const SCREENS = path.join(__dirname, "..", "test-results", "screens");

interface Draft {
  name: string;
  rootAgentId: string;
  agents: { id: string; name: string }[];
  handoffs: { id: string; from: string; to: string; toolName?: string }[];
}

interface VersionListItem {
  version: number;
  contentHash: string;
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
  agentCount: number;
}

interface VersionDetail extends VersionListItem {
  document: Draft;
  definition: { graphName: string; rootAgentId: string; agents: Record<string, { name: string }> };
}

async function trpcQuery<T>(request: APIRequestContext, name: string, input: unknown): Promise<T> {
  const response = await request.get(`/api/trpc/${name}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(response.ok(), `${name}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

async function createGraph(request: APIRequestContext, input: { name?: string; templateId?: string }) {
  const response = await request.post("/api/trpc/graphs.create", { data: input });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { result: { data: { id: string } } }).result.data.id;
}

const readGraph = (request: APIRequestContext, graphId: string) =>
  trpcQuery<{ revision: number; draft: Draft; publishedVersion: number | null; lastVersion: number | null }>(
    request,
    "graphs.get",
    { graphId },
  );

/** Console errors and uncaught exceptions of the page (e2e must have none, except those a test expects). */
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
  // The header's name field (the graph settings panel has a "Graph name" field too).
  await expect(page.locator('header input[aria-label="Graph name"]')).toBeVisible();
  await expect(page.locator(".react-flow__node").first()).toBeVisible();
}

async function expectSaved(page: Page) {
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
}

const drawer = (page: Page) => page.getByRole("dialog", { name: "Versions" });
const versionRows = (page: Page) => drawer(page).getByRole("list", { name: "Versions" }).getByRole("listitem");
const node = (page: Page, id: string) => page.getByTestId(`agent-node-${id}`);
/**
 * A toast (sonner) with this text. `.first()`: the editor page currently mounts two Toasters (the app
 * shell's and the editor's), so each toast shows twice.
 */
const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

async function openVersions(page: Page) {
  await page.getByRole("button", { name: "Versions", exact: true }).click();
  await expect(drawer(page)).toBeVisible();
}

async function closeVersions(page: Page) {
  await drawer(page).getByRole("button", { name: "Close versions" }).click();
  await expect(drawer(page)).toBeHidden();
}

function inspector(page: Page) {
  return page.getByRole("complementary", { name: "Inspector" });
}

async function renameAgent(page: Page, id: string, name: string) {
  // Near the node's top left: the minimap may cover its other corner.
  await node(page, id).click({ position: { x: 24, y: 12 } });
  await expect(inspector(page).getByText(`Id ${id}`)).toBeVisible();
  const field = inspector(page).getByLabel("Name", { exact: true });
  await field.fill(name);
  await field.press("Tab");
  await expect(node(page, id)).toContainText(name);
  await expectSaved(page);
}

async function menuAction(page: Page, item: string) {
  await page.getByRole("button", { name: "Import/Export" }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

async function expectNoSeriousAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    label,
  ).toEqual([]);
}

test("versions: create, unchanged, edit, diff, publish and read back, restore", async ({ page, request }) => {
  // A long walk (with two axe runs): more time than the default on a busy machine.
  test.slow();
  const problems = watchConsole(page);
  const graphId = await createGraph(request, { templateId: "research-team" });
  const original = (await readGraph(request, graphId)).draft;
  const researcher = original.agents.find((agent) => agent.id === "web-researcher")!;
  await openEditor(page, graphId);

  // Version 1.
  await openVersions(page);
  await expect(drawer(page)).toContainText("No versions yet");
  await drawer(page).getByRole("button", { name: "Create version" }).click();
  await expect(toast(page, "Created version 1")).toBeVisible();
  await expect(versionRows(page)).toHaveCount(1);
  await expect(versionRows(page).first()).toHaveAccessibleName("Version 1");
  await expect(versionRows(page).first()).toContainText("4 agents");

  // Again with nothing changed: told so, no version 2.
  await drawer(page).getByRole("button", { name: "Create version" }).click();
  await expect(toast(page, "No changes since version 1")).toBeVisible();
  await expect(versionRows(page)).toHaveCount(1);

  // An edit in a side panel, then version 2.
  await closeVersions(page);
  await renameAgent(page, researcher.id, "Web scout");
  await openVersions(page);
  await drawer(page).getByRole("button", { name: "Create version" }).click();
  await expect(toast(page, "Created version 2")).toBeVisible();
  await expect(versionRows(page)).toHaveCount(2);
  await expect(versionRows(page).first()).toHaveAccessibleName("Version 2");

  // Compare 1 with 2: the renamed agent and its field, readably.
  await drawer(page).getByRole("checkbox", { name: "Version 1 — compare" }).check();
  await drawer(page).getByRole("checkbox", { name: "Version 2 — compare" }).check();
  const diff = drawer(page).getByRole("region", { name: "Changes from version 1 to version 2" });
  await expect(diff).toBeVisible();
  await expect(diff).toContainText("1 agent changed");
  await expect(diff).toContainText("Agent Web scout");
  const row = diff.getByRole("row", { name: /name/ });
  await expect(row.getByRole("cell").nth(0)).toHaveText(`"${researcher.name}"`);
  await expect(row.getByRole("cell").nth(1)).toHaveText('"Web scout"');

  await expectNoSeriousAxeViolations(page, "drawer with a diff, light");
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, "editor-versions-diff.png") });
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousAxeViolations(page, "drawer with a diff, dark");
  await page.screenshot({ path: path.join(SCREENS, "editor-versions-diff-dark.png") });
  await page.emulateMedia({ colorScheme: "light" });

  // Publish version 2, and read it back over HTTP.
  await drawer(page).getByRole("button", { name: "Publish version 2" }).click();
  await expect(toast(page, "Published version 2")).toBeVisible();
  await expect(versionRows(page).first()).toHaveAccessibleName("Version 2 (published)");
  await expect(drawer(page).getByRole("button", { name: "Publish version 2" })).toHaveCount(0);

  const list = await trpcQuery<VersionListItem[]>(request, "versions.list", { graphId });
  expect(list.map((item) => [item.version, item.published])).toEqual([
    [2, true],
    [1, false],
  ]);
  expect(list[0]!.publishedAt).not.toBeNull();
  const published = await trpcQuery<VersionDetail>(request, "versions.get", { graphId, version: 2 });
  expect(published.published).toBe(true);
  expect(published.contentHash).toBe(list[0]!.contentHash);
  expect(published.document.agents.find((agent) => agent.id === researcher.id)?.name).toBe("Web scout");
  expect(published.definition.rootAgentId).toBe(original.rootAgentId);
  expect(published.definition.agents[researcher.id]?.name).toBe("Web scout");
  // The stored hash is the compiler's hash of the stored document, and differs from version 1's.
  const recompiled = compile(graphDocumentSchema.parse(published.document));
  expect(recompiled.hash).toBe(published.contentHash);
  expect(recompiled.definition).toEqual(published.definition);
  expect(list[1]!.contentHash).not.toBe(published.contentHash);
  expect((await readGraph(request, graphId)).publishedVersion).toBe(2);

  // Restore version 1 (asks first): the draft and the canvas go back.
  const revisionBefore = (await readGraph(request, graphId)).revision;
  await drawer(page).getByRole("button", { name: "Restore… version 1" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Restore version 1?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(toast(page, "Restored version 1 into the draft")).toBeVisible();
  await expect(confirm).toBeHidden();
  await closeVersions(page);
  await expect(node(page, researcher.id)).toContainText(researcher.name);
  await expect(node(page, researcher.id)).not.toContainText("Web scout");
  const restored = await readGraph(request, graphId);
  expect(restored.revision).toBeGreaterThan(revisionBefore);
  expect(restored.draft.agents.find((agent) => agent.id === researcher.id)?.name).toBe(researcher.name);
  await expectSaved(page);
  expect(problems).toEqual([]);
});

test("a draft with a compile error is refused a version, with the error shown", async ({ page, request }) => {
  const problems = watchConsole(page);
  const graphId = await createGraph(request, { templateId: "research-team" });
  await openEditor(page, graphId);

  // Two handoffs of the lead with one tool name: an error diagnostic.
  await page.getByTestId("handoff-label-lead-data").dispatchEvent("click");
  await expect(inspector(page).getByText("Edge lead-data")).toBeVisible();
  const toolName = inspector(page).getByLabel("Tool name");
  await toolName.fill("subagent_critic");
  await toolName.press("Enter");
  await expect(page.getByTestId("handoff-label-lead-data")).toContainText("subagent_critic");
  await expectSaved(page);

  await openVersions(page);
  await drawer(page).getByRole("button", { name: "Create version" }).click();
  const alert = drawer(page).getByRole("alert");
  await expect(alert).toContainText("The draft does not compile, so no version was created.");
  await expect(alert).toContainText("subagent_critic");
  await expect(drawer(page)).toContainText("No versions yet");
  expect(await trpcQuery<VersionListItem[]>(request, "versions.list", { graphId })).toEqual([]);
  await expectNoSeriousAxeViolations(page, "drawer with a refused version");
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, "editor-versions-refused.png") });

  // The refusal is a 4xx answer the browser and tRPC's error logger report; nothing else may be.
  expect(
    problems.filter(
      (problem) => !/status of 422/.test(problem) && !/versions\.create.*does not compile/s.test(problem),
    ),
  ).toEqual([]);
});

test("JSON and Markdown round trips through the editor's Import/Export menu", async ({ page, request }, testInfo) => {
  const problems = watchConsole(page);
  const graphId = await createGraph(request, { templateId: "research-team" });
  const original = (await readGraph(request, graphId)).draft;
  await openEditor(page, graphId);

  // Export JSON: the draft as stored.
  let downloading = page.waitForEvent("download");
  await menuAction(page, "Export JSON");
  const json = await downloading;
  expect(json.suggestedFilename()).toMatch(/\.json$/);
  const exported = JSON.parse(readFileSync(await json.path(), "utf8")) as Draft;
  expect(exported).toEqual(original);

  // Rename an agent in the file and import it into this graph.
  const edited = {
    ...exported,
    agents: exported.agents.map((agent) => (agent.id === "critic" ? { ...agent, name: "Fact checker" } : agent)),
  };
  const file = testInfo.outputPath("edited.json");
  writeFileSync(file, JSON.stringify(edited, null, 2));
  const revisionBefore = (await readGraph(request, graphId)).revision;
  let choosing = page.waitForEvent("filechooser");
  await menuAction(page, "Import JSON…");
  await (await choosing).setFiles(file);
  await expect(toast(page, "Imported edited.json into this graph")).toBeVisible();
  await expect(node(page, "critic")).toContainText("Fact checker");
  const afterJson = await readGraph(request, graphId);
  expect(afterJson.revision).toBeGreaterThan(revisionBefore);
  expect(afterJson.draft).toEqual(edited);
  await expectSaved(page);

  // Export Markdown (zip), change the draft in the editor, import the zip back: the export's names return.
  downloading = page.waitForEvent("download");
  await menuAction(page, "Export Markdown (zip)");
  const zip = await downloading;
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const zipFile = testInfo.outputPath("agents.zip");
  await zip.saveAs(zipFile);
  await renameAgent(page, "data-analyst", "Second opinion");
  choosing = page.waitForEvent("filechooser");
  await menuAction(page, "Import Markdown zip…");
  await (await choosing).setFiles(zipFile);
  await expect(toast(page, "Imported agents.zip into this graph")).toBeVisible();
  await expect(node(page, "data-analyst")).toContainText("Data analyst");
  await expect(node(page, "critic")).toContainText("Fact checker");
  const afterZip = await readGraph(request, graphId);
  // The Markdown form keeps the agents and handoffs, not their order (one file per agent).
  const agentsOf = (draft: Draft) => draft.agents.map((agent) => `${agent.id}: ${agent.name}`).sort();
  const edgesOf = (draft: Draft) => draft.handoffs.map((edge) => `${edge.from} → ${edge.to}`).sort();
  expect(agentsOf(afterZip.draft)).toEqual(agentsOf(edited));
  expect(edgesOf(afterZip.draft)).toEqual(edgesOf(edited));
  expect(afterZip.draft.rootAgentId).toBe(edited.rootAgentId);
  await expectSaved(page);
  expect(problems).toEqual([]);
});
