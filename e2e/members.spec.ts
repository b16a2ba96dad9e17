import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

import { E2E_OWNER } from "./support/e2e-owner";
import { watchProblems } from "./support/page-checks";
import { trpcMutation } from "./support/trpc";

/**
 * Settings → Members, invite links and the header's workspace switcher, as
 * the owner the global setup signed up (and, for accepting, a second person
 * signing up from the link). Workspaces this spec creates have names of
 * their own; the browser context's cookie selects them, so specs running in
 * parallel (cookie-less, in the owner's oldest workspace) are not affected.
 */

/** axe on the page as it is now: no serious or critical violations. */
async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

// Several pages, dialogs and axe runs per story: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

function uniqueName(label: string): string {
  return `E2E ${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

async function screenshots(page: Page, name: string, path: (file: string) => string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: path(`${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("an owner invites an editor from Settings → Members and copies the link", async ({ page, context }, testInfo) => {
  const problems = watchProblems(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const email = `${Date.now().toString(36)}@invitee.test`;

  await page.goto("/settings/members");
  await expect(page.getByRole("link", { name: "Members" })).toHaveAttribute("aria-current", "page");
  const members = page.getByRole("table", { name: "Members" });
  const me = members.getByRole("row").filter({ hasText: "You" });
  await expect(me).toContainText(E2E_OWNER.email);
  await expect(me.getByRole("combobox", { name: /Role of/ })).toHaveValue("owner");
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, "members", (file) => testInfo.outputPath(file));

  // The dialog, by keyboard from its trigger.
  await page.getByRole("button", { name: "Invite people" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: /Invite people to/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("combobox", { name: "Role" }).selectOption("editor");
  await expect(dialog).toContainText("Edits graphs and tools and starts runs.");
  await dialog.getByRole("textbox", { name: /Email/ }).fill("not an email");
  await dialog.getByRole("button", { name: "Create invite link" }).click();
  await expect(dialog).toContainText("must be an email address");
  await dialog.getByRole("textbox", { name: /Email/ }).fill(email);
  await dialog.getByRole("combobox", { name: "Link expires after" }).selectOption("14");
  await dialog.getByRole("button", { name: "Create invite link" }).click();

  const ready = page.getByRole("dialog", { name: "Invite link ready" });
  const linkBox = ready.getByRole("textbox", { name: "Invite link" });
  await expect(linkBox).toHaveValue(/\/invite\/[A-Za-z0-9_-]{43}$/);
  const link = await linkBox.inputValue();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, "invite-dialog", (file) => testInfo.outputPath(file));
  await ready.getByRole("button", { name: "Copy" }).click();
  await expect(ready.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await ready.getByRole("button", { name: "Done" }).click();
  await expect(ready).toBeHidden();

  // Listed as pending, for the email given, without the token anywhere on the page.
  const invitations = page.getByRole("table", { name: "Invitations" });
  const row = invitations.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Pending");
  await expect(row).toContainText("editor");
  const token = link.split("/").pop()!;
  expect(await page.content()).not.toContain(token);
  expect(problems).toEqual([]);
});

test("the invite page: who invites where, accepting as a member, a revoked and an unknown link", async ({
  page,
}, testInfo) => {
  const problems = watchProblems(page);
  const email = `${Date.now().toString(36)}@invitee.test`;
  const created = await trpcMutation<{ link: string }>(page.request, "invitations.create", { role: "editor", email });
  const path = created.link;

  // The link's page, as the (signed-in) owner: who invites where and as what.
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `${E2E_OWNER.name} invited you to Default workspace as an editor`,
  );
  await expect(page.getByRole("button", { name: "Accept invitation" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, "invite-page", (file) => testInfo.outputPath(file));
  // An owner accepting an editor invite keeps being owner; the link stays unused.
  await page.getByRole("button", { name: "Accept invitation" }).click();
  await expect(page.getByText(/already an owner of “Default workspace”/)).toBeVisible();
  await expect(page).toHaveURL(/\/graphs$/);

  // Revoked from Settings, the link explains itself.
  await page.goto("/settings/members");
  const invitations = page.getByRole("table", { name: "Invitations" });
  await page.getByRole("button", { name: `Revoke the invitation for ${email}` }).click();
  await expect(invitations.getByRole("row").filter({ hasText: email })).toContainText("Revoked");
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This invite link was revoked");
  await expectNoSeriousAxeViolations(page);

  // A link no workspace handed out.
  await page.goto(`/invite/${"x".repeat(43)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This invite link doesn’t work");
  expect(problems).toEqual([]);
});

test("the header's switcher creates a workspace, switches to it and back", async ({ page }, testInfo) => {
  const problems = watchProblems(page);
  const name = uniqueName("Team");
  await page.goto("/graphs");
  const header = page.getByRole("banner");
  const trigger = header.getByRole("button", { name: /^Workspace: Default workspace\W+you are owner$/ });
  await expect(trigger).toBeVisible();

  // Keyboard: open the menu, pick "Create workspace…".
  await trigger.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitemradio", { name: /Default workspace/ })).toHaveAttribute("aria-checked", "true");
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, "switcher-open", (file) => testInfo.outputPath(file));
  await menu.getByRole("menuitem", { name: "Create workspace…" }).click();

  const dialog = page.getByRole("dialog", { name: "Create workspace" });
  await dialog.getByRole("button", { name: "Create and switch" }).click();
  await expect(dialog).toContainText("a workspace needs a name");
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  await dialog.getByRole("button", { name: "Create and switch" }).click();

  // The new workspace: empty, its owner is me, the switcher says so.
  await expect(page).toHaveURL(/\/graphs$/);
  await expect(header.getByRole("button", { name: new RegExp(`^Workspace: ${name}\\W+you are owner$`) })).toBeVisible();
  await expect(page.getByRole("table", { name: "Graphs" })).toBeHidden();
  await expect(page.getByText(/no graphs/i).first()).toBeVisible();
  await page.goto("/settings/members");
  await expect(page.getByRole("heading", { name: `Members of ${name}` })).toBeVisible();
  await expect(page.getByRole("table", { name: "Members" }).getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("table", { name: "Invitations" })).toBeHidden();
  await expect(page.getByText("No invitations yet.")).toBeVisible();
  // Its only owner cannot leave it.
  await page.getByRole("button", { name: "Leave workspace" }).click();
  const leave = page.getByRole("alertdialog", { name: `Leave “${name}”?` });
  await leave.getByRole("button", { name: "Leave workspace" }).click();
  await expect(leave.getByRole("alert")).toHaveText(
    "A workspace needs at least one owner: make someone else owner first.",
  );
  await leave.getByRole("button", { name: "Stay" }).click();

  // Back to the default workspace through the menu.
  await header.getByRole("button", { name: /^Workspace: / }).click();
  await page.getByRole("menuitemradio", { name: /Default workspace/ }).click();
  await expect(page).toHaveURL(/\/graphs$/);
  await expect(header.getByRole("button", { name: /^Workspace: Default workspace/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "Graphs" })).toContainText("Research team");
  // The refused leave above answered 409 (the browser and the tRPC logger logged it): that one is expected.
  const expected = /members\.leave|status of 409/;
  expect(problems.filter((problem) => !expected.test(problem))).toEqual([]);
});

test("a second person signs up from the invite link, accepts, and works in the workspace", async ({
  page,
  browser,
}, testInfo) => {
  // Two browsers, a sign-up (a password hash) and two workspaces' pages: a long story on a busy machine.
  test.setTimeout(120_000);
  const problems = watchProblems(page);
  const invitee = {
    name: "Ines Invited",
    email: `ines-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@e2e.test`,
    password: "a long enough password",
  };
  await page.goto("/settings/members");
  await page.getByRole("button", { name: "Invite people" }).click();
  const dialog = page.getByRole("dialog", { name: /Invite people to/ });
  await dialog.getByRole("combobox", { name: "Role" }).selectOption("editor");
  await dialog.getByRole("textbox", { name: /Email/ }).fill(invitee.email);
  await dialog.getByRole("button", { name: "Create invite link" }).click();
  const link = await page.getByRole("textbox", { name: "Invite link" }).inputValue();
  const path = new URL(link).pathname;

  // Someone else, in a browser nobody signed in to.
  const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const guest = await other.newPage();
    const guestProblems = watchProblems(guest);
    // Signed out, the link explains itself and offers both ways in.
    await guest.goto(path);
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText(
      `${E2E_OWNER.name} invited you to Default workspace as an editor`,
    );
    const next = encodeURIComponent(path);
    await expect(guest.getByRole("link", { name: "Sign in to accept" })).toHaveAttribute(
      "href",
      `/sign-in?next=${next}`,
    );
    await expect(guest.getByRole("link", { name: "Create an account" })).toHaveAttribute(
      "href",
      `/sign-up?next=${next}`,
    );
    await expectNoSeriousAxeViolations(guest);
    await screenshots(guest, "invite-page-signed-out", (file) => testInfo.outputPath(file));

    await guest.getByRole("link", { name: "Create an account" }).click();
    await expect(guest).toHaveURL(`/sign-up?next=${next}`);
    // Typed before the form hydrates, the fields would be lost (and a click would submit natively).
    await guest.waitForLoadState("networkidle");
    await guest.getByLabel("Name").fill(invitee.name);
    await guest.getByLabel("Email").fill(invitee.email);
    await guest.getByLabel("Password").fill(invitee.password);
    await guest.getByRole("button", { name: "Create account" }).click();

    // Back on the invite, signed in: accept, land in the owner's workspace.
    await expect(guest).toHaveURL(path);
    await guest.getByRole("button", { name: "Accept invitation" }).click();
    await expect(guest).toHaveURL(/\/graphs$/);
    await expect(guest.getByText("You joined “Default workspace” as an editor.")).toBeVisible();
    await expect(guest.getByRole("table", { name: "Graphs" })).toContainText("Research team");
    await expect(
      guest.getByRole("banner").getByRole("button", { name: /^Workspace: Default workspace\W+you are editor$/ }),
    ).toBeVisible();
    // The link is used up.
    await guest.goto(path);
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText("This invite link was already used");
    // As an editor, Members is read-only.
    await guest.goto("/settings/members");
    await expect(guest.getByRole("table", { name: "Members" })).toContainText(E2E_OWNER.email);
    await expect(guest.getByRole("button", { name: "Invite people" })).toHaveCount(0);
    await expect(guest.getByRole("combobox")).toHaveCount(0);
    expect(guestProblems).toEqual([]);
  } finally {
    await other.close();
  }

  // The owner sees the new member, and the invitation as accepted by them.
  await page.goto("/settings/members");
  const row = page.getByRole("table", { name: "Members" }).getByRole("row").filter({ hasText: invitee.email });
  await expect(row).toContainText(invitee.name);
  await expect(row.getByRole("combobox", { name: `Role of ${invitee.name}` })).toHaveValue("editor");
  await expect(
    page.getByRole("table", { name: "Invitations" }).getByRole("row").filter({ hasText: invitee.email }),
  ).toContainText("Accepted");
  // The owner removes them again, after confirming.
  await row.getByRole("button", { name: `Remove ${invitee.name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Remove ${invitee.name} from “Default workspace”?` });
  await confirm.getByRole("button", { name: "Remove member" }).click();
  await expect(page.getByRole("table", { name: "Members" })).not.toContainText(invitee.email);
  expect(problems).toEqual([]);
});
