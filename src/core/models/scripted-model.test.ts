import { describe, expect, it, vi } from "vitest";
import { scriptProblems } from "./compile-script";
import { generateWithFallback } from "./fallback-chain";
import { ModelCallError } from "./model-error";
import type { ChatMessage, ModelRequest } from "./model-port";
import { type ModelRef, modelRefSchema, type Script } from "./model-ref";
import { CancelScope } from "../shared/cancel-scope";
import { createScriptedModelClient } from "./scripted-model";

const scripted = (script: unknown, extra: Record<string, unknown> = {}): ModelRef =>
  modelRefSchema.parse({ provider: "scripted", model: "gpt-4o-mini", script, ...extra });

const noSleep = vi.fn(async () => {});

function request(model: ModelRef, messages: ChatMessage[], overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    model,
    messages,
    tools: [],
    signal: new AbortController().signal,
    context: { agentId: "main", sessionId: "session-0001", chainIndex: 0 },
    ...overrides,
  };
}

const user = (content: string): ChatMessage => ({ role: "user", content });

describe("scripted model", () => {
  it("answers turn n on the n-th call of a session, then whenExhausted", async () => {
    const model = scripted({
      turns: [
        { kind: "text", text: "first" },
        { kind: "text", text: "second" },
      ],
      whenExhausted: { kind: "text", text: "no more" },
    });
    const client = createScriptedModelClient({ sleep: noSleep });
    const texts: string[] = [];
    for (let i = 0; i < 4; i++) texts.push((await client.generate(request(model, [user("go")]))).text);
    expect(texts).toEqual(["first", "second", "no more", "no more"]);
  });

  it("keeps counters per session, agent and chain index, and per client instance", async () => {
    const model = scripted({
      turns: [
        { kind: "text", text: "one" },
        { kind: "text", text: "two" },
      ],
    });
    const client = createScriptedModelClient({ sleep: noSleep });
    const call = (sessionId: string, agentId: string, chainIndex = 0) =>
      client.generate(request(model, [user("x")], { context: { sessionId, agentId, chainIndex } })).then((r) => r.text);
    expect(await call("s1", "main")).toBe("one");
    expect(await call("s2", "main")).toBe("one");
    expect(await call("s1", "researcher")).toBe("one");
    expect(await call("s1", "main", 1)).toBe("one");
    expect(await call("s1", "main")).toBe("two");
    const fresh = createScriptedModelClient({ sleep: noSleep });
    expect((await fresh.generate(request(model, [user("x")]))).text).toBe("one");
  });

  it("defaults to 'Done: <input>' when the script runs out", async () => {
    const client = createScriptedModelClient({ sleep: noSleep });
    const response = await client.generate(request(scripted(undefined), [user("summarise the report")]));
    expect(response).toMatchObject({ text: "Done: summarise the report", toolCalls: [], finishReason: "stop" });
  });

  it("checks rules first against the latest user message; rules do not use up turns", async () => {
    const model = scripted({
      turns: [{ kind: "text", text: "turn one" }],
      rules: [
        { match: "^hi\\b", turn: { kind: "text", text: "Hello! I am {{agent}}." } },
        { match: "weather", turn: { kind: "text", text: "Sunny." } },
      ],
    });
    const client = createScriptedModelClient({ sleep: noSleep });
    const say = (text: string) =>
      client.generate(request(model, [user("earlier weather"), { role: "assistant", content: "ok" }, user(text)]));
    expect((await say("Hi there")).text).toBe("Hello! I am main.");
    expect((await say("what is the WEATHER")).text).toBe("Sunny.");
    expect((await say("something else")).text).toBe("turn one");
  });

  it("fires a once rule at most once per session", async () => {
    const model = scripted({
      rules: [
        {
          match: "research",
          once: true,
          turn: { kind: "tool_calls", calls: [{ tool: "subagent_researcher", args: { task: "{{input}}" } }] },
        },
      ],
      whenExhausted: { kind: "text", text: "Summary of {{lastToolResult}}" },
    });
    const client = createScriptedModelClient({ sleep: noSleep });
    const first = await client.generate(request(model, [user("research cats")]));
    expect(first.toolCalls).toEqual([
      { id: "call_sion0001_1_0", name: "subagent_researcher", arguments: '{"task":"research cats"}' },
    ]);
    expect(first.finishReason).toBe("tool_calls");
    const second = await client.generate(
      request(model, [
        user("research cats"),
        { role: "assistant", content: "", toolCalls: first.toolCalls },
        { role: "tool", toolCallId: first.toolCalls[0].id, toolName: "subagent_researcher", content: "cats purr" },
      ]),
    );
    expect(second.text).toBe("Summary of cats purr");
    const other = await client.generate(
      request(model, [user("research dogs")], { context: { agentId: "main", sessionId: "other", chainIndex: 0 } }),
    );
    expect(other.toolCalls).toHaveLength(1);
  });

  it("renders templates in text, object args (JSON-escaped) and raw string args", async () => {
    const model = scripted({
      turns: [
        {
          kind: "tool_calls",
          text: "Calling for {{agent}} ({{messageCount}} messages)",
          calls: [
            { tool: "write_file", args: { path: "notes.md", content: "{{input}}", meta: { tags: ["{{agent}}"] } } },
            { tool: "calculator", args: "not json {{input}}" },
            { tool: "current_time" },
          ],
        },
      ],
    });
    const client = createScriptedModelClient({ sleep: noSleep });
    const response = await client.generate(request(model, [{ role: "system", content: "sys" }, user('say "hi"')]));
    expect(response.text).toBe("Calling for main (2 messages)");
    expect(response.toolCalls.map((c) => [c.id, c.name, c.arguments])).toEqual([
      [
        "call_sion0001_1_0",
        "write_file",
        JSON.stringify({ path: "notes.md", content: 'say "hi"', meta: { tags: ["main"] } }),
      ],
      ["call_sion0001_1_1", "calculator", 'not json say "hi"'],
      ["call_sion0001_1_2", "current_time", "{}"],
    ]);
  });

  it("truncates {{lastToolResult}} to 500 characters and numbers tool call ids per call", async () => {
    const model = scripted({
      turns: [
        { kind: "tool_calls", calls: [{ tool: "a" }] },
        { kind: "tool_calls", text: "{{lastToolResult}}", calls: [{ tool: "b" }] },
      ],
    });
    const client = createScriptedModelClient({ sleep: noSleep });
    const first = await client.generate(request(model, [user("x")]));
    const long = "y".repeat(800);
    const second = await client.generate(
      request(model, [user("x"), { role: "tool", toolCallId: first.toolCalls[0].id, toolName: "a", content: long }]),
    );
    expect(second.text).toHaveLength(500);
    expect([first.toolCalls[0].id, second.toolCalls[0].id]).toEqual(["call_sion0001_1_0", "call_sion0001_2_0"]);
  });

  it("throws ModelCallError for error turns with kind, status and Retry-After", async () => {
    const model = scripted({
      turns: [
        { kind: "error", status: 429, retryAfterSeconds: 2, message: "slow down" },
        { kind: "error", status: 503 },
        { kind: "error", status: 400 },
        { kind: "error", status: 401 },
        { kind: "error", status: "timeout" },
        { kind: "error", status: "network" },
      ],
    });
    const client = createScriptedModelClient({ sleep: noSleep });
    const errors: ModelCallError[] = [];
    for (let i = 0; i < 6; i++)
      errors.push(
        await client.generate(request(model, [user("x")])).then(
          () => new ModelCallError({ kind: "unknown", message: "resolved", provider: "", model: "" }),
          (e: ModelCallError) => e,
        ),
      );
    expect(errors.every((e) => e instanceof ModelCallError)).toBe(true);
    expect(errors.map((e) => [e.kind, e.status, e.retryAfterMs])).toEqual([
      ["rate_limit", 429, 2000],
      ["server", 503, null],
      ["bad_request", 400, null],
      ["auth", 401, null],
      ["timeout", null, null],
      ["network", null, null],
    ]);
    expect(errors[0].message).toBe("slow down");
    expect(errors[1].message).toBe("simulated provider error");
    expect(errors[0]).toMatchObject({ provider: "scripted", model: "gpt-4o-mini" });
  });

  it("waits turn or script latency through sleep, and never calls sleep at zero latency", async () => {
    const sleep = vi.fn(async () => {});
    const model = scripted({
      latencyMs: 50,
      turns: [
        { kind: "text", text: "a" },
        { kind: "text", text: "b", latencyMs: 5 },
        { kind: "text", text: "c", latencyMs: 0 },
      ],
    });
    const client = createScriptedModelClient({ sleep });
    for (let i = 0; i < 3; i++) await client.generate(request(model, [user("x")]));
    expect(sleep.mock.calls.map((c) => (c as unknown[])[0])).toEqual([50, 5]);
    const zero = createScriptedModelClient({ sleep });
    sleep.mockClear();
    await zero.generate(request(scripted({ turns: [{ kind: "text", text: "fast" }] }), [user("x")]));
    expect(sleep).not.toHaveBeenCalled();
  });

  it("rejects quickly with an aborted error when aborted during latency", async () => {
    const controller = new AbortController();
    const realisticSleep = (ms: number, signal?: AbortSignal) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
      });
    const client = createScriptedModelClient({ sleep: realisticSleep });
    const started = Date.now();
    const promise = client.generate(
      request(scripted({ latencyMs: 60_000 }), [user("x")], { signal: controller.signal }),
    );
    setTimeout(() => controller.abort(), 5);
    await expect(promise).rejects.toMatchObject({ kind: "aborted" });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("rejects at once when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const client = createScriptedModelClient({ sleep: noSleep });
    await expect(
      client.generate(request(scripted({}), [user("x")], { signal: controller.signal })),
    ).rejects.toMatchObject({ kind: "aborted" });
  });

  it("observes request.cancel when given, without reading request.signal", async () => {
    const scope = new CancelScope();
    scope.abort("stop");
    const client = createScriptedModelClient({ sleep: noSleep });
    const base = request(scripted({}), [user("x")]);
    const withToken = Object.defineProperty({ ...base, cancel: scope }, "signal", {
      get: () => {
        throw new Error("signal read");
      },
    });
    await expect(client.generate(withToken)).rejects.toMatchObject({ kind: "aborted", cause: "stop" });
  });

  it("with a timer, waits latency on it and the cancel token: no sleep, no AbortSignal, the deadline cancelled on abort", async () => {
    const deadlines: Array<{ ms: number; fire: () => void; cancelled: boolean }> = [];
    const timer = (ms: number, fire: () => void) => {
      const deadline = { ms, fire, cancelled: false };
      deadlines.push(deadline);
      return () => {
        deadline.cancelled = true;
      };
    };
    const sleep = vi.fn(async () => {});
    const client = createScriptedModelClient({ sleep, timer });
    const tokenRequest = (scope: CancelScope, sessionId: string) =>
      Object.defineProperty(
        {
          ...request(scripted({ latencyMs: 40, turns: [{ kind: "text", text: "late" }] }), [user("x")], {
            context: { agentId: "main", sessionId, chainIndex: 0 },
          }),
          cancel: scope,
        },
        "signal",
        {
          get: () => {
            throw new Error("signal read");
          },
        },
      );

    const answered = client.generate(tokenRequest(new CancelScope(), "s1"));
    expect(deadlines.map((d) => d.ms)).toEqual([40]);
    deadlines[0].fire();
    await expect(answered).resolves.toMatchObject({ text: "late" });

    const scope = new CancelScope();
    const stopped = client.generate(tokenRequest(scope, "s2"));
    expect(deadlines).toHaveLength(2);
    scope.abort("stop");
    await expect(stopped).rejects.toMatchObject({ kind: "aborted", cause: "stop" });
    expect(deadlines[1].cancelled).toBe(true);
    expect(sleep).not.toHaveBeenCalled();
  });

  it("streams text word by word to onTextDelta", async () => {
    const client = createScriptedModelClient({ sleep: noSleep });
    const deltas: string[] = [];
    const response = await client.generate(
      request(scripted({ turns: [{ kind: "text", text: "The quick brown fox" }] }), [user("x")], {
        onTextDelta: (d) => deltas.push(d),
      }),
    );
    expect(deltas).toEqual(["The ", "quick ", "brown ", "fox"]);
    expect(deltas.join("")).toBe(response.text);
  });

  it("reports given usage or estimates it at four characters per token", async () => {
    const client = createScriptedModelClient({ sleep: noSleep });
    const given = await client.generate(
      request(
        scripted({ turns: [{ kind: "text", text: "hi", usage: { inputTokens: 1000, cachedInputTokens: 200 } }] }),
        [user("x")],
      ),
    );
    expect(given.usage).toEqual({ inputTokens: 1000, outputTokens: 1, cachedInputTokens: 200 });
    const estimated = await createScriptedModelClient({ sleep: noSleep }).generate(
      request(scripted({ turns: [{ kind: "tool_calls", text: "abcde", calls: [{ tool: "t", args: { a: 1 } }] }] }), [
        user("12345678"),
        { role: "assistant", content: "", toolCalls: [{ id: "c", name: "t", arguments: "1234" }] },
        { role: "tool", toolCallId: "c", toolName: "t", content: "1" },
      ]),
    );
    // input: 8 + 0 + 4 + 1 = 13 chars → 4; output: 5 + '{"a":1}'.length (7) = 12 → 3
    expect(estimated.usage).toEqual({ inputTokens: 4, outputTokens: 3, cachedInputTokens: 0 });
  });

  it("refuses non-scripted entries and reports invalid rule regexes as bad requests", async () => {
    const client = createScriptedModelClient({ sleep: noSleep });
    const openai = modelRefSchema.parse({ provider: "openai", model: "gpt-4o" });
    await expect(client.generate(request(openai, [user("x")]))).rejects.toMatchObject({ kind: "bad_request" });
    const broken = scripted({ rules: [{ match: "(unclosed", turn: { kind: "text", text: "x" } }] });
    await expect(client.generate(request(broken, [user("x")]))).rejects.toMatchObject({ kind: "bad_request" });
    expect(scriptProblems((broken as Extract<ModelRef, { provider: "scripted" }>).script as Script)).toHaveLength(1);
  });

  it("drives the fallback chain: a scripted 429 then success, with Retry-After honoured", async () => {
    const model = scripted(
      {
        turns: [
          { kind: "error", status: 429, retryAfterSeconds: 1 },
          { kind: "text", text: "recovered" },
        ],
      },
      { retries: 1 },
    );
    const client = createScriptedModelClient({ sleep: noSleep });
    const sleeps: number[] = [];
    const result = await generateWithFallback({
      chain: [model],
      client,
      request: {
        messages: [user("x")],
        tools: [],
        signal: new AbortController().signal,
        context: { agentId: "main", sessionId: "s" },
      },
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    expect(result).toMatchObject({ attempt: 2, response: { text: "recovered" } });
    expect(sleeps).toEqual([1000]);
  });
});
