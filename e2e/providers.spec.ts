import { expect, test, type Page, type TestInfo } from "@playwright/test";

import { type FakeOpenAIServer, startFakeOpenAIServer } from "../src/server/models/testing/fake-openai-server";
import { expectNoSeriousAxeViolations, watchProblems } from "./support/page-checks";
import { trpcMutation, trpcQuery } from "./support/trpc";

/**
 * Providers and prices on `npm start`'s stack: an owner adds an
 * OpenAI-compatible provider pointing at a fake server on 127.0.0.1 (bad
 * input refused at the field), tests the connection ("Connected", the model
 * list appears), picks it in a graph's model chain, runs the graph in the
 * playground and reads the fake server's answer; then prices that model in
 * Settings → Prices. The key appears in no response the browser gets.
 */

const KEY = "sk-e2e-fake-7c21d94a0b3e";
const PROVIDER = "E2E fake server";
const ANSWER = "Hello from the fake OpenAI-compatible server.";
let fake: FakeOpenAIServer;

test.beforeAll(async () => {
  fake = await startFakeOpenAIServer();
  fake.serveModels({ ids: ["e2e-fake-model", "e2e-fake-large"], key: KEY });
});

test.afterAll(async () => {
  await fake?.close();
});

async function setTheme(page: Page, theme: "Light" | "Dark") {
  await page
    .getByRole("banner")
    .getByRole("radio", { name: `${theme} theme` })
    .click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme.toLowerCase());
}

/** axe and a screenshot in both themes. */
async function lookInBothThemes(page: Page, testInfo: TestInfo, name: string) {
  // Toasts fade in and out (axe would measure a half-transparent one): let them go first.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  for (const theme of ["Light", "Dark"] as const) {
    await setTheme(page, theme);
    await expectNoSeriousAxeViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`${name}-${theme.toLowerCase()}.png`), fullPage: true });
  }
  await setTheme(page, "Light");
}

test("an owner adds a provider, tests it, picks it in a model chain, runs it and prices its model", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000); // four pages, two axe passes on two of them, two real runs, on a shared machine
  const problems = watchProblems(page);
  const keyLeaks: string[] = [];
  page.on("response", async (response) => {
    if (!response.url().includes("/api/trpc/")) return;
    const body = await response.text().catch(() => "");
    if (body.includes(KEY)) keyLeaks.push(response.url());
  });

  // Settings → Providers: add one, refusing bad input at the field first.
  await page.goto("/settings/providers");
  await page.getByRole("button", { name: "Add provider" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add provider" });
  await dialog.getByLabel("Kind").selectOption("openai");
  await dialog.getByLabel("Name").fill(PROVIDER);
  await dialog.getByLabel("API key").fill("sk-ant-api03-not-an-openai-key");
  await dialog.getByRole("button", { name: "Add provider" }).click();
  await expect(dialog.getByText(/This is an Anthropic key/)).toBeVisible();
  await dialog.getByLabel("Kind").selectOption("openai_compatible");
  await dialog.getByLabel("Base URL").fill("http://user:pass@127.0.0.1/v1");
  await dialog.getByLabel("API key").fill(KEY);
  await dialog.getByRole("button", { name: "Add provider" }).click();
  await expect(dialog.getByText(/must not contain a user name or password/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await dialog.screenshot({ path: testInfo.outputPath("add-provider-dialog-error.png") });
  await dialog.getByLabel("Base URL").fill(fake.baseURL);
  await dialog.getByRole("button", { name: "Add provider" }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: PROVIDER }) });
  await expect(card).toContainText(`••••${KEY.slice(-4)}`);
  await expect(card).toContainText(fake.baseURL);
  await expect(card).toContainText("Not tested yet");

  // Test connection: the result in words, and the models it read.
  await card.getByRole("button", { name: "Test connection" }).click();
  await expect(card.getByRole("status")).toContainText("Connected: 2 models.");
  await card.getByText("2 models", { exact: true }).click();
  await expect(card.getByRole("list", { name: `Models of ${PROVIDER}` })).toContainText("e2e-fake-model");
  expect(fake.requests.some((r) => r.method === "GET" && r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  await lookInBothThemes(page, testInfo, "settings-providers");

  // The editor: a blank graph's model picks the provider, then one of its models.
  const { id: graphId } = await trpcMutation<{ id: string }>(request, "graphs.create", { name: "Provider e2e" });
  await page.goto(`/graphs/${graphId}`);
  await page.getByTestId("agent-node-main").click();
  const inspector = page.getByRole("complementary", { name: "Inspector" });
  await inspector.getByRole("tab", { name: "Models" }).click();
  const model = inspector.getByRole("group", { name: "Model 1" });
  await model.getByLabel("Provider").click();
  await page.getByRole("option", { name: `${PROVIDER} · OpenAI-compatible` }).click();
  // The provider's first model (sorted), then another of its models typed into the combobox.
  await expect(model.getByLabel("Model", { exact: true })).toHaveValue("e2e-fake-large");
  await model.getByLabel("Model", { exact: true }).fill("e2e-fake-model");
  await model.getByLabel("Model", { exact: true }).press("Enter");
  await expect(model).toContainText("unknown");
  await model.screenshot({ path: testInfo.outputPath("editor-model-picked-provider.png") });
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
  const providers = await trpcQuery<Array<{ id: string; name: string }>>(request, "providers.list");
  const providerId = providers.find((p) => p.name === PROVIDER)!.id;
  const graph = await trpcQuery<{ draft: { agents: Array<{ modelChain: unknown[] }> } }>(request, "graphs.get", {
    graphId,
  });
  expect(graph.draft.agents[0]!.modelChain).toEqual([
    {
      provider: "openai-compatible",
      model: "e2e-fake-model",
      retries: 1,
      timeoutMillis: 60_000,
      credentialId: providerId,
    },
  ]);

  // The playground: the run calls the fake server with the workspace's key.
  fake.enqueueFor("e2e-fake-model", {
    kind: "text",
    text: ANSWER,
    usage: { prompt_tokens: 1200, completion_tokens: 300 },
  });
  await page.goto(`/playground?graph=${graphId}&version=draft`);
  await page.getByRole("textbox", { name: "Message" }).fill("Say hello.");
  await page.getByRole("button", { name: "Run", exact: true }).click();
  const turn = page.getByRole("list", { name: "Conversation" }).locator(":scope > li").first();
  await expect(turn).toHaveAttribute("data-status", "completed", { timeout: 20_000 });
  await expect(turn.getByText(ANSWER)).toBeVisible();
  const call = fake.requests.find((r) => r.method === "POST" && r.body?.model === "e2e-fake-model");
  expect(call?.headers.authorization).toBe(`Bearer ${KEY}`);
  // Not in the price table yet: its cost is unknown, not zero.
  await expect(turn.getByTestId("run-cost")).toHaveText(/^unknown/);

  // Settings → Prices: the model shows as unknown; price it, then edit the price inline.
  await page.goto("/settings/prices");
  await page.getByLabel("Filter prices").fill("e2e-fake");
  const prices = page.getByRole("table", { name: "Prices" });
  await expect(prices.getByRole("row", { name: /e2e-fake-model/ })).toContainText("unknown");
  await prices.getByRole("button", { name: "Set price of e2e-fake-model" }).click();
  await prices.getByLabel("Input price (USD per 1M tokens)", { exact: true }).fill("-1");
  await prices.getByLabel("Output price (USD per 1M tokens)").fill("4");
  await prices.getByRole("button", { name: "Save" }).click();
  await expect(prices.getByText("The input price cannot be negative.")).toBeVisible();
  await prices.getByLabel("Input price (USD per 1M tokens)", { exact: true }).fill("2");
  await prices.getByRole("button", { name: "Save" }).click();
  const row = prices
    .getByRole("row")
    .filter({ has: page.getByRole("button", { name: "Edit the price of e2e-fake-model" }) });
  await expect(row).toContainText("$2");
  await expect(row).toContainText("$4");
  // Priced now: no longer listed as unknown.
  await expect(prices.getByRole("button", { name: "Set price of e2e-fake-model" })).toHaveCount(0);
  await row.getByRole("button", { name: "Edit the price of e2e-fake-model" }).click();
  await prices.getByLabel("Input price (USD per 1M tokens)", { exact: true }).fill("2.5");
  await prices.getByLabel("Input price (USD per 1M tokens)", { exact: true }).press("Enter");
  await expect(row).toContainText("$2.50");
  await page.getByLabel("Filter prices").fill("");
  await lookInBothThemes(page, testInfo, "settings-prices");

  // The next run is charged at the new price: 1,200 × $2.50 + 300 × $4 per 1M = $0.0042.
  fake.enqueueFor("e2e-fake-model", {
    kind: "text",
    text: ANSWER,
    usage: { prompt_tokens: 1200, completion_tokens: 300 },
  });
  const started = await trpcMutation<{ runId: string }>(request, "runs.start", { graphId, input: "Again." });
  await expect
    .poll(async () => (await trpcQuery<{ status: string }>(request, "runs.get", { runId: started.runId })).status, {
      timeout: 20_000,
    })
    .toBe("completed");
  const run = await trpcQuery<{ costUsd: number | null; unpricedCalls: number }>(request, "runs.get", {
    runId: started.runId,
  });
  expect(run.unpricedCalls).toBe(0);
  expect(run.costUsd).toBeCloseTo(0.0042, 10);

  expect(keyLeaks).toEqual([]);
  expect(problems).toEqual([]);
});
