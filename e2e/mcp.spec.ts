import path from "node:path";

import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";

import { expectNoSeriousAxeViolations, watchProblems } from "./support/page-checks";
import { trpcMutation, trpcQuery } from "./support/trpc";

/**
 * Settings → Tools → MCP servers, driven like a person: add
 * @modelcontextprotocol/server-everything as a stdio server, refresh its
 * tools, let agents use echo, and delete it. axe and screenshots in light
 * and dark at each step.
 */

const EVERYTHING = path.resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const INVALID_SCHEMA_SERVER = path.resolve("e2e/support/invalid-schema-mcp-server.mjs");

/** Each story starts from a workspace without MCP servers. */
async function deleteAllMcpServers(request: APIRequestContext) {
  for (const server of await trpcQuery<ListedServer[]>(request, "mcpServers.list"))
    await trpcMutation(request, "mcpServers.delete", { id: server.id });
}

async function setTheme(page: Page, theme: "Light" | "Dark") {
  await page
    .getByRole("banner")
    .getByRole("radio", { name: `${theme} theme` })
    .click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme.toLowerCase());
}

/**
 * Closes the app's toasts with their close buttons, as a person would, instead of waiting out their
 * display time (4 s each, longer while hovered): the toasts (sonner, rich colours) fail axe's contrast
 * check on their own, so the page is looked at without them.
 */
async function closeToasts(page: Page) {
  const toasts = page.locator("[data-sonner-toast]");
  for (let tries = 0; tries < 10 && (await toasts.count()) > 0; tries++) {
    // A toast may leave by itself meanwhile: then there is nothing to click.
    await toasts
      .first()
      .getByRole("button", { name: "Close toast" })
      .click({ timeout: 2_000 })
      .catch(() => {});
  }
  await expect(toasts).toHaveCount(0);
}

/** axe and a screenshot in each theme; under a modal dialog (the header is inert) the theme is set directly. */
async function lookInBothThemes(page: Page, testInfo: TestInfo, name: string, underDialog = false) {
  await closeToasts(page);
  for (const theme of ["Light", "Dark"] as const) {
    if (underDialog)
      await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme.toLowerCase());
    else await setTheme(page, theme);
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${theme.toLowerCase()}.png`), fullPage: true });
  }
}

interface ListedServer {
  id: string;
  name: string;
  enabledTools: string[];
  envNames: string[];
}

// Both tests start from a workspace without MCP servers (they delete what they find): one at a time.
test.describe.configure({ mode: "serial" });

test("add server-everything over stdio, refresh its tools, enable echo, then delete it", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const problems = watchProblems(page);
  // Leftovers of an earlier attempt in the same data directory.
  await deleteAllMcpServers(page.request);

  await page.goto("/settings/tools");
  const section = page.getByRole("region", { name: "MCP servers" });
  await expect(section.getByText(/^No MCP servers yet\./)).toBeVisible();
  await lookInBothThemes(page, testInfo, "mcp-empty");

  await section.getByRole("button", { name: "Add MCP server" }).click();
  const dialog = page.getByRole("dialog", { name: "Add MCP server" });
  await dialog.getByLabel("Name", { exact: true }).fill("Everything");
  await dialog.getByLabel("Command", { exact: true }).fill("node; rm");
  await dialog.getByRole("button", { name: "Add server" }).click();
  // The shared schema's messages, on their fields; nothing is saved.
  await expect(dialog.getByText("a server name uses lower-case letters")).toBeVisible();
  await expect(dialog.getByText("without spaces or shell characters")).toBeVisible();

  await dialog.getByLabel("Name", { exact: true }).fill("everything");
  await dialog.getByLabel("Command", { exact: true }).fill("node");
  await dialog.getByRole("button", { name: "Add argument" }).click();
  await dialog.getByRole("textbox", { name: "Argument 1", exact: true }).fill(EVERYTHING);
  await dialog.getByRole("button", { name: "Add argument" }).click();
  await dialog.getByRole("textbox", { name: "Argument 2", exact: true }).fill("stdio");
  await dialog.getByRole("button", { name: "Add variable" }).click();
  await dialog.getByLabel("Name of variable 1").fill("API_TOKEN");
  await dialog.getByLabel("Value of variable 1").fill("e2e-secret-token-5521");
  await lookInBothThemes(page, testInfo, "mcp-add-dialog", true);
  await dialog.getByRole("button", { name: "Add server" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Added MCP server “everything”" })).toBeVisible();

  const card = section.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /everything/ }) });
  await expect(card.getByText("API_TOKEN (values hidden)")).toBeVisible();
  await expect(card.getByText("No tools listed yet")).toBeVisible();
  expect(await page.content()).not.toContain("e2e-secret-token-5521");

  await card.getByRole("button", { name: "Refresh tools" }).click();
  const echo = card.getByRole("checkbox", { name: /^echo/ });
  await expect(echo).toBeVisible({ timeout: 30_000 });
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: /“everything” lists \d+ tools/ })).toBeVisible();
  await expect(echo).not.toBeChecked();
  await echo.check();
  await expect(card.getByText(/Tools agents may use \(1 of \d+\)/)).toBeVisible();
  await expect(echo).toBeChecked();
  await lookInBothThemes(page, testInfo, "mcp-listed");

  // Other specs may have servers of their own in this workspace: find this one by name.
  const listed = (await trpcQuery<ListedServer[]>(page.request, "mcpServers.list")).find(
    (server) => server.name === "everything",
  );
  expect(listed).toMatchObject({ name: "everything", enabledTools: ["echo"], envNames: ["API_TOKEN"] });
  await page.reload();
  await expect(card.getByRole("checkbox", { name: /^echo/ })).toBeChecked();

  await card.getByRole("button", { name: "Delete everything" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete “everything”?" });
  await expect(confirm.getByText("Its 1 enabled tool leaves the tool catalog")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete server" }).click();
  await expect(section.getByText(/^No MCP servers yet\./)).toBeVisible();
  expect(problems).toEqual([]);
});

test("an HTTP server on a refused address shows why its tools cannot be listed, in words", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const problems = watchProblems(page);
  await deleteAllMcpServers(page.request);

  await page.goto("/settings/tools");
  const section = page.getByRole("region", { name: "MCP servers" });
  await section.getByRole("button", { name: "Add MCP server" }).click();
  const dialog = page.getByRole("dialog", { name: "Add MCP server" });
  await dialog.getByLabel("Name", { exact: true }).fill("local-http");
  await dialog.getByRole("tab", { name: "Streamable HTTP" }).click();
  await dialog.getByLabel("URL").fill("http://127.0.0.1:9/mcp");
  await dialog.getByRole("button", { name: "Add header" }).click();
  await dialog.getByLabel("Name of header 1").fill("Authorization");
  await dialog.getByLabel("Value of header 1").fill("Bearer e2e-header-secret");
  await lookInBothThemes(page, testInfo, "mcp-http-dialog", true);
  await dialog.getByRole("button", { name: "Add server" }).click();
  await expect(dialog).toBeHidden();

  const card = section.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /local-http/ }) });
  await expect(card.getByText("Authorization (values hidden)")).toBeVisible();
  await card.getByRole("button", { name: "Refresh tools" }).click();
  await expect(card.getByText("Last refresh failed:")).toBeVisible();
  await expect(
    card.getByText(
      'MCP server "local-http" was not contacted: http://127.0.0.1:9/mcp resolves to 127.0.0.1, a loopback address',
      { exact: false },
    ),
  ).toBeVisible();
  await lookInBothThemes(page, testInfo, "mcp-http-error");
  expect(await page.content()).not.toContain("e2e-header-secret");

  const listed = (await trpcQuery<ListedServer[]>(page.request, "mcpServers.list")).find(
    (server) => server.name === "local-http",
  );
  await trpcMutation(page.request, "mcpServers.delete", { id: listed!.id });
  expect(problems).toEqual([]);
});

test("a tool whose input schema does not compile is shown not selectable, with the reason in words", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const problems = watchProblems(page);
  await deleteAllMcpServers(page.request);
  await trpcMutation(page.request, "mcpServers.create", {
    name: "schemas",
    transport: "stdio",
    command: "node",
    args: [INVALID_SCHEMA_SERVER],
    env: [],
  });

  await page.goto("/settings/tools");
  const section = page.getByRole("region", { name: "MCP servers" });
  const card = section.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /schemas/ }) });
  await card.getByRole("button", { name: "Refresh tools" }).click();
  const good = card.getByRole("checkbox", { name: /^good/ });
  const broken = card.getByRole("checkbox", { name: /^broken/ });
  await expect(good).toBeVisible({ timeout: 30_000 });
  await expect(good).toBeEnabled();
  await expect(broken).toBeDisabled();
  await expect(broken).not.toBeChecked();
  await expect(broken).toHaveAccessibleDescription(
    /^Not selectable — agents cannot be given it: its input schema is not a valid JSON schema \(schema\.properties\.n\.type must be one of/,
  );
  await expect(card.getByText(/^Not selectable — agents cannot be given it:/)).toBeVisible();
  await lookInBothThemes(page, testInfo, "mcp-invalid-schema");

  const listed = (await trpcQuery<ListedServer[]>(page.request, "mcpServers.list")).find(
    (server) => server.name === "schemas",
  );
  await trpcMutation(page.request, "mcpServers.delete", { id: listed!.id });
  expect(problems).toEqual([]);
});
