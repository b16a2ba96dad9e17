import { expect, test, type Locator, type Page } from "@playwright/test";
import { watchProblems, expectNoSeriousAxeViolations } from "./support/page-checks";
import { trpcQuery, trpcMutation, graphIdByName } from "./support/trpc";

/**
 * The playground on `npm start`'s stack: each seeded example runs on the
 * scripted model and streams live into the nested view (source paths,
 * statuses, parallel children, the background task chip), the reviewer's
 * second turn shows the conversation's memory, Stop shows "cancelled" within
 * a second and leaves no span open, and axe finds nothing serious.
 */

async function send(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Message" }).fill(text);
  await page.getByRole("button", { name: "Run", exact: true }).click();
}

function turn(page: Page, index: number): Locator {
  return page.getByRole("list", { name: "Conversation" }).locator(":scope > li").nth(index);
}

function card(scope: Locator, path: string): Locator {
  return scope.locator(`article[data-path="${path}"]`);
}

test("research team: three researchers stream side by side, overlapping in time", async ({
  page,
  request,
}, testInfo) => {
  test.slow(); // two axe passes and full-page screenshots on a shared machine
  const problems = watchProblems(page);
  const id = await graphIdByName(request, "Research team");
  await page.goto(`/playground?graph=${id}&version=draft`);
  await send(page, "Is remote work here to stay?");

  const first = turn(page, 0);
  const parallel = first.getByRole("region", { name: "3 delegations in parallel" });
  await expect(parallel).toBeVisible();
  // Mid-run when the browser caught it running (the whole run takes about a second and a half).
  if ((await first.getAttribute("data-status")) === "running")
    await page.screenshot({ path: testInfo.outputPath("research-team-mid-run.png") });

  for (const path of ["lead/web-researcher", "lead/data-analyst", "lead/critic"])
    await expect(card(parallel, path)).toHaveAttribute("data-status", "completed", { timeout: 20_000 });
  await expect(first).toHaveAttribute("data-status", "completed");
  await expect(first.getByText("Here is the team's synthesis.", { exact: false })).toBeVisible();
  await expect(first.getByText("Simulated")).toBeVisible();
  await expect(first.getByRole("link", { name: "Open trace" })).toHaveAttribute(
    "href",
    `/traces/${await first.getAttribute("data-run-id")}`,
  );
  // Parallel: every child started before any of them ended.
  const windows = await parallel
    .locator("article[data-path]")
    .evaluateAll((cards) =>
      cards.map((el) => [Number(el.getAttribute("data-started-at")), Number(el.getAttribute("data-ended-at"))]),
    );
  expect(windows).toHaveLength(3);
  expect(Math.max(...windows.map(([start]) => start))).toBeLessThan(Math.min(...windows.map(([, end]) => end)));
  // The live cost equals the sum over the run's model calls as stored.
  const runId = (await first.getAttribute("data-run-id"))!;
  const run = await trpcQuery<{ costUsd: number | null }>(request, "runs.get", { runId });
  expect(run.costUsd).not.toBeNull();
  await expect(first.getByTestId("run-cost")).not.toHaveText("unknown");

  await page.screenshot({ path: testInfo.outputPath("research-team-done-light.png"), fullPage: true });
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("radio", { name: "Dark theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.screenshot({ path: testInfo.outputPath("research-team-done-dark.png"), fullPage: true });
  await expectNoSeriousAxeViolations(page);
  expect(problems).toEqual([]);
});

test("support triage: the fallback reads as a sentence, the background task chip resolves when announced", async ({
  page,
  request,
}, testInfo) => {
  const problems = watchProblems(page);
  const id = await graphIdByName(request, "Support triage");
  await page.goto(`/playground?graph=${id}&version=draft`);
  await send(page, "I was charged twice for my invoice");

  const first = turn(page, 0);
  const billing = card(first, "triage/billing");
  const chip = billing.locator("p[data-state]");
  await expect(chip).toHaveAttribute("data-state", "announced", { timeout: 20_000 });
  await expect(chip).toContainText("announced to triage");
  await expect(first).toHaveAttribute("data-status", "completed");

  await expect(first.getByRole("note").filter({ hasText: "Falling back to claude-sonnet-4-5" }).first()).toContainText(
    "triage: gpt-4o (simulated) failed",
  );
  await expect(card(first, "triage/faq")).toHaveAttribute("data-status", "completed");
  await expect(first.getByText("Update from billing", { exact: false })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("support-triage-done.png"), fullPage: true });
  await expectNoSeriousAxeViolations(page);
  expect(problems).toEqual([]);
});

test("a background task shows a pending chip that resolves when it is announced", async ({
  page,
  request,
}, testInfo) => {
  const problems = watchProblems(page);
  // The seeded support triage with a slower billing investigator (three calls of 2.5 s instead of 0.6 s),
  // so the pending chip is on screen long enough to be seen whatever the machine's load.
  const seeded = await trpcQuery<{
    draft: { name: string; agents: { id: string; modelChain: { script?: { latencyMs?: number } }[] }[] };
  }>(request, "graphs.get", { graphId: await graphIdByName(request, "Support triage") });
  const draft = structuredClone(seeded.draft);
  draft.name = `E2E slow billing ${Date.now().toString(36)}`;
  for (const entry of draft.agents.find((agent) => agent.id === "billing")!.modelChain)
    if (entry.script) entry.script.latencyMs = 2_500;
  const { id } = await trpcMutation<{ id: string }>(request, "graphs.importJson", { text: JSON.stringify(draft) });

  await page.goto(`/playground?graph=${id}&version=draft`);
  await send(page, "I was charged twice for my invoice");
  const first = turn(page, 0);
  const chip = card(first, "triage/billing").locator("p[data-state]");
  await expect(chip).toHaveAttribute("data-state", "pending");
  await expect(chip).toContainText("Background task pending");
  await expect(first.getByText("I've also opened a billing investigation", { exact: false })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("support-triage-mid-run.png") });
  await expect(chip).toHaveAttribute("data-state", "announced", { timeout: 30_000 });
  await expect(chip).toContainText("announced to triage");
  await expect(first).toHaveAttribute("data-status", "completed");
  expect(problems).toEqual([]);
});

test("reviewer: the reused session remembers the first review, and a second turn continues the conversation", async ({
  page,
  request,
}, testInfo) => {
  const problems = watchProblems(page);
  const id = await graphIdByName(request, "Reviewer with a reused session");
  await page.goto(`/playground?graph=${id}&version=draft`);
  await send(page, "A short note on agents");

  const first = turn(page, 0);
  await expect(first).toHaveAttribute("data-status", "completed", { timeout: 20_000 });
  const reviews = first.locator('article[data-path="author/reviewer"]');
  await expect(reviews).toHaveCount(2);
  await expect(reviews.nth(0)).toContainText("reused session");
  await expect(reviews.nth(1)).toContainText("remembers 4 earlier messages");
  await expect(reviews.nth(1)).toContainText("Review 2: both suggestions from my first review are addressed.");
  await expect(page).toHaveURL(/conversation=[0-9a-f-]{36}/);

  await send(page, "Now a shorter one");
  const second = turn(page, 1);
  await expect(second).toHaveAttribute("data-status", "completed", { timeout: 20_000 });
  // The root continues the conversation: its first prompt holds the first turn.
  await expect(second.getByText(/remembers \d+ earlier messages/).first()).toBeVisible();
  await expect(second.getByText("Now a shorter one", { exact: false }).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("reviewer-second-turn.png"), fullPage: true });

  // A reload of the conversation's URL shows both turns again, from their stored events.
  await page.reload();
  await expect(turn(page, 1)).toHaveAttribute("data-status", "completed");
  await expect(turn(page, 0).locator('article[data-path="author/reviewer"]')).toHaveCount(2);

  // New conversation: an empty thread.
  await page.getByRole("button", { name: "New conversation" }).click();
  await expect(page).not.toHaveURL(/conversation=/);
  await expect(page.getByRole("list", { name: "Conversation" })).toHaveCount(0);
  expect(problems).toEqual([]);
});

/** A graph whose child thinks for a minute: long enough to stop it in the middle. */
function slowGraph(name: string) {
  return {
    schemaVersion: 1,
    name,
    rootAgentId: "lead",
    agents: [
      {
        id: "lead",
        name: "Lead",
        description: "Hands the slow work over.",
        instructions: "Delegate the slow work.",
        modelChain: [
          {
            provider: "scripted",
            model: "gpt-4o",
            script: {
              latencyMs: 50,
              turns: [{ kind: "tool_calls", calls: [{ tool: "slow_work", args: { task: "Think very hard" } }] }],
            },
          },
        ],
        position: { x: 0, y: 0 },
      },
      {
        id: "slow",
        name: "Slow thinker",
        description: "Thinks for a minute; use it for slow work.",
        instructions: "Take your time.",
        modelChain: [
          {
            provider: "scripted",
            model: "gpt-4o-mini",
            script: { latencyMs: 60_000, turns: [{ kind: "text", text: "Finally done." }] },
          },
        ],
        position: { x: 0, y: 200 },
      },
    ],
    handoffs: [{ id: "lead-slow", from: "lead", to: "slow", toolName: "slow_work" }],
  };
}

test("Stop stops a long run: cancelled within a second, no span left open", async ({ page, request }, testInfo) => {
  const problems = watchProblems(page);
  const name = `E2E slow ${Date.now().toString(36)}`;
  const { id } = await trpcMutation<{ id: string }>(request, "graphs.create", { name });
  const { revision } = await trpcQuery<{ revision: number }>(request, "graphs.get", { graphId: id });
  await trpcMutation(request, "graphs.updateDraft", { graphId: id, revision, draft: slowGraph(name) });

  await page.goto(`/playground?graph=${id}&version=draft`);
  await send(page, "Go");
  const first = turn(page, 0);
  await expect(card(first, "lead/slow")).toHaveAttribute("data-status", "running");
  await page.screenshot({ path: testInfo.outputPath("slow-run-before-stop.png") });

  await page.getByRole("button", { name: "Stop this run" }).click();
  await expect(first.getByRole("status")).toHaveText("cancelled", { timeout: 1_000 });
  await expect(first).toContainText("Stopped. The run and every agent it started were cancelled.");
  await expect(card(first, "lead/slow")).toHaveAttribute("data-status", "cancelled");
  await page.screenshot({ path: testInfo.outputPath("slow-run-cancelled.png") });

  const runId = (await first.getAttribute("data-run-id"))!;
  interface Span {
    kind: string;
    status: string;
    children: Span[];
  }
  const run = await trpcQuery<{ status: string; spans: Span[] }>(request, "runs.get", { runId });
  expect(run.status).toBe("cancelled");
  const open: string[] = [];
  const visit = (span: Span) => {
    if (span.status === "running") open.push(span.kind);
    span.children.forEach(visit);
  };
  run.spans.forEach(visit);
  expect(open).toEqual([]);
  // The composer is ready for the next message.
  await expect(page.getByRole("button", { name: "Run", exact: true })).toBeVisible();
  expect(problems).toEqual([]);
});
