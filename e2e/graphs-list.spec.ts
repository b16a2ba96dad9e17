import { readFileSync, writeFileSync } from "node:fs";

import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

/**
 * The graphs list's own actions: create from a template, rename, duplicate,
 * delete, JSON and Markdown import/export. Each test works on graphs with
 * names of its own (other specs run in parallel on the same database and
 * look for the seeded examples).
 */

interface GraphDetail {
  id: string;
  name: string;
  revision: number;
  draft: { name: string; rootAgentId: string; agents: { id: string; name: string }[]; handoffs: unknown[] };
}

function uniqueName(label: string): string {
  return `E2E ${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

async function trpcQuery<T>(request: APIRequestContext, path: string, input?: unknown): Promise<T> {
  const url =
    input === undefined ? `/api/trpc/${path}` : `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await request.get(url);
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

async function trpcMutation<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const response = await request.post(`/api/trpc/${path}`, { data: input });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

async function graphByName(request: APIRequestContext, name: string): Promise<GraphDetail | undefined> {
  const list = await trpcQuery<{ id: string; name: string }[]>(request, "graphs.list");
  const found = list.find((graph) => graph.name === name);
  return found ? trpcQuery<GraphDetail>(request, "graphs.get", { graphId: found.id }) : undefined;
}

/** Fails the test on console errors, page errors and failed requests. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}

function row(page: Page, name: string) {
  return page
    .getByRole("table", { name: "Graphs" })
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name, exact: true }) });
}

test("create a graph from a template, named, and land in its editor", async ({ page, request }, testInfo) => {
  const name = uniqueName("from template");
  await page.goto("/graphs");
  await expect(page.getByRole("table", { name: "Graphs" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("graphs-list.png") });
  await page.getByRole("button", { name: "New graph" }).click();
  const dialog = page.getByRole("dialog", { name: "New graph" });
  await expect(dialog.getByRole("radio", { name: /Blank graph/ })).toBeChecked();
  const template = dialog.getByRole("radio", { name: /Support triage/ });
  await expect(template).toContainText("3 agents");
  await template.click();
  await expect(template).toBeChecked();
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  await page.screenshot({ path: testInfo.outputPath("new-graph-dialog.png") });
  await dialog.getByRole("button", { name: "Create and open" }).click();

  await expect(page).toHaveURL(/\/graphs\/[0-9a-f-]{36}$/);
  const graphId = page.url().split("/").pop();
  const graph = await trpcQuery<GraphDetail>(request, "graphs.get", { graphId });
  expect(graph.name).toBe(name);
  expect(graph.draft.agents.map((agent) => agent.id)).toEqual(["triage", "faq", "billing"]);
});

test("the New graph dialog refuses a name longer than the schema allows, at the field", async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto("/graphs");
  await page.getByRole("button", { name: "New graph" }).click();
  const dialog = page.getByRole("dialog", { name: "New graph" });
  await dialog.getByRole("textbox", { name: "Name" }).fill("x".repeat(201));
  await dialog.getByRole("button", { name: "Create and open" }).click();
  await expect(dialog.getByRole("textbox", { name: "Name" })).toHaveAttribute("aria-invalid", "true");
  await expect(dialog).toContainText(/200/);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(problems).toEqual([]);
});

test("rename, duplicate and delete a graph from its row menu, by keyboard and pointer", async ({ page, request }) => {
  const problems = watchProblems(page);
  const name = uniqueName("menu");
  const renamed = `${name} renamed`;
  await trpcMutation(request, "graphs.create", { name });
  await page.goto("/graphs");

  // Rename, keyboard only: focus the row's menu button, open it, pick Rename, type, Enter.
  await row(page, name)
    .getByRole("button", { name: `Actions for ${name}` })
    .focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
  await page.getByRole("menuitem", { name: "Rename…" }).focus();
  await page.keyboard.press("Enter");
  const renameDialog = page.getByRole("dialog", { name: "Rename graph" });
  const input = renameDialog.getByRole("textbox", { name: "Name" });
  await expect(input).toHaveValue(name);
  await input.fill(renamed);
  await page.keyboard.press("Enter");
  await expect(renameDialog).toBeHidden();
  await expect(page.getByText(`Renamed to “${renamed}”`)).toBeVisible();
  await expect(row(page, renamed)).toHaveCount(1);
  expect((await graphByName(request, renamed))?.draft.name).toBe(renamed);

  // Duplicate.
  await row(page, renamed)
    .getByRole("button", { name: `Actions for ${renamed}` })
    .click();
  await page.getByRole("menuitem", { name: "Duplicate" }).click();
  await expect(row(page, `${renamed} (copy)`)).toHaveCount(1);

  // Delete the copy: the confirm dialog can be cancelled, then confirmed.
  const copy = `${renamed} (copy)`;
  await row(page, copy)
    .getByRole("button", { name: `Actions for ${copy}` })
    .click();
  await page.getByRole("menuitem", { name: "Delete…" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Delete “${copy}”?` });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(row(page, copy)).toHaveCount(1);
  await row(page, copy)
    .getByRole("button", { name: `Actions for ${copy}` })
    .click();
  await page.getByRole("menuitem", { name: "Delete…" }).click();
  await confirm.getByRole("button", { name: "Delete graph" }).click();
  await expect(row(page, copy)).toHaveCount(0);
  await expect(row(page, renamed)).toHaveCount(1);
  expect(await graphByName(request, copy)).toBeUndefined();
  expect(problems).toEqual([]);
});

test("each row opens its graph's editor address", async ({ page, request }) => {
  const name = uniqueName("link");
  const { id } = await trpcMutation<{ id: string }>(request, "graphs.create", { name });
  await page.goto("/graphs");
  await expect(row(page, name).getByRole("link", { name })).toHaveAttribute("href", `/graphs/${id}`);
});

test("export a graph as JSON and import the file back as a new graph", async ({ page, request }, testInfo) => {
  const problems = watchProblems(page);
  const name = uniqueName("json");
  const { id } = await trpcMutation<{ id: string }>(request, "graphs.create", { name, templateId: "research-team" });
  await page.goto("/graphs");

  await row(page, name)
    .getByRole("button", { name: `Actions for ${name}` })
    .click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Export JSON" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^e2e-json-.*\.json$/);
  const exported = JSON.parse(readFileSync(await download.path(), "utf8")) as GraphDetail["draft"];
  const original = await trpcQuery<GraphDetail>(request, "graphs.get", { graphId: id });
  expect(exported).toEqual(original.draft);

  const importedName = `${name} imported`;
  const file = testInfo.outputPath("graph.json");
  writeFileSync(file, JSON.stringify({ ...exported, name: importedName }, null, 2));
  await page.getByLabel("Import a graph JSON file or a zip of Markdown agent specs").setInputFiles(file);
  await expect(page.getByText("Imported graph.json as a new graph")).toBeVisible();
  await expect(row(page, importedName)).toHaveCount(1);
  const imported = await graphByName(request, importedName);
  expect(imported?.draft).toEqual({ ...original.draft, name: importedName });
  expect(problems).toEqual([]);
});

test("export a graph as a Markdown zip and import it back; a broken file is refused with its reason", async ({
  page,
  request,
}, testInfo) => {
  const problems = watchProblems(page);
  const name = uniqueName("markdown");
  await trpcMutation(request, "graphs.create", { name, templateId: "support-triage" });
  await page.goto("/graphs");

  await row(page, name)
    .getByRole("button", { name: `Actions for ${name}` })
    .click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Export Markdown (zip)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/-agents\.zip$/);
  const zip = testInfo.outputPath("agents.zip");
  await download.saveAs(zip);

  const before = (await trpcQuery<unknown[]>(request, "graphs.list")).length;
  await page.getByLabel("Import a graph JSON file or a zip of Markdown agent specs").setInputFiles(zip);
  await expect(page.getByText("Imported agents.zip as a new graph")).toBeVisible();
  const list = await trpcQuery<{ id: string; name: string; agentCount: number }[]>(request, "graphs.list");
  expect(list.length).toBeGreaterThan(before);
  // The Markdown form keeps the graph's name (front matter of the main agent) and its agents.
  expect(list.filter((graph) => graph.name === name).map((graph) => graph.agentCount)).toEqual([3, 3]);

  const broken = testInfo.outputPath("broken.json");
  writeFileSync(broken, '{\n  "schemaVersion": 1,\n  "name": ,\n}');
  // The refused import answers 400: that one failed request is expected.
  await page.getByLabel("Import a graph JSON file or a zip of Markdown agent specs").setInputFiles(broken);
  await expect(page.getByText(/Couldn’t import the file: .*not valid JSON at line 3/)).toBeVisible();
  expect(problems.filter((problem) => !/graphs\.importJson/.test(problem) && !/status of 400/.test(problem))).toEqual(
    [],
  );
});
