import { expect, test, type Page } from "@playwright/test";

import { E2E_OWNER } from "./support/e2e-owner";
import { expectNoSeriousAxeViolations, watchProblems } from "./support/page-checks";

/**
 * Accounts end to end, in a fresh browser that nobody has signed in to (the
 * other specs run as the owner the global setup signed up): the sign-in
 * redirect, a sign-up landing in its own workspace, sign-out, sign-in again,
 * and the errors a person sees.
 */
test.use({ storageState: { cookies: [], origins: [] } });

/** An address nobody has used yet (specs run in parallel and again on retry). */
function freshEmail(who: string): string {
  return `${who}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@e2e.test`;
}

async function signUp(page: Page, person: { name: string; email: string; password: string }) {
  await page.getByLabel("Name").fill(person.name);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Create account" }).click();
}

/** The form's own alert (Next's route announcer is an alert too). */
function formAlert(page: Page, form: "Sign in" | "Create an account") {
  return page.getByRole("form", { name: form }).getByRole("alert");
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("a signed-out visitor is sent to sign-in, and the API answers UNAUTHORIZED", async ({ page, request }) => {
  await page.goto("/traces?status=failed");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Ftraces%3Fstatus%3Dfailed$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  // No app header (and no data) before signing in.
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);

  const response = await request.get("/api/trpc/graphs.list");
  expect(response.status()).toBe(401);
  expect(((await response.json()) as { error: { data: { code: string } } }).error.data.code).toBe("UNAUTHORIZED");
});

test("sign up, land in your own workspace, sign out, sign in again; a wrong password is refused", async ({ page }) => {
  // Five page loads and four password hashes (scrypt) in one story: slow on a busy machine.
  test.setTimeout(120_000);
  const problems = watchProblems(page);
  const person = { name: "Grace Hopper", email: freshEmail("grace"), password: "a long enough password" };

  await page.goto("/graphs");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fgraphs$/);
  await page.getByRole("link", { name: "Create an account" }).click();
  // next=/graphs is where everyone lands anyway: not carried over.
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();

  // The form's own checks, before anything is sent.
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Enter your name.")).toBeVisible();
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Use at least 8 characters.")).toBeVisible();

  await signUp(page, person);
  await expect(page).toHaveURL(/\/graphs$/);
  const account = page.getByRole("button", { name: `Account: ${person.name} (${person.email})` });
  await expect(account).toBeVisible();
  // Their own workspace: none of the Default workspace's example graphs.
  await expect(page.getByRole("heading", { level: 1, name: "Graphs" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Research team/ })).toHaveCount(0);
  const current = await page.request.get("/api/trpc/workspaces.current");
  expect(((await current.json()) as { result: { data: unknown } }).result.data).toMatchObject({
    role: "owner",
    workspace: { name: "Grace Hopper's workspace" },
    user: { email: person.email },
  });

  // A signed-in person opening the sign-in page goes on to the app.
  await page.goto("/sign-in");
  await expect(page).toHaveURL(/\/graphs$/);

  await account.click();
  await expect(page.getByRole("menu")).toContainText(person.email);
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto("/graphs");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fgraphs$/);

  await signIn(page, person.email, "not my password");
  await expect(formAlert(page, "Sign in")).toHaveText("Email or password is wrong.");
  await expect(page.getByLabel("Password")).toBeFocused();

  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/graphs$/);
  await expect(account).toBeVisible();

  // Only the refused sign-in answered an error status (the browser logs that response too); nothing else failed.
  const refusedSignIn = (problem: string) =>
    /^401 .*\/api\/auth\/sign-in\/email$/.test(problem) || problem.includes("status of 401 (UNAUTHORIZED)");
  expect(problems.filter((problem) => !refusedSignIn(problem))).toEqual([]);
  expect(problems.filter((problem) => problem.startsWith("401 "))).toHaveLength(1);
});

test("an email that already has an account is named on sign-up", async ({ page }) => {
  await page.goto("/sign-up");
  await signUp(page, { name: "Second Owner", email: E2E_OWNER.email, password: "another password" });
  await expect(formAlert(page, "Create an account")).toHaveText("An account with this email already exists.");
  await expect(page).toHaveURL(/\/sign-up$/);
});

test("after signing in, next= returns to a page of this site only", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/sign-in?next=%2Fcosts");
  await signIn(page, E2E_OWNER.email, E2E_OWNER.password);
  await expect(page).toHaveURL(/\/costs$/);
  await expect(page.getByRole("heading", { level: 1, name: "Costs" })).toBeVisible();

  await page.context().clearCookies();
  await page.goto("/sign-in?next=https%3A%2F%2Fevil.example%2F");
  await signIn(page, E2E_OWNER.email, E2E_OWNER.password);
  await expect(page).toHaveURL(/\/graphs$/);
  // The owner the global setup signed up owns the Default workspace and its examples.
  await expect(page.getByRole("row", { name: /Research team/ })).toBeVisible();
});

for (const scheme of ["light", "dark"] as const) {
  test(`the sign-in and sign-up pages are accessible in the ${scheme} theme`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of ["/sign-in", "/sign-up"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`${path.slice(1)}-${scheme}.png`) });
    }
  });
}
