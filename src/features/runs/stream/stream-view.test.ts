import { describe, expect, it } from "vitest";

import researchTeam from "../../../../examples/research-team.json";
import reviewerSession from "../../../../examples/reviewer-session.json";
import supportTriage from "../../../../examples/support-triage.json";
import { compile } from "@/core/compiler";
import { runToEnd } from "@/core/runtime/testing/run-to-end";
import { createTestPorts } from "@/core/runtime/testing/test-ports";
import { buildTrace, createTrace, reduceTrace } from "@/core/trace";

import { buildStreamView, groupOverlapping, type DelegationView, type StreamBlock } from "./stream-view";

async function viewOf(document: unknown, input: string) {
  const { definition } = compile(document);
  if (!definition) throw new Error("example does not compile");
  const { events } = await runToEnd(definition, createTestPorts(), input);
  return { events, view: buildStreamView(buildTrace(events)) };
}

function delegations(blocks: readonly StreamBlock[]): DelegationView[] {
  return blocks.flatMap((block) =>
    block.kind === "delegation" ? [block] : block.kind === "parallel" ? [...block.items] : [],
  );
}

describe("buildStreamView", () => {
  it("is empty before RUN_START", () => {
    expect(buildStreamView(createTrace()).root).toBeNull();
  });

  it("research team: three delegations of one turn grouped as parallel, each labelled by its path", async () => {
    const { view } = await viewOf(researchTeam, "Is remote work here to stay?");
    expect(view.status).toBe("completed");
    const root = view.root!;
    expect(root.path).toBe("lead");
    const parallel = root.blocks.find((block) => block.kind === "parallel");
    expect(parallel?.kind === "parallel" && parallel.items.map((item) => item.path)).toEqual([
      "lead/web-researcher",
      "lead/data-analyst",
      "lead/critic",
    ]);
    for (const item of delegations(root.blocks)) {
      expect(item.status).toBe("completed");
      expect(item.agents[0].path).toBe(item.path);
      expect(item.agents[0].blocks.some((block) => block.kind === "text")).toBe(true);
    }
    const last = root.blocks.at(-1);
    expect(last?.kind === "text" && last.text).toContain("Here is the team's synthesis.");
    expect(view.totals!.modelCalls).toBeGreaterThan(4);
  });

  it("support triage: failed model calls read as retries then a fallback; the background task is announced", async () => {
    const { view } = await viewOf(supportTriage, "I was charged twice for my invoice");
    const errors = view.root!.blocks.filter((block) => block.kind === "model-error");
    expect(errors.length).toBe(6);
    const fallback = errors.find((block) => block.kind === "model-error" && block.next === "fallback");
    expect(fallback?.kind === "model-error" && [fallback.model, fallback.nextModel]).toEqual([
      "gpt-4o",
      "claude-sonnet-4-5",
    ]);
    const billing = delegations(view.root!.blocks).find((item) => item.subagent === "billing")!;
    expect(billing.status).toBe("accepted");
    expect(billing.task).toMatchObject({ status: "completed", announced: true, reason: "background" });
    expect(view.root!.blocks.some((block) => block.kind === "announce")).toBe(true);
  });

  it("reviewer: two reviews on the reused session, the second remembering the first", async () => {
    const { view } = await viewOf(reviewerSession, "A short note on agents");
    const reviews = delegations(view.root!.blocks);
    expect(reviews.map((item) => [item.path, item.sessionMode, item.status])).toEqual([
      ["author/reviewer", "REUSE_SESSION", "completed"],
      ["author/reviewer", "REUSE_SESSION", "completed"],
    ]);
    expect(reviews.map((item) => item.agents[0].memory)).toEqual([0, 4]);
    expect(view.root!.memory).toBe(0);
  });

  it("a second turn of the conversation: the root remembers the first", async () => {
    const { definition } = compile(reviewerSession);
    const test = createTestPorts();
    await runToEnd(definition!, test, "A short note on agents", { conversationId: "c1" });
    const second = await runToEnd(definition!, test, "Now a shorter one", { conversationId: "c1" });
    expect(buildStreamView(buildTrace(second.events)).root!.memory).toBeGreaterThan(5);
  });

  it("a live stream reads the same as the finished one at the end, and shows running spans on the way", async () => {
    const { events } = await viewOf(researchTeam, "Is remote work here to stay?");
    let trace = createTrace();
    let sawRunning = false;
    for (const event of events) {
      trace = reduceTrace(trace, event);
      const view = buildStreamView(trace);
      if (view.root && delegations(view.root.blocks).some((item) => item.status === "running")) sawRunning = true;
    }
    expect(sawRunning).toBe(true);
    expect(buildStreamView(trace)).toEqual(buildStreamView(buildTrace(events)));
  });
});

describe("groupOverlapping", () => {
  it("keeps overlapping windows together and a running one open-ended", () => {
    const items = [
      { startedAt: 0, endedAt: 10 },
      { startedAt: 5, endedAt: 6 },
      { startedAt: 12, endedAt: null },
      { startedAt: 20, endedAt: 30 },
    ];
    expect(groupOverlapping(items).map((group) => group.length)).toEqual([2, 2]);
  });
});
