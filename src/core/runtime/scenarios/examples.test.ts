import { describe, expect, it } from "vitest";
import researchTeam from "../../../../examples/research-team.json";
import reviewerSession from "../../../../examples/reviewer-session.json";
import supportTriage from "../../../../examples/support-triage.json";
import { compile } from "../../compiler";
import type { RuntimeDefinition } from "../../compiler/definition";
import { eventsOfType } from "../testing/assert-event-invariants";
import { runToEnd } from "../testing/run-to-end";
import { createTestPorts } from "../testing/test-ports";

function definitionOf(document: unknown): RuntimeDefinition {
  const compiled = compile(document);
  if (!compiled.definition) throw new Error(compiled.diagnostics.map((d) => d.message).join("; "));
  return compiled.definition;
}

describe("example graphs (offline, scripted model)", () => {
  it("research team: three researchers in parallel, one synthesis", async () => {
    const test = createTestPorts();
    const { events, result } = await runToEnd(definitionOf(researchTeam), test, "Is remote work here to stay?");
    expect(result.status).toBe("completed");
    const handoffs = eventsOfType(events, "HANDOFF_END");
    expect(handoffs.map((h) => [h.subagent, h.status]).sort()).toEqual([
      ["critic", "completed"],
      ["data-analyst", "completed"],
      ["web-researcher", "completed"],
    ]);
    // Parallel: the slowest child (3 calls of 300 ms) bounds the fan-out, not the sum.
    expect(test.time.elapsed()).toBe(250 + 900 + 250);
    expect(result.output).toContain("Here is the team's synthesis.");
    expect(eventsOfType(events, "TOOL_CALL_END").find((e) => e.tool === "calculator")!.output).toBe("32.1428571429");
  });

  it("support triage: primary model down -> fallback; billing in the background, announced, root woken", async () => {
    const test = createTestPorts();
    const { events, result } = await runToEnd(definitionOf(supportTriage), test, "I was charged twice for my invoice");
    expect(result.status).toBe("completed");
    const triageCalls = eventsOfType(events, "MODEL_CALL_END").filter((e) => e.agentId === "triage");
    expect(triageCalls.filter((e) => e.error?.status === 503)).toHaveLength(6);
    expect(triageCalls.filter((e) => e.error === null).every((e) => e.model === "claude-sonnet-4-5")).toBe(true);
    expect(eventsOfType(events, "HANDOFF_END").map((h) => [h.tool, h.status])).toEqual([
      ["investigate_billing", "accepted"],
      ["lookup_faq", "completed"],
    ]);
    expect(eventsOfType(events, "TASK_COMPLETED")[0].output).toBe(
      "Duplicate charge confirmed; a refund of 39.98 USD has been issued.",
    );
    expect(eventsOfType(events, "ANNOUNCE")).toHaveLength(1);
    expect(result.output).toMatch(/^Update from billing/);
    const caseNote = await test.files.read(
      `${eventsOfType(events, "RUN_START")[0].conversationId}:triage/billing`,
      "case-note.md",
    );
    expect(caseNote).toBe("Duplicate charge confirmed. Refund due: 39.98 USD.");
  });

  it("reviewer: the reused session remembers the first review", async () => {
    const test = createTestPorts();
    const { events, result } = await runToEnd(definitionOf(reviewerSession), test, "A short note on agents");
    expect(result.status).toBe("completed");
    const reviews = eventsOfType(events, "AGENT_END").filter((e) => e.agentId === "reviewer");
    expect(reviews.map((r) => r.output)).toEqual([
      "Review 1: tighten the opening and add an example. Score 3/5. (I have 4 messages in memory.)",
      "Review 2: both suggestions from my first review are addressed. Score 4/5. (I have 8 messages in memory, including my first review.)",
    ]);
    // Shared workspace: the reviewer read the author's draft, v1 then v2.
    const reads = eventsOfType(events, "TOOL_CALL_END")
      .filter((e) => e.agentId === "reviewer")
      .map((e) => e.output.split("\n")[0]);
    expect(reads).toEqual(["# Draft v1", "# Draft v2"]);
  });
});
