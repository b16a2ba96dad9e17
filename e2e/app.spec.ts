import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "@playwright/test";

interface ExampleGraph {
  name: string;
  agents: { id: string }[];
  [key: string]: unknown;
}

/** The example graphs the seed imports from examples/*.json. */
function exampleGraphs(): ExampleGraph[] {
  const dir = path.join(__dirname, "..", "examples");
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")) as ExampleGraph);
}

function exampleGraphNames(): string[] {
  return exampleGraphs().map((graph) => graph.name);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test("the home page opens the Graphs list inside the app shell", async ({ page }) => {
  await page.goto("/");

  await expect(page).toHaveURL(/\/graphs$/);
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Agent Graph Studio" })).toBeVisible();

  const nav = page.getByRole("navigation", { name: "Main" });
  for (const section of ["Graphs", "Playground", "Traces", "Costs", "Settings"]) {
    await expect(nav.getByRole("link", { name: section, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: "Graphs" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 1, name: "Graphs" })).toBeVisible();
  // The header's status light has asked the server, which reached its database.
  await expect(header.getByRole("status")).toHaveText("Connected");
});

test("health.ping reports the database as ok", async ({ request }) => {
  const response = await request.get("/api/trpc/health.ping");
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { result: { data: Record<string, unknown> } };
  expect(body.result.data).toMatchObject({ status: "ok", db: "ok" });
  expect(body.result.data.version).toEqual(expect.any(String));
});

test("the seeded example graphs are listed", async ({ page }) => {
  const names = exampleGraphNames();
  test.skip(names.length === 0, "examples/ holds no graphs to seed");

  await page.goto("/graphs");
  const table = page.getByRole("table", { name: "Graphs" });
  await expect(table).toBeVisible();
  for (const name of names) {
    await expect(table.getByRole("row", { name: new RegExp(escapeRegExp(name)) })).toBeVisible();
  }
});

test("every section is reachable from the header", async ({ page }) => {
  await page.goto("/graphs");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const section of ["Playground", "Traces", "Costs", "Settings"]) {
    await nav.getByRole("link", { name: section, exact: true }).click();
    // Settings opens its first section (/settings redirects to /settings/providers).
    await expect(page).toHaveURL(new RegExp(`/${section.toLowerCase()}(/providers)?$`));
    await expect(page.getByRole("heading", { level: 1, name: section })).toBeVisible();
    await expect(nav.getByRole("link", { name: section, exact: true })).toHaveAttribute("aria-current", "page");
  }
});

test("the graphs list shows each seeded graph's agent count", async ({ page }) => {
  const graphs = exampleGraphs();
  test.skip(graphs.length === 0, "examples/ holds no graphs to seed");

  await page.goto("/graphs");
  const table = page.getByRole("table", { name: "Graphs" });
  for (const graph of graphs) {
    const row = table.getByRole("row", { name: new RegExp(escapeRegExp(graph.name)) });
    const count = graph.agents.length;
    await expect(row.getByRole("cell").first()).toHaveText(`${count} ${count === 1 ? "agent" : "agents"}`);
  }
  // Other specs add graphs in parallel: the footer counts at least the examples.
  const footer = page.getByText(/^\d+ graphs?$/);
  await expect(footer).toBeVisible();
  expect(Number.parseInt((await footer.textContent()) ?? "0", 10)).toBeGreaterThanOrEqual(graphs.length);
});

test("graphs.compile compiles every example graph without errors", async ({ request }) => {
  const graphs = exampleGraphs();
  test.skip(graphs.length === 0, "examples/ holds no graphs to compile");

  for (const graph of graphs) {
    const response = await request.post("/api/trpc/graphs.compile", { data: { document: graph } });
    expect(response.ok(), `graphs.compile of "${graph.name}"`).toBe(true);
    const { result } = (await response.json()) as {
      result: {
        data: {
          definition: { graphName: string; agents: Record<string, unknown> } | null;
          hash: string | null;
          diagnostics: { severity: string; code: string }[];
        };
      };
    };
    const errors = result.data.diagnostics.filter((d) => d.severity === "error");
    expect(errors, `errors compiling "${graph.name}"`).toEqual([]);
    expect(result.data.definition?.graphName).toBe(graph.name);
    expect(result.data.hash).toMatch(/\S/);
  }
});

test("graphs.compile reports a broken document as diagnostics, not a server error", async ({ request }) => {
  const response = await request.post("/api/trpc/graphs.compile", {
    data: { document: { schemaVersion: 1, agents: "not a list" } },
  });
  expect(response.ok()).toBe(true);
  const { result } = (await response.json()) as {
    result: { data: { definition: unknown; diagnostics: { severity: string; code: string; message: string }[] } };
  };
  expect(result.data.definition).toBeNull();
  expect(result.data.diagnostics.some((d) => d.severity === "error" && d.message.length > 0)).toBe(true);
});

test("an unknown address shows the not-found page inside the app shell", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Agent Graph Studio" })).toBeVisible();
});

test("every section loads without console errors or failed requests (favicon included)", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });

  for (const section of ["/graphs", "/playground", "/traces", "/settings"]) {
    await page.goto(section);
    await page.waitForLoadState("networkidle");
  }
  const icon = await page.request.get(
    (await page.locator('link[rel="icon"]').first().getAttribute("href")) ?? "/favicon.ico",
  );
  expect(icon.status()).toBe(200);
  expect(problems).toEqual([]);
});
