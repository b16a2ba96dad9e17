import { describe, expect, it } from "vitest";
import { generateWithFallback } from "@/core/models/fallback-chain";
import { ModelCallError } from "@/core/models/model-error";
import { ModelChainExhaustedError } from "@/core/models/model-chain-exhausted-error";
import { createAiSdkModelClient } from "./ai-sdk-model-client";
import { startFakeAnthropicServer } from "./testing/fake-anthropic-server";
import {
  chainEntries,
  chainRequest,
  modelRequest as request,
  setupFakeServer,
  weatherTool,
  weatherTranscript,
} from "./testing/model-client-fixtures";

const server = setupFakeServer(startFakeAnthropicServer);

const claude = chainEntries(() => ({ provider: "anthropic", credentialId: "anthropic-key" }));

const client = () =>
  createAiSdkModelClient({
    resolveCredential: (entry) =>
      entry.credentialId === "anthropic-key" ? { apiKey: "sk-ant-test", baseURL: server().baseURL } : null,
  });

describe("AI SDK model client against a local fake Anthropic server (/v1/messages)", () => {
  it("returns text and usage without streaming, sending the key, system prompt and transcript", async () => {
    server().enqueue({
      kind: "text",
      text: "Hello!",
      usage: { prompt_tokens: 12, completion_tokens: 7, cached_tokens: 4 },
    });
    const response = await client().generate(request(claude("claude-sonnet-4"), { maxTokens: 64 }));
    expect(response).toMatchObject({ text: "Hello!", toolCalls: [], finishReason: "stop" });
    expect(response.usage.outputTokens).toBe(7);
    expect(response.usage.cachedInputTokens).toBe(4);
    expect(server().requests).toHaveLength(1);
    const req = server().requests[0];
    expect(req.path).toBe("/v1/messages");
    expect(req.headers["x-api-key"]).toBe("sk-ant-test");
    expect(req.body?.model).toBe("claude-sonnet-4");
    expect(req.body?.stream).toBeFalsy();
    expect(req.body?.max_tokens).toBe(64);
    expect(JSON.stringify(req.body?.system)).toContain("You are terse.");
    expect(req.body?.messages).toEqual([{ role: "user", content: [{ type: "text", text: "Say hello" }] }]);
  });

  it("streams text deltas over SSE as they arrive", async () => {
    server().enqueue({ kind: "text", text: "one two three four", usage: { prompt_tokens: 3, completion_tokens: 4 } });
    const deltas: string[] = [];
    const response = await client().generate(
      request(claude("claude-sonnet-4"), { onTextDelta: (d) => deltas.push(d) }),
    );
    expect(server().requests[0].body?.stream).toBe(true);
    expect(deltas.length).toBeGreaterThanOrEqual(4);
    expect(deltas.join("")).toBe("one two three four");
    expect(response).toMatchObject({ text: "one two three four", finishReason: "stop", usage: { outputTokens: 4 } });
  });

  it.each([false, true])(
    "parses tool_use blocks (streaming: %s) and sends tools with input_schema",
    async (streaming) => {
      server().enqueue({
        kind: "tool_calls",
        text: "Checking.",
        calls: [
          { id: "toolu_a", name: "get_weather", arguments: '{"city":"Paris"}' },
          { id: "toolu_b", name: "get_weather", arguments: '{"city":"Oslo"}' },
        ],
      });
      const response = await client().generate(
        request(claude("claude-sonnet-4"), { tools: [weatherTool], onTextDelta: streaming ? () => {} : undefined }),
      );
      expect(response.finishReason).toBe("tool_calls");
      expect(
        response.toolCalls.map((c) => ({ id: c.id, name: c.name, args: JSON.parse(c.arguments) as unknown })),
      ).toEqual([
        { id: "toolu_a", name: "get_weather", args: { city: "Paris" } },
        { id: "toolu_b", name: "get_weather", args: { city: "Oslo" } },
      ]);
      const tools = server().requests[0].body?.tools;
      expect(tools).toHaveLength(1);
      expect(tools?.[0]).toMatchObject({ name: "get_weather", description: "Current weather for a city." });
      expect(tools?.[0].input_schema).toMatchObject({ type: "object", properties: { city: { type: "string" } } });
    },
  );

  it("sends assistant tool calls and tool results as tool_use / tool_result blocks", async () => {
    server().enqueue({ kind: "text", text: "It is sunny in Paris." });
    await client().generate(
      request(claude("claude-sonnet-4"), {
        tools: [weatherTool],
        messages: weatherTranscript("toolu_1"),
      }),
    );
    const text = JSON.stringify(server().requests[0].body?.messages);
    expect(text).toContain('"type":"tool_use"');
    expect(text).toContain('"id":"toolu_1"');
    expect(text).toContain('"type":"tool_result"');
    expect(text).toContain('"tool_use_id":"toolu_1"');
    expect(text).toContain("sunny, 21°C");
  });

  it.each([
    [401, "auth"],
    [400, "bad_request"],
    [500, "server"],
    [529, "server"],
  ] as const)("maps HTTP %i to %s", async (status, kind) => {
    server().enqueue({ kind: "error", status, message: `boom ${status}` });
    const error = await client()
      .generate(request(claude("claude-sonnet-4")))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error).toMatchObject({ kind, status, provider: "anthropic", model: "claude-sonnet-4" });
  });

  it.each([false, true])("maps a 429 with Retry-After to rate_limit (streaming: %s)", async (streaming) => {
    server().enqueue({ kind: "error", status: 429, message: "slow down", headers: { "retry-after": "3" } });
    const error = await client()
      .generate(request(claude("claude-sonnet-4"), { onTextDelta: streaming ? () => {} : undefined }))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "rate_limit", status: 429, retryAfterMs: 3000 });
  });
});

describe("generateWithFallback over Anthropic HTTP", () => {
  it("retries a 429 honouring Retry-After, then falls back from a 500 to the next Claude model", async () => {
    server().enqueueFor(
      "c1",
      { kind: "error", status: 429, headers: { "retry-after": "1" } },
      { kind: "error", status: 500 },
    );
    server().enqueueFor("c2", { kind: "text", text: "from c2" });
    const sleeps: number[] = [];
    const result = await generateWithFallback({
      chain: [claude("c1", { retries: 1 }), claude("c2")],
      client: client(),
      request: chainRequest(),
      sleep: async (ms) => void sleeps.push(ms),
    });
    expect(sleeps[0]).toBe(1000);
    expect(result).toMatchObject({ chainIndex: 1, attempt: 1, response: { text: "from c2" } });
    expect(result.failedAttempts.map((a) => a.error.kind)).toEqual(["rate_limit", "server"]);
    expect(server().requests.map((r) => r.body?.model)).toEqual(["c1", "c1", "c2"]);
  });

  it("times an attempt out by really aborting the HTTP request", async () => {
    server().enqueueFor("slow", { kind: "hang" });
    const error = await generateWithFallback({
      chain: [claude("slow", { retries: 0, timeoutMillis: 150 })],
      client: client(),
      request: chainRequest(),
      sleep: async () => {},
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelChainExhaustedError);
    expect((error as ModelChainExhaustedError).attempts[0].error.kind).toBe("timeout");
    await server().requests[0].closedEarly;
  });

  it("does not fall back on a 400", async () => {
    server().enqueueFor("c1", { kind: "error", status: 400, message: "bad schema" });
    server().enqueueFor("c2", { kind: "text", text: "never" });
    await expect(
      generateWithFallback({
        chain: [claude("c1", { retries: 2 }), claude("c2")],
        client: client(),
        request: chainRequest(),
        sleep: async () => {},
      }),
    ).rejects.toMatchObject({ kind: "bad_request", status: 400 });
    expect(server().requests.map((r) => r.body?.model)).toEqual(["c1"]);
  });
});
