import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { expect, test, type Page } from "@playwright/test";

import { expectNoSeriousAxeViolations, watchProblems } from "./support/page-checks";
import { trpcMutation } from "./support/trpc";

/**
 * Settings → Tools on `npm start`'s stack, against a tiny HTTP server this
 * spec starts on 127.0.0.1: the owner allows its host, stores a secret, adds
 * an HTTP tool and tests it; a graph whose scripted agent calls the tool runs
 * in the playground and its answer shows the tool's result. A tool aimed at
 * 169.254.169.254 shows the address guard's refusal.
 */

let server: Server;
let port: number;
const calls: { url: string; key: string | undefined }[] = [];
const SECRET = "e2e-secret-value-4821";

test.beforeAll(async () => {
  server = createServer((req, res) => {
    calls.push({ url: req.url ?? "", key: req.headers["x-api-key"] as string | undefined });
    const city = decodeURIComponent((req.url ?? "").split("/").pop() ?? "");
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ city, tempC: 7, sky: "drizzle", keyReceived: req.headers["x-api-key"] === SECRET }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function unique(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

async function addTool(
  page: Page,
  tool: { name: string; url: string; parameters?: string; header?: [string, string] },
) {
  await page.getByRole("button", { name: "Add HTTP tool" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an HTTP tool" });
  await dialog.getByLabel("Name", { exact: true }).fill(tool.name);
  await dialog.getByLabel("Description", { exact: true }).fill("Current weather for a city");
  await dialog.getByLabel("URL template", { exact: true }).fill(tool.url);
  if (tool.parameters) await dialog.getByLabel("Parameters (JSON schema)", { exact: true }).fill(tool.parameters);
  if (tool.header) {
    await dialog.getByRole("button", { name: "Add header" }).click();
    await dialog.getByLabel("Header 1 name", { exact: true }).fill(tool.header[0]);
    await dialog.getByLabel("Header 1 value", { exact: true }).fill(tool.header[1]);
  }
  await dialog.getByRole("button", { name: "Add tool" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("list", { name: "HTTP tools" }).getByText(tool.name, { exact: true })).toBeVisible();
}

test("an owner adds an HTTP tool, tests it, and an agent calls it in the playground", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000); // axe twice, the editor, a run, on a shared machine
  const problems = watchProblems(page);
  const toolName = unique("e2e_weather");
  const secretName = unique("E2E_KEY").toUpperCase();
  await page.goto("/settings/tools");
  await expect(page.getByRole("heading", { name: "HTTP tools" })).toBeVisible();

  // Allow the local server's host:port (loopback is refused otherwise).
  await page.getByLabel("Host", { exact: true }).fill(`127.0.0.1:${port}`);
  await page.getByRole("button", { name: "Allow host" }).click();
  await expect(page.getByRole("list", { name: "Allowed hosts" }).getByText(`127.0.0.1:${port}`)).toBeVisible();

  // A secret: written once, shown by its last four characters only.
  const secretForm = page.getByRole("form", { name: "Set a secret" });
  await secretForm.getByLabel("Name", { exact: true }).fill(secretName);
  await secretForm.getByLabel("Value", { exact: true }).fill(SECRET);
  await secretForm.getByRole("button", { name: "Save secret" }).click();
  const secrets = page.getByRole("list", { name: "Secrets" });
  await expect(secrets.getByText(secretName)).toBeVisible();
  await expect(secrets.getByText("••••4821").first()).toBeVisible();
  await expect(page.getByText(SECRET)).toHaveCount(0);

  await addTool(page, {
    name: toolName,
    url: `http://127.0.0.1:${port}/weather/{{city}}`,
    parameters: JSON.stringify({ type: "object", properties: { city: { type: "string" } }, required: ["city"] }),
    header: ["X-Api-Key", `{{secrets.${secretName}}}`],
  });

  // Test it with sample arguments.
  await page.getByRole("button", { name: `Test ${toolName}` }).click();
  const testDialog = page.getByRole("dialog", { name: `Test ${toolName}` });
  await testDialog.getByLabel("Sample arguments (JSON)", { exact: true }).fill('{"city": "Oslo"}');
  await testDialog.getByRole("button", { name: "Run test" }).click();
  await expect(testDialog.getByText("HTTP 200 OK")).toBeVisible();
  await expect(testDialog.getByLabel("Response body")).toContainText('"keyReceived": true');
  await expect(testDialog.getByLabel("Response body")).toContainText('"city": "Oslo"');
  expect(calls.at(-1)).toEqual({ url: "/weather/Oslo", key: SECRET });
  await page.screenshot({ path: testInfo.outputPath("tools-test-dialog.png") });
  await testDialog.getByRole("button", { name: "Close" }).click();
  await expect(testDialog).toBeHidden();

  // axe judges the page, not a toast fading out (a hovered toast stays: move the mouse away).
  await page.mouse.move(0, 0);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: testInfo.outputPath("tools-settings-light.png"), fullPage: true });
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("radio", { name: "Dark theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.screenshot({ path: testInfo.outputPath("tools-settings-dark.png"), fullPage: true });
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("radio", { name: "Light theme" }).click();

  // A graph whose scripted agent calls the tool; the document names the tool only.
  const draft = {
    schemaVersion: 1,
    name: unique("E2E weather graph"),
    rootAgentId: "main",
    agents: [
      {
        id: "main",
        name: "Main",
        instructions: "Answer with the weather.",
        tools: [toolName],
        modelChain: [
          {
            provider: "scripted",
            model: "script",
            script: {
              turns: [
                { kind: "tool_calls", calls: [{ tool: toolName, args: { city: "Bergen" } }] },
                { kind: "text", text: "Weather report: {{lastToolResult}}" },
              ],
            },
          },
        ],
      },
    ],
  };
  const { id } = await trpcMutation<{ id: string }>(request, "graphs.importJson", { text: JSON.stringify(draft) });

  // The editor's Tools checklist lists the catalog tool with its source; the compile knows it.
  await page.goto(`/graphs/${id}`);
  await page.getByTestId("agent-node-main").click();
  const inspector = page.getByRole("complementary", { name: "Inspector" });
  await inspector.getByRole("tab", { name: "Tools" }).click();
  await expect(inspector.getByRole("checkbox", { name: new RegExp(toolName) })).toBeChecked();
  await expect(inspector.getByText(`HTTP tool (GET 127.0.0.1:${port})`)).toBeVisible();
  await expect(page.locator('[data-code="unknown_tool"]')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("tools-editor-checklist.png"), fullPage: true });

  await page.goto(`/playground?graph=${id}&version=draft`);
  await page.getByRole("textbox", { name: "Message" }).fill("Weather in Bergen?");
  await page.getByRole("button", { name: "Run", exact: true }).click();
  const first = page.getByRole("list", { name: "Conversation" }).locator(":scope > li").first();
  await expect(first).toHaveAttribute("data-status", "completed", { timeout: 20_000 });
  const answer = first.getByText(/^Weather report: HTTP 200 OK/);
  await expect(answer).toBeVisible();
  await expect(answer).toContainText('"city": "Bergen"');
  expect(calls.at(-1)).toEqual({ url: "/weather/Bergen", key: SECRET });
  await page.screenshot({ path: testInfo.outputPath("tools-playground.png"), fullPage: true });

  // The trace shows the tool call.
  await page.goto((await first.getByRole("link", { name: "Open trace" }).getAttribute("href"))!);
  const tree = page.getByRole("tree", { name: "Span tree" });
  await expect(tree.getByRole("treeitem", { name: new RegExp(toolName) })).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath("tools-trace.png"), fullPage: true });
  expect(problems).toEqual([]);
});

test("a tool aimed at the cloud metadata address shows the guard's refusal", async ({ page }, testInfo) => {
  test.slow(); // axe on a shared machine
  const problems = watchProblems(page);
  const toolName = unique("e2e_metadata");
  await page.goto("/settings/tools");
  await addTool(page, { name: toolName, url: "http://169.254.169.254/latest/meta-data/" });
  await page.getByRole("button", { name: `Test ${toolName}` }).click();
  const testDialog = page.getByRole("dialog", { name: `Test ${toolName}` });
  await testDialog.getByRole("button", { name: "Run test" }).click();
  await expect(testDialog.getByRole("alert")).toHaveText(
    "http://169.254.169.254/latest/meta-data/ resolves to 169.254.169.254, a cloud metadata address: tools may not call it unless an owner allows the host in Settings → Tools.",
  );
  await page.screenshot({ path: testInfo.outputPath("tools-refusal.png") });
  await page.mouse.move(0, 0);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousAxeViolations(page);

  // The same refusal when testing a tool before saving it (nothing is stored).
  await testDialog.getByRole("button", { name: "Close" }).click();
  const draftName = unique("e2e_unsaved");
  await page.getByRole("button", { name: "Add HTTP tool" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an HTTP tool" });
  await dialog.getByLabel("Name", { exact: true }).fill(draftName);
  await dialog.getByLabel("URL template", { exact: true }).fill("http://[::ffff:169.254.169.254]/latest/");
  await dialog.getByRole("button", { name: "Test before saving" }).click();
  const draftTest = page.getByRole("dialog", { name: `Test ${draftName}` });
  await draftTest.getByRole("button", { name: "Run test" }).click();
  await expect(draftTest.getByRole("alert")).toContainText("a cloud metadata address (inside the IPv6 address");
  await draftTest.getByRole("button", { name: "Close" }).click();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("list", { name: "HTTP tools" }).getByText(draftName)).toHaveCount(0);
  expect(problems).toEqual([]);
});
