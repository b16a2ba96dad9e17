import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

const LIGHT_BG = "rgb(246, 247, 249)";
const DARK_BG = "rgb(11, 13, 18)";

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Console errors and uncaught exceptions of a page, to assert there are none. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("the header's theme switch changes the theme, which persists across a reload", async ({ page }) => {
  // Two axe runs over a page of many graphs, two reloads: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const errors = collectErrors(page);
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/graphs");
  const theme = page.getByRole("banner").getByRole("radiogroup", { name: "Theme" });
  await expect(theme.getByRole("radio", { name: "System theme" })).toHaveAttribute("aria-checked", "true");
  expect(await background(page)).toBe(LIGHT_BG);

  await theme.getByRole("radio", { name: "Dark theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect.poll(() => background(page)).toBe(DARK_BG);
  await expectNoSeriousAxeViolations(page);

  await page.reload();
  // Applied by the inline script before paint, and the switch shows the saved choice.
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await background(page)).toBe(DARK_BG);
  await expect(theme.getByRole("radio", { name: "Dark theme" })).toHaveAttribute("aria-checked", "true");

  // Light wins over a dark system preference; System follows it again.
  await page.emulateMedia({ colorScheme: "dark" });
  await theme.getByRole("radio", { name: "Light theme" }).click();
  await expect.poll(() => background(page)).toBe(LIGHT_BG);
  await expectNoSeriousAxeViolations(page);
  await theme.getByRole("radio", { name: "System theme" }).click();
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", /.*/);
  await expect.poll(() => background(page)).toBe(DARK_BG);
  await page.reload();
  expect(await background(page)).toBe(DARK_BG);
  expect(await page.evaluate(() => localStorage.getItem("ags-theme"))).toBeNull();

  expect(errors).toEqual([]);
});

test("the theme switch works from the keyboard", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/graphs");
  const theme = page.getByRole("banner").getByRole("radiogroup", { name: "Theme" });
  await theme.getByRole("radio", { name: "System theme" }).focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(theme.getByRole("radio", { name: "Dark theme" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect.poll(() => background(page)).toBe(DARK_BG);
  await page.screenshot({ path: test.info().outputPath("graphs-dark.png"), fullPage: true });
});

test("the saved theme is applied by the inline script in <head>, before any bundle runs", async ({ page }) => {
  await page.goto("/graphs");
  await page.evaluate(() => localStorage.setItem("ags-theme", "dark"));
  // Without the app's JavaScript, only the inline script can set the attribute: no flash of the light theme.
  await page.route("**/_next/static/**/*.js", (route) => route.abort());
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await background(page)).toBe(DARK_BG);

  // The switch works before the app's JavaScript has loaded: a click on a slow connection is not lost.
  const theme = page.getByRole("banner").getByRole("radiogroup", { name: "Theme" });
  await theme.getByRole("radio", { name: "Light theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  expect(await background(page)).toBe(LIGHT_BG);
  expect(await page.evaluate(() => localStorage.getItem("ags-theme"))).toBe("light");
  await theme.getByRole("radio", { name: "System theme" }).click();
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", /.*/);
  expect(await page.evaluate(() => localStorage.getItem("ags-theme"))).toBeNull();
});
