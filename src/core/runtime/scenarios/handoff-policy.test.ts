import { describe, expect, it } from "vitest";
import type { ToolRunner } from "../ports";
import { eventsOfType } from "../testing/assert-event-invariants";
import { call, defineGraph, fail, say, scripted } from "../testing/define-graph";
import { runToEnd } from "../testing/run-to-end";
import { createTestPorts } from "../testing/test-ports";

/** The tool message the parent got for `toolName` (its latest call). */
function toolResult(test: ReturnType<typeof createTestPorts>, agentId: string, toolName: string): string {
  const last = test.requestsOf(agentId).at(-1)!;
  const message = [...last.messages].reverse().find((m) => m.role === "tool" && m.toolName === toolName);
  if (!message || message.role !== "tool") throw new Error(`no tool result for ${toolName}`);
  return message.content;
}

describe("handoff as a governed tool (seed 000)", () => {
  it("gives the child the resolved input and the parent {subagent, toolName, output, steps}", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          handoffs: [{ to: "reviewer", toolName: "delegate_code_review" }],
          model: [scripted([call(["delegate_code_review", { task: "review", context: "only src/" }]), say("ok")])],
        },
        reviewer: {
          tools: ["calculator"],
          model: [scripted([call(["calculator", { expression: "1+1" }]), say("LGTM")])],
        },
      },
    });
    const { events } = await runToEnd(definition, test, "analyze");
    expect(test.requestsOf("reviewer")[0].messages).toEqual([
      { role: "system", content: "You are reviewer." },
      { role: "user", content: "review\n\nContext:\nonly src/" },
    ]);
    expect(JSON.parse(toolResult(test, "main", "delegate_code_review"))).toEqual({
      subagent: "reviewer",
      toolName: "delegate_code_review",
      output: "LGTM",
      steps: 2,
    });
    const start = eventsOfType(events, "HANDOFF_START")[0];
    const end = eventsOfType(events, "HANDOFF_END")[0];
    expect(start).toMatchObject({
      tool: "delegate_code_review",
      subagent: "reviewer",
      depth: 1,
      sessionMode: "NEW_SESSION",
      source: null,
    });
    expect(end).toMatchObject({
      handoffId: start.handoffId,
      callId: start.callId,
      status: "completed",
      attempts: 1,
      error: null,
    });
    // The child's events are nested under the handoff and tagged with its path.
    const childStart = eventsOfType(events, "AGENT_START")[1];
    expect(childStart).toMatchObject({ source: "main/reviewer", parentSpanId: start.spanId, depth: 1, role: "leaf" });
  });

  it("passes arguments that are not JSON through to the child as the raw string", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          handoffs: [{ to: "w" }],
          model: [scripted([call(["subagent_w", "summarise {this: broken"]), say("ok")])],
        },
        w: { model: [scripted([say("done")])] },
      },
    });
    const { result } = await runToEnd(definition, test, "go");
    expect(result.status).toBe("completed");
    expect(test.requestsOf("w")[0].messages.at(-1)).toEqual({ role: "user", content: "summarise {this: broken" });
  });

  it("denies by allowedTools with FAIL: the parent gets the reason and goes on", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          policy: { allowedTools: ["delegate_other"] },
          handoffs: [
            { to: "w", toolName: "delegate_worker" },
            { to: "o", toolName: "delegate_other" },
          ],
          model: [scripted([call(["delegate_worker", { task: "x" }]), say("handled")])],
        },
        w: { model: [scripted([say("never")])] },
        o: { model: [scripted([say("other")])] },
      },
    });
    const { events, result } = await runToEnd(definition, test, "go");
    expect(result.output).toBe("handled");
    expect(test.requestsOf("w")).toHaveLength(0);
    expect(eventsOfType(events, "HANDOFF_END")[0]).toMatchObject({
      status: "denied",
      error: "tool is not in allowedTools",
      attempts: 0,
    });
    expect(JSON.parse(toolResult(test, "main", "delegate_worker"))).toMatchObject({
      status: "denied",
      error: "tool is not in allowedTools",
    });
    expect(eventsOfType(events, "TOOL_CALL_END")[0].isError).toBe(true);
  });

  it("FALLBACK_TO_PRIMARY answers `handoff unavailable` when no regular tool serves the name", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          policy: { deniedTools: ["delegate_worker"], onDenied: "FALLBACK_TO_PRIMARY" },
          handoffs: [{ to: "w", toolName: "delegate_worker" }],
          model: [scripted([call(["delegate_worker", { task: "x" }]), say("ok")])],
        },
        w: { model: [scripted([say("never")])] },
      },
    });
    const { events } = await runToEnd(definition, test, "go");
    expect(toolResult(test, "main", "delegate_worker")).toBe("handoff unavailable: tool is in deniedTools");
    expect(eventsOfType(events, "HANDOFF_END")[0]).toMatchObject({
      status: "fallback",
      error: "tool is in deniedTools",
    });
  });

  it("FALLBACK_TO_PRIMARY hands the same call to a regular tool that serves the name", async () => {
    const runner: ToolRunner = {
      spec: (name) =>
        name === "delegate_worker" ? { name, description: "local worker", parameters: { type: "object" } } : null,
      run: async (invocation) => `served locally: ${(invocation.args as { task: string }).task}`,
    };
    const test = createTestPorts({ tools: runner });
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          policy: { onError: "FALLBACK_TO_PRIMARY" },
          handoffs: [{ to: "w", toolName: "delegate_worker" }],
          model: [scripted([call(["delegate_worker", { task: "x" }]), say("ok")])],
        },
        w: { model: [scripted([fail(400, "bad request")])] },
      },
    });
    const { events } = await runToEnd(definition, test, "go");
    expect(toolResult(test, "main", "delegate_worker")).toBe("served locally: x");
    expect(eventsOfType(events, "HANDOFF_END")[0]).toMatchObject({ status: "fallback", attempts: 1 });
    expect(eventsOfType(events, "TOOL_CALL_END")[0].isError).toBe(false);
  });

  it("counts retries: attempts = maxRetries + 1, each a fresh child run on the same session", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          policy: { maxRetries: 2 },
          handoffs: [{ to: "w" }],
          model: [scripted([call(["subagent_w", { task: "x" }]), say("ok")])],
        },
        w: { model: [scripted([fail(400), fail(400), say("third time lucky")])] },
      },
    });
    const { events } = await runToEnd(definition, test, "go");
    const childStarts = eventsOfType(events, "AGENT_START").filter((e) => e.agentId === "w");
    expect(childStarts).toHaveLength(3);
    expect(new Set(childStarts.map((e) => e.sessionId)).size).toBe(1);
    expect(
      eventsOfType(events, "AGENT_END")
        .filter((e) => e.agentId === "w")
        .map((e) => e.status),
    ).toEqual(["failed", "failed", "completed"]);
    expect(eventsOfType(events, "HANDOFF_END")[0]).toMatchObject({ status: "completed", attempts: 3 });
    // A retry starts from the session's initial transcript, not the failed attempt's.
    expect(test.requestsOf("w").map((r) => r.messages.length)).toEqual([2, 2, 2]);
  });

  it("fails after the last attempt with the reason (onError FAIL)", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          policy: { maxRetries: 1 },
          handoffs: [{ to: "w" }],
          model: [scripted([call(["subagent_w", { task: "x" }]), say("parent carries on")])],
        },
        w: { model: [scripted([fail(400, "nope")], { whenExhausted: fail(400, "still nope") })] },
      },
    });
    const { events, result } = await runToEnd(definition, test, "go");
    expect(result.status).toBe("completed");
    expect(result.output).toBe("parent carries on");
    expect(eventsOfType(events, "HANDOFF_END")[0]).toMatchObject({
      status: "failed",
      attempts: 2,
      error: "still nope",
    });
    expect(JSON.parse(toolResult(test, "main", "subagent_w"))).toEqual({
      subagent: "w",
      toolName: "subagent_w",
      status: "failed",
      error: "still nope",
    });
  });

  it("times each attempt out and really aborts the child's model call", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          policy: { timeoutMillis: 100, maxRetries: 1 },
          handoffs: [{ to: "slow" }],
          model: [scripted([call(["subagent_slow", { task: "x" }]), say("ok")])],
        },
        slow: {
          model: [
            scripted([say("too late")], { latencyMs: 5_000, whenExhausted: say("too late", { latencyMs: 5_000 }) }),
          ],
        },
      },
    });
    const { events } = await runToEnd(definition, test, "go");
    expect(test.time.elapsed()).toBe(200);
    const childModelEnds = eventsOfType(events, "MODEL_CALL_END").filter((e) => e.agentId === "slow");
    expect(childModelEnds.map((e) => e.error?.kind)).toEqual(["aborted", "aborted"]);
    expect(
      eventsOfType(events, "AGENT_END")
        .filter((e) => e.agentId === "slow")
        .map((e) => e.status),
    ).toEqual(["timeout", "timeout"]);
    expect(eventsOfType(events, "HANDOFF_END")[0]).toMatchObject({
      status: "failed",
      attempts: 2,
      error: "handoff attempt timed out after 100ms (subagent_slow)",
    });
    expect(test.time.pending()).toBe(0);
  });

  it("enabled=false skips deny, filter and retries but keeps events and the timeout", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          policy: {
            enabled: false,
            deniedTools: ["subagent_w"],
            maxRetries: 3,
            timeoutMillis: 50,
            inputFilter: { redact: [], prepend: "FILTERED" },
          },
          handoffs: [{ to: "w" }],
          model: [scripted([call(["subagent_w", { task: "x" }]), say("ok")])],
        },
        w: { model: [scripted([say("slow", { latencyMs: 1000 })])] },
      },
    });
    const { events } = await runToEnd(definition, test, "go");
    expect(test.requestsOf("w")).toHaveLength(1);
    expect(test.requestsOf("w")[0].messages.at(-1)).toEqual({ role: "user", content: "x" });
    expect(eventsOfType(events, "HANDOFF_START")).toHaveLength(1);
    expect(eventsOfType(events, "HANDOFF_END")[0]).toMatchObject({ status: "failed", attempts: 1 });
    expect(test.time.elapsed()).toBe(50);
  });

  it("applies the input filter before the child sees the input", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          policy: {
            inputFilter: {
              redact: [{ pattern: "sk-[a-z0-9]+", flags: "g", replacement: "[key]" }],
              truncateChars: 20,
              prepend: "Policy: no secrets.",
            },
          },
          handoffs: [{ to: "w" }],
          model: [scripted([call(["subagent_w", { task: "use sk-abc123 to fetch the whole report" }]), say("ok")])],
        },
        w: { model: [scripted([say("done")])] },
      },
    });
    await runToEnd(definition, test, "go");
    expect(test.requestsOf("w")[0].messages.at(-1)).toEqual({
      role: "user",
      content: "Policy: no secrets.\n\nuse [key] to fetch t",
    });
  });

  it("parallel handoffs: one completes, one is denied (fails), one errors and falls back; the parent gets all three", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          policy: { deniedTools: ["subagent_b"], onDenied: "FAIL", onError: "FALLBACK_TO_PRIMARY" },
          handoffs: [{ to: "a" }, { to: "b" }, { to: "c" }],
          model: [
            scripted([
              call(["subagent_a", { task: "1" }], ["subagent_b", { task: "2" }], ["subagent_c", { task: "3" }]),
              say("{{messageCount}} messages"),
            ]),
          ],
        },
        a: { model: [scripted([say("A done", { latencyMs: 30 })])] },
        b: { model: [scripted([say("never")])] },
        c: { model: [scripted([fail(500, "c is down")], { whenExhausted: fail(500, "c is down") })] },
      },
    });
    const { events, result } = await runToEnd(definition, test, "go");
    expect(result.status).toBe("completed");
    const ends = Object.fromEntries(eventsOfType(events, "HANDOFF_END").map((e) => [e.tool, e.status]));
    expect(ends).toEqual({ subagent_a: "completed", subagent_b: "denied", subagent_c: "fallback" });
    expect(JSON.parse(toolResult(test, "main", "subagent_a")).output).toBe("A done");
    expect(JSON.parse(toolResult(test, "main", "subagent_b")).status).toBe("denied");
    expect(toolResult(test, "main", "subagent_c")).toMatch(/^handoff unavailable: all models failed for agent "c"/);
    // All three results arrive in call order before the next model call (fork-join).
    expect(
      test
        .requestsOf("main")[1]
        .messages.slice(-3)
        .map((m) => (m.role === "tool" ? m.toolName : m.role)),
    ).toEqual(["subagent_a", "subagent_b", "subagent_c"]);
  });
});
