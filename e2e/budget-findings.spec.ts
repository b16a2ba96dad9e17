import { expect, test } from "@playwright/test";

import { watchProblems } from "./support/page-checks";
import { trpcMutation } from "./support/trpc";

/**
 * The Problems panel's budget findings are priced from the workspace's price
 * table: raising a model's price in Settings → Prices makes one call cost
 * more than the graph's cost budget, and the editor says so (with the
 * worst-case cost from the same prices). In a workspace of its own, so the
 * price edit touches no other spec.
 */
test("a price edited in Settings → Prices changes the editor's budget finding and cost", async ({ page }) => {
  test.setTimeout(90_000);
  const problems = watchProblems(page);
  const workspace = await trpcMutation<{ id: string }>(page.request, "workspaces.create", {
    name: `E2E Budget ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`,
  });
  await page
    .context()
    .addCookies([{ name: "ags_workspace", value: workspace.id, url: test.info().project.use.baseURL! }]);
  // The research team: lead on gpt-4o, run budget maxCostUsd $1.
  const graph = await trpcMutation<{ id: string }>(page.request, "graphs.create", { templateId: "research-team" });

  await page.goto(`/graphs/${graph.id}`);
  const panel = page.getByRole("region", { name: "Problems", exact: true });
  const cost = panel.getByTestId("worst-case-cost");
  await expect(cost).toContainText("$");
  const before = await cost.textContent();
  await expect(panel.locator('[data-code="cost_budget_below_one_call"]')).toHaveCount(0);

  // gpt-4o at $1,000 per 1M input tokens: one call of the lead (4,000 input tokens) is over $4.
  await page.goto("/settings/prices");
  await page.getByLabel("Filter prices").fill("gpt-4o");
  const prices = page.getByRole("table", { name: "Prices" });
  await prices.getByRole("button", { name: "Edit the price of gpt-4o", exact: true }).click();
  await prices.getByLabel("Input price (USD per 1M tokens)", { exact: true }).fill("1000");
  await prices.getByRole("button", { name: "Save" }).click();
  await expect(
    prices
      .getByRole("row")
      .filter({ has: page.getByRole("button", { name: "Edit the price of gpt-4o", exact: true }) }),
  ).toContainText("$1000");

  await page.goto(`/graphs/${graph.id}`);
  const finding = panel.locator('[data-code="cost_budget_below_one_call"]');
  await expect(finding).toHaveCount(1);
  await expect(finding).toContainText(
    /with scripted:gpt-4o can cost \$4\.\d\d .*more than the whole cost budget \(maxCostUsd \$1\.00\)/,
  );
  await expect(cost).not.toHaveText(before!);
  await expect(cost).toContainText("$1.00");
  await expect(panel).toContainText("bounded by the maxCostUsd budget");
  expect(problems).toEqual([]);
});
