import { describe, expect, it } from "vitest";
import { reuseSessionKey } from "../handoff/session-key";
import { eventsOfType } from "../testing/assert-event-invariants";
import { call, defineGraph, fail, say, scripted } from "../testing/define-graph";
import { runToEnd } from "../testing/run-to-end";
import { createTestPorts } from "../testing/test-ports";
import { buildTrace, promptOf } from "../../trace";

const twoReviews = (parallel: boolean) =>
  parallel
    ? [call(["review", { task: "first" }], ["review", { task: "second" }]), say("ok")]
    : [call(["review", { task: "first" }]), call(["review", { task: "second" }]), say("ok")];

describe("sessions (seed 000 §9, SPEC §5.5)", () => {
  it("REUSE_SESSION accumulates memory: the second call sees the first exchange", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          handoffs: [{ to: "reviewer", toolName: "review", sessionMode: "REUSE_SESSION", label: "pr" }],
          model: [scripted(twoReviews(false))],
        },
        reviewer: { model: [scripted([say("review one"), say("review two")])] },
      },
    });
    const { events } = await runToEnd(definition, test, "go", { conversationId: "c1" });
    const [first, second] = test.requestsOf("reviewer");
    expect(second.messages).toEqual([
      { role: "system", content: "You are reviewer." },
      { role: "user", content: "first" },
      { role: "assistant", content: "review one" },
      { role: "user", content: "second" },
    ]);
    expect(first.sessionId).toBe(second.sessionId);
    expect(
      new Set(
        eventsOfType(events, "AGENT_START")
          .filter((e) => e.agentId === "reviewer")
          .map((e) => e.sessionId),
      ).size,
    ).toBe(1);
    const stored = await test.sessions.load(
      reuseSessionKey({ conversationId: "c1", parentPath: "main", toolName: "review", label: "pr" }),
    );
    expect(stored?.messages.map((m) => m.content)).toEqual(["first", "review one", "second", "review two"]);
    expect(eventsOfType(events, "HANDOFF_START").every((e) => e.sessionMode === "REUSE_SESSION")).toBe(true);
    // The second activation's trace continues the first: only the answer and the new task are recorded.
    const [callOne, callTwo] = eventsOfType(events, "MODEL_CALL_START").filter((e) => e.agentId === "reviewer");
    expect(callTwo).toMatchObject({ basedOnSpanId: callOne.spanId, previousMessageCount: 2 });
    expect(callTwo.messages).toEqual([
      { role: "assistant", content: "review one" },
      { role: "user", content: "second" },
    ]);
    expect(promptOf(buildTrace(events), callTwo.spanId)).toEqual(second.messages);
  });

  it("NEW_SESSION starts fresh every time", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: { handoffs: [{ to: "reviewer", toolName: "review" }], model: [scripted(twoReviews(false))] },
        reviewer: { model: [scripted([say("a review")])] },
      },
    });
    await runToEnd(definition, test, "go");
    const [first, second] = test.requestsOf("reviewer");
    expect(second.messages.map((m) => m.content)).toEqual(["You are reviewer.", "second"]);
    expect(first.sessionId).not.toBe(second.sessionId);
  });

  it("serialises concurrent calls on one reused session (and the second still sees the first)", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          handoffs: [{ to: "reviewer", toolName: "review", sessionMode: "REUSE_SESSION" }],
          model: [scripted(twoReviews(true))],
        },
        reviewer: { model: [scripted([say("review one", { latencyMs: 100 }), say("review two", { latencyMs: 100 })])] },
      },
    });
    const { events } = await runToEnd(definition, test, "go");
    expect(test.time.elapsed()).toBe(200);
    const lifecycle = events
      .filter((e) => (e.type === "AGENT_START" || e.type === "AGENT_END") && e.agentId === "reviewer")
      .map((e) => e.type);
    expect(lifecycle).toEqual(["AGENT_START", "AGENT_END", "AGENT_START", "AGENT_END"]);
    expect(test.requestsOf("reviewer")[1].messages.map((m) => m.content)).toEqual([
      "You are reviewer.",
      "first",
      "review one",
      "second",
    ]);
  });

  it("keys reused sessions by parent path and label, not only the tool name", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          handoffs: [
            { to: "reviewer", toolName: "review_a", sessionMode: "REUSE_SESSION", label: "a" },
            { to: "reviewer", toolName: "review_b", sessionMode: "REUSE_SESSION", label: "b" },
          ],
          model: [scripted([call(["review_a", { task: "one" }]), call(["review_b", { task: "two" }]), say("ok")])],
        },
        reviewer: { model: [scripted([], { whenExhausted: say("r") })] },
      },
    });
    await runToEnd(definition, test, "go");
    expect(test.requestsOf("reviewer")[1].messages.map((m) => m.content)).toEqual(["You are reviewer.", "two"]);
  });

  it("does not save a reused session when the attempt failed", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          handoffs: [{ to: "reviewer", toolName: "review", sessionMode: "REUSE_SESSION" }],
          model: [scripted(twoReviews(false))],
        },
        reviewer: { model: [scripted([fail(400), say("second works")])] },
      },
    });
    await runToEnd(definition, test, "go", { conversationId: "c" });
    expect(test.requestsOf("reviewer")[1].messages.map((m) => m.content)).toEqual(["You are reviewer.", "second"]);
  });

  it("keeps the root's conversation across runs with the same conversationId", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: { main: { model: [scripted([], { whenExhausted: say("echo {{input}}") })] } },
    });
    await runToEnd(definition, test, "hello", { conversationId: "chat" });
    const { result } = await runToEnd(definition, test, "again", { conversationId: "chat" });
    expect(result.output).toBe("echo again");
    expect(test.requestsOf("main")[1].messages.map((m) => m.content)).toEqual([
      "You are main.",
      "hello",
      "echo hello",
      "again",
    ]);
  });
});

describe("context modes", () => {
  const graph = (contextMode: "isolated" | "fork", forkMaxTokens = 8000) =>
    defineGraph({
      root: "main",
      agents: {
        main: {
          tools: ["calculator"],
          handoffs: [{ to: "helper", contextMode, forkMaxTokens }],
          model: [
            scripted([
              call(["calculator", { expression: "2+2" }]),
              call(["subagent_helper", { task: "explain the result" }]),
              say("ok"),
            ]),
          ],
        },
        helper: { model: [scripted([say("explained")])] },
      },
    });

  it("isolated: the child sees only its instructions and input", async () => {
    const test = createTestPorts();
    await runToEnd(graph("isolated"), test, "what is 2+2?");
    expect(test.requestsOf("helper")[0].messages).toEqual([
      { role: "system", content: "You are helper." },
      { role: "user", content: "explain the result" },
    ]);
  });

  it("fork: the child starts with a copy of the parent's transcript", async () => {
    const test = createTestPorts();
    await runToEnd(graph("fork"), test, "what is 2+2?");
    const seen = test.requestsOf("helper")[0].messages;
    expect(seen.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "user"]);
    expect(seen[0]).toEqual({ role: "system", content: "You are helper." });
    expect(seen[1]).toEqual({ role: "user", content: "what is 2+2?" });
    expect(seen[3]).toMatchObject({ role: "tool", content: "4" });
    expect(seen[4]).toEqual({ role: "user", content: "explain the result" });
  });

  it("fork: the copy is cut to forkMaxTokens, newest first", async () => {
    const test = createTestPorts();
    await runToEnd(graph("fork", 8), test, "what is 2+2? ".repeat(20));
    const seen = test.requestsOf("helper")[0].messages;
    expect(seen.some((m) => m.role === "user" && m.content.startsWith("what is"))).toBe(false);
    expect(seen.at(-1)).toEqual({ role: "user", content: "explain the result" });
  });
});
