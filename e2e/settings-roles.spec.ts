import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";

import { expectNoSeriousAxeViolations, watchProblems } from "./support/page-checks";
import { trpcMutation } from "./support/trpc";

/**
 * Settings as an editor and as a viewer of the owner's workspace: what each
 * can see, and that every write control is absent (or disabled) with a note
 * saying who may change it. The owner makes a workspace of its own for this
 * spec (with a provider, an HTTP tool, an MCP server, a secret and an
 * allowed host in it), invites an editor and a viewer, and each signs up
 * through the real /api/auth route and accepts.
 */

test.describe.configure({ mode: "serial", timeout: 120_000 });

type Role = "editor" | "viewer";
interface Person {
  role: Role;
  name: string;
  email: string;
  context: BrowserContext;
}

const uniq = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const WORKSPACE = `E2E Roles ${uniq}`;
let workspaceId: string;
const people = new Map<Role, Person>();

/** A fresh address per sign-up: the sign-up rate limit (5 a minute per address) is shared with other specs. */
function freshAddress(): string {
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
}

async function join(browser: Browser, baseURL: string, role: Role, link: string): Promise<Person> {
  const person = { role, name: `Rita ${role}`, email: `${role}-${uniq}@e2e.test`, password: "a long enough password" };
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL });
  const signUp = await context.request.post("/api/auth/sign-up/email", {
    data: person,
    headers: { origin: baseURL, "x-forwarded-for": freshAddress() },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  await trpcMutation(context.request, "invitations.accept", { token: link.split("/").pop() });
  // Their own workspace is older: the cookie selects the owner's, as accepting in the browser does.
  await context.addCookies([{ name: "ags_workspace", value: workspaceId, url: baseURL }]);
  return { role, name: person.name, email: person.email, context };
}

test.beforeAll(async ({ browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const owner = await browser.newContext({ baseURL });
  try {
    const request = owner.request;
    workspaceId = (await trpcMutation<{ id: string }>(request, "workspaces.create", { name: WORKSPACE })).id;
    await owner.addCookies([{ name: "ags_workspace", value: workspaceId, url: baseURL }]);
    await trpcMutation(request, "providers.create", {
      kind: "openai_compatible",
      name: "Local Ollama",
      baseUrl: "http://127.0.0.1:11434/v1",
    });
    await trpcMutation(request, "secrets.set", { name: "WEATHER_KEY", value: "roles-secret-4411" });
    await trpcMutation(request, "allowedHosts.add", { host: "127.0.0.1:8080" });
    await trpcMutation(request, "httpTools.create", {
      name: "get_weather",
      description: "Current weather for a city",
      method: "GET",
      urlTemplate: "https://api.example.com/weather/{{city}}",
      parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      headers: [{ name: "X-Api-Key", value: "{{secrets.WEATHER_KEY}}" }],
    });
    await trpcMutation(request, "mcpServers.create", {
      name: "docs",
      transport: "http",
      url: "https://mcp.example.com/mcp",
      headers: [],
    });
    for (const role of ["editor", "viewer"] as const) {
      const { link } = await trpcMutation<{ link: string }>(request, "invitations.create", { role });
      people.set(role, await join(browser, baseURL, role, link));
    }
  } finally {
    await owner.close();
  }
});

test.afterAll(async () => {
  for (const person of people.values()) await person.context.close();
});

async function open(role: Role, path: string): Promise<{ page: Page; problems: string[] }> {
  const page = await people.get(role)!.context.newPage();
  await page.emulateMedia({ colorScheme: "light" });
  const problems = watchProblems(page);
  await page.goto(path);
  return { page, problems };
}

async function look(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  await expectNoSeriousAxeViolations(page);
}

for (const role of ["editor", "viewer"] as const) {
  const article = role === "editor" ? "an editor" : "a viewer";

  test(`Providers and Prices as ${article}: read-only, with a note`, async () => {
    const { page, problems } = await open(role, "/settings/providers");
    await expect(
      page
        .getByRole("banner")
        .getByRole("button", { name: new RegExp(`^Workspace: ${WORKSPACE}\\W+you are ${role}$`) }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Local Ollama" })).toBeVisible();
    // A long workspace name and user name leave the whole "Settings" link visible (the nav hides its scrollbar).
    const nav = page.getByRole("navigation", { name: "Main" });
    const [navBox, linkBox] = await Promise.all([
      nav.boundingBox(),
      nav.getByRole("link", { name: "Settings" }).boundingBox(),
    ]);
    expect(linkBox!.x + linkBox!.width).toBeLessThanOrEqual(navBox!.x + navBox!.width);
    await expect(
      page.getByText(`You are ${article} here: you can see the providers and pick their models`),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Add provider" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^(Edit|Delete|Test connection)/ })).toHaveCount(0);
    await look(page, `${role}-providers`);

    await page.goto("/settings/prices");
    const prices = page.getByRole("table", { name: "Prices" });
    await expect(prices.getByRole("row").filter({ hasText: "gpt-4o-mini" })).toContainText("$0.15");
    await expect(page.getByText(`You are ${article} here: only owners change prices.`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Add price" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Reset/ })).toHaveCount(0);
    await expect(prices.getByRole("button")).toHaveCount(0);
    // Filtering is reading, so it stays.
    await page.getByLabel("Filter prices").fill("claude");
    await expect(prices.getByRole("row").filter({ hasText: "gpt-4o" })).toHaveCount(0);
    await page.getByLabel("Filter prices").fill("");
    await look(page, `${role}-prices`);
    expect(problems).toEqual([]);
  });

  test(`Tools as ${article}: what the role may change, and why the rest is locked`, async () => {
    const { page, problems } = await open(role, "/settings/tools");
    const http = page.getByRole("region", { name: "HTTP tools" });
    await expect(http).toContainText("get_weather");
    const mcp = page.getByRole("region", { name: "MCP servers" });
    await expect(mcp.getByRole("heading", { name: /docs/ })).toBeVisible();
    await expect(mcp).toContainText("Only owners can add or change servers.");
    await expect(mcp.getByRole("button", { name: "Add MCP server" })).toHaveCount(0);
    await expect(mcp.getByRole("button", { name: "Edit", exact: true })).toHaveCount(0);
    await expect(mcp.getByRole("button", { name: "Delete docs" })).toHaveCount(0);
    const secrets = page.getByRole("region", { name: "Secrets" });
    await expect(secrets).toContainText("WEATHER_KEY");
    await expect(secrets).not.toContainText("roles-secret-4411");
    await expect(secrets).toContainText("Only owners can add, replace or delete secrets.");
    await expect(secrets.getByRole("button")).toHaveCount(0);
    await expect(secrets.getByRole("textbox")).toHaveCount(0);
    const hosts = page.getByRole("region", { name: "Allowed hosts" });
    await expect(hosts).toContainText("127.0.0.1:8080");
    await expect(hosts).toContainText("Only owners can change the allowed hosts.");
    await expect(hosts.getByRole("button")).toHaveCount(0);

    if (role === "editor") {
      // Editors manage HTTP tools and list an MCP server's tools.
      await expect(http.getByRole("button", { name: "Add HTTP tool" })).toBeVisible();
      await expect(http.getByRole("button", { name: /get_weather/ }).first()).toBeVisible();
      await expect(mcp.getByRole("button", { name: /Refresh tools/ })).toBeVisible();
    } else {
      await expect(http.getByRole("button")).toHaveCount(0);
      await expect(http).toContainText("Editors and owners can add, change and test tools.");
      await expect(mcp.getByRole("button")).toHaveCount(0);
      await expect(mcp).toContainText("An editor can list them.");
    }
    await look(page, `${role}-tools`);
    expect(problems).toEqual([]);
  });

  test(`Members as ${article}: the list without role pickers, invitations or removal`, async () => {
    const { page, problems } = await open(role, "/settings/members");
    await expect(page.getByRole("heading", { name: `Members of ${WORKSPACE}` })).toBeVisible();
    const members = page.getByRole("table", { name: "Members" });
    await expect(members.getByRole("row")).toHaveCount(4);
    await expect(members.getByRole("row").filter({ hasText: "You" })).toContainText(people.get(role)!.email);
    await expect(members).toContainText(people.get(role === "editor" ? "viewer" : "editor")!.email);
    await expect(page.getByText(`You are ${article} here: only owners change roles and invite people.`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Invite people" })).toHaveCount(0);
    await expect(page.getByRole("combobox")).toHaveCount(0);
    await expect(members.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
    await expect(page.getByRole("table", { name: "Invitations" })).toHaveCount(0);
    // Leaving is their own choice, so it stays.
    await expect(page.getByRole("button", { name: "Leave workspace" })).toBeVisible();
    await look(page, `${role}-members`);
    expect(problems).toEqual([]);
  });
}
