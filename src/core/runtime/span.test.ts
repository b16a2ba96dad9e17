import { describe, expect, it } from "vitest";
import { EventBus } from "./event-bus";
import { runtimeEventSchema } from "./events";
import { Span, openSpan } from "./span";

function host() {
  const bus = new EventBus("run1", { now: () => 5 });
  let next = 1;
  return { bus, newSpanId: () => `s${++next}` };
}

const usage = { inputTokens: 1, outputTokens: 2, cachedInputTokens: 0 };

describe("openSpan", () => {
  it("fills the header (span ids, source, agent) of opening, point and closing events", () => {
    const ctx = host();
    const agent = openSpan(
      ctx,
      { spanId: "s1", source: "main/helper", agentId: "helper" },
      { type: "AGENT_START", agentName: "Helper", depth: 1, role: "leaf", sessionId: "sess", input: "hi" },
    );
    const call = openSpan(ctx, agent, {
      type: "MODEL_CALL_START",
      provider: "scripted",
      model: "m",
      chainIndex: 0,
      attempt: 1,
      messages: [],
      previousMessageCount: 0,
      basedOnSpanId: null,
      tools: [],
    });
    call.point({ type: "TEXT_DELTA", delta: "he" });
    call.close({
      type: "MODEL_CALL_END",
      provider: "scripted",
      model: "m",
      chainIndex: 0,
      attempt: 1,
      durationMillis: 0,
      usage,
      costUsd: null,
      finishReason: "stop",
      text: "he",
      toolCalls: [],
      error: null,
      willRetry: false,
      willFallback: false,
    });
    agent.close({
      type: "AGENT_END",
      status: "completed",
      output: "he",
      error: null,
      steps: 1,
      durationMillis: 0,
    });
    const events = ctx.bus.events;
    for (const event of events) expect(runtimeEventSchema.safeParse(event).success).toBe(true);
    expect(events.map((e) => [e.type, e.spanId, e.parentSpanId, e.source, "agentId" in e ? e.agentId : "-"])).toEqual([
      ["AGENT_START", "s2", "s1", "main/helper", "helper"],
      ["MODEL_CALL_START", "s3", "s2", "main/helper", "helper"],
      ["TEXT_DELTA", "s3", "s2", "main/helper", "helper"],
      ["MODEL_CALL_END", "s3", "s2", "main/helper", "helper"],
      ["AGENT_END", "s2", "s1", "main/helper", "helper"],
    ]);
  });

  it("does not add agentId to events that have none (handoffs) or carry another agent's (tasks)", () => {
    const ctx = host();
    const scope = { spanId: "s1", source: null, agentId: "main" };
    const handoff = openSpan(ctx, scope, {
      type: "HANDOFF_START",
      handoffId: "h1",
      callId: "c1",
      tool: "ask",
      subagent: "helper",
      parentAgentId: "main",
      depth: 1,
      sessionMode: "NEW_SESSION",
      arguments: "{}",
    });
    openSpan(ctx, handoff, {
      type: "TASK_ACCEPTED",
      taskId: "t1",
      agentId: "helper",
      ownerAgentId: "main",
      tool: "ask",
      handoffId: "h1",
      childSessionKey: "k",
      reason: "background",
    });
    const [start, task] = ctx.bus.events;
    expect("agentId" in start).toBe(false);
    expect(runtimeEventSchema.safeParse(start).success).toBe(true);
    expect(task).toMatchObject({ agentId: "helper", parentSpanId: handoff.spanId });
  });
});

describe("Span", () => {
  it("closes exactly once: later closes and points emit nothing", () => {
    const ctx = host();
    const run = new Span(ctx.bus, "RUN", "s1", null, null, null);
    expect(run.point({ type: "BUDGET_EXCEEDED", budget: "steps", limit: 1, used: 1, agentId: null })).toBeNull();
    run.start({
      type: "RUN_START",
      graphName: "g",
      rootAgentId: "main",
      conversationId: "c",
      input: "",
      forceSync: false,
    });
    expect(run.isOpen).toBe(true);
    const end = {
      type: "RUN_END",
      status: "completed",
      output: null,
      error: null,
      usage,
      costUsd: 0,
      steps: 0,
      durationMillis: 0,
    } as const;
    expect(run.close({ ...end })).not.toBeNull();
    expect(run.close({ ...end })).toBeNull();
    expect(run.isOpen).toBe(false);
    expect(ctx.bus.events.map((e) => e.type)).toEqual(["RUN_START", "RUN_END"]);
  });

  it("refuses to open twice or with another kind's event", () => {
    const ctx = host();
    const start = {
      type: "RUN_START",
      graphName: "g",
      rootAgentId: "m",
      conversationId: "c",
      input: "",
      forceSync: false,
    } as const;
    const run = new Span(ctx.bus, "RUN", "s1", null, null, null);
    run.start({ ...start });
    expect(() => run.start({ ...start })).toThrow(/cannot be opened/);
    const agent = new Span(ctx.bus, "AGENT", "s2", "s1", null, "m");
    expect(() => agent.start({ ...start })).toThrow(/cannot be opened by RUN_START/);
  });
});
