import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { generateWithFallback } from "@/core/models/fallback-chain";
import { ModelCallError } from "@/core/models/model-error";
import { ModelChainExhaustedError } from "@/core/models/model-chain-exhausted-error";
import { modelRefSchema } from "@/core/models/model-ref";
import { createAiSdkModelClient } from "./ai-sdk-model-client";
import { startFakeOpenAIServer } from "./testing/fake-openai-server";
import {
  chainEntries,
  chainRequest,
  modelRequest as request,
  setupFakeServer,
  weatherTool,
  weatherTranscript,
} from "./testing/model-client-fixtures";

const server = setupFakeServer(startFakeOpenAIServer);

const compatible = chainEntries(() => ({ provider: "openai-compatible", baseURL: server().baseURL }));

const client = () => createAiSdkModelClient({ resolveCredential: () => null });

describe("AI SDK model client against a local OpenAI-compatible server", () => {
  it("returns text, usage and finish reason without streaming, sending the transcript and settings", async () => {
    server().enqueue({
      kind: "text",
      text: "Hello!",
      usage: { prompt_tokens: 12, completion_tokens: 7, cached_tokens: 4 },
    });
    const response = await client().generate(request(compatible("local-llm"), { temperature: 0.2, maxTokens: 64 }));
    expect(response).toEqual({
      text: "Hello!",
      toolCalls: [],
      usage: { inputTokens: 12, outputTokens: 7, cachedInputTokens: 4 },
      finishReason: "stop",
    });
    expect(server().requests).toHaveLength(1);
    const body = server().requests[0].body!;
    expect(body.model).toBe("local-llm");
    expect(body.stream).toBeFalsy();
    expect(body.temperature).toBe(0.2);
    expect(body.max_tokens).toBe(64);
    expect(body.messages).toEqual([
      { role: "system", content: "You are terse." },
      { role: "user", content: "Say hello" },
    ]);
    expect(body.tools).toBeUndefined();
  });

  it("streams text deltas as they arrive", async () => {
    server().enqueue({ kind: "text", text: "one two three four", usage: { prompt_tokens: 3, completion_tokens: 4 } });
    const deltas: string[] = [];
    const response = await client().generate(request(compatible("local-llm"), { onTextDelta: (d) => deltas.push(d) }));
    expect(server().requests[0].body?.stream).toBe(true);
    expect(deltas.length).toBeGreaterThanOrEqual(4);
    expect(deltas.join("")).toBe("one two three four");
    expect(response).toMatchObject({
      text: "one two three four",
      finishReason: "stop",
      usage: { inputTokens: 3, outputTokens: 4 },
    });
  });

  it.each([false, true])(
    "parses tool calls with raw JSON arguments (streaming: %s) and sends tools as JSON Schema",
    async (streaming) => {
      server().enqueue({
        kind: "tool_calls",
        calls: [
          { id: "call_a", name: "get_weather", arguments: '{"city":"Paris"}' },
          { id: "call_b", name: "get_weather", arguments: '{"city":"Oslo"}' },
        ],
      });
      const response = await client().generate(
        request(compatible("local-llm"), { tools: [weatherTool], onTextDelta: streaming ? () => {} : undefined }),
      );
      expect(response.finishReason).toBe("tool_calls");
      expect(response.toolCalls).toEqual([
        { id: "call_a", name: "get_weather", arguments: '{"city":"Paris"}' },
        { id: "call_b", name: "get_weather", arguments: '{"city":"Oslo"}' },
      ]);
      const tools = server().requests[0].body?.tools;
      expect(tools).toHaveLength(1);
      expect(tools?.[0]).toMatchObject({
        type: "function",
        function: {
          name: "get_weather",
          description: "Current weather for a city.",
          parameters: weatherTool.parameters,
        },
      });
    },
  );

  it("passes malformed tool arguments through untouched", async () => {
    server().enqueue({ kind: "tool_calls", calls: [{ id: "call_x", name: "get_weather", arguments: "{city: Paris" }] });
    const response = await client().generate(request(compatible("local-llm"), { tools: [weatherTool] }));
    expect(response.toolCalls).toEqual([{ id: "call_x", name: "get_weather", arguments: "{city: Paris" }]);
  });

  it("sends assistant tool calls and tool results of the transcript", async () => {
    server().enqueue({ kind: "text", text: "It is sunny in Paris." });
    await client().generate(
      request(compatible("local-llm"), {
        tools: [weatherTool],
        messages: [
          ...weatherTranscript("call_1"),
          { role: "system", content: "Reminder: background task t1 completed." },
        ],
      }),
    );
    const messages = server().requests[0].body?.messages ?? [];
    expect(messages[2]).toMatchObject({
      role: "assistant",
      content: "Checking.",
      tool_calls: [
        { id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } },
      ],
    });
    expect(messages[3]).toMatchObject({ role: "tool", tool_call_id: "call_1", content: "sunny, 21°C" });
    expect(messages[4]).toEqual({ role: "system", content: "Reminder: background task t1 completed." });
  });

  it("uses the openai provider with the credential's key and base URL", async () => {
    server().enqueue({ kind: "text", text: "hi from openai" });
    const openaiClient = createAiSdkModelClient({
      resolveCredential: (entry) =>
        entry.credentialId === "cred-1" ? { apiKey: "sk-test-123", baseURL: server().baseURL } : null,
    });
    const entry = modelRefSchema.parse({ provider: "openai", model: "gpt-4o-mini", credentialId: "cred-1" });
    const response = await openaiClient.generate(request(entry));
    expect(response.text).toBe("hi from openai");
    expect(server().requests[0].headers.authorization).toBe("Bearer sk-test-123");
    expect(server().requests[0].path).toBe("/v1/chat/completions");
  });

  it.each([
    [401, "auth"],
    [403, "auth"],
    [400, "bad_request"],
    [404, "bad_request"],
    [500, "server"],
    [503, "server"],
  ] as const)("maps HTTP %i to %s", async (status, kind) => {
    server().enqueue({ kind: "error", status, message: `boom ${status}` });
    const error = await client()
      .generate(request(compatible("local-llm")))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error).toMatchObject({ kind, status, provider: "openai-compatible", model: "local-llm" });
    expect((error as Error).message).toContain(`boom ${status}`);
  });

  it.each([false, true])("maps a 429 with Retry-After to rate_limit (streaming: %s)", async (streaming) => {
    server().enqueue({ kind: "error", status: 429, headers: { "retry-after": "3" } });
    const error = await client()
      .generate(request(compatible("local-llm"), { onTextDelta: streaming ? () => {} : undefined }))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "rate_limit", status: 429, retryAfterMs: 3000 });
  });

  it("maps a content-policy 400 to content_filter", async () => {
    server().enqueue({
      kind: "error",
      status: 400,
      message: "Your request was rejected as a result of our safety system (content_policy_violation)",
    });
    await expect(client().generate(request(compatible("local-llm")))).rejects.toMatchObject({
      kind: "content_filter",
      status: 400,
    });
  });

  it.each([false, true])("maps a malformed response to a retryable server error (streaming: %s)", async (streaming) => {
    server().enqueue({ kind: "malformed" });
    const error = await client()
      .generate(request(compatible("local-llm"), { onTextDelta: streaming ? () => {} : undefined }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    expect((error as ModelCallError).kind).toBe("server");
    expect((error as ModelCallError).retryable).toBe(true);
  });

  it("requires a base URL for openai-compatible entries", async () => {
    const entry = modelRefSchema.parse({ provider: "openai-compatible", model: "x" });
    await expect(client().generate(request(entry))).rejects.toMatchObject({ kind: "bad_request" });
  });

  it("reports a failing credential lookup as auth", async () => {
    const failing = createAiSdkModelClient({
      resolveCredential: () => {
        throw new Error("decryption failed");
      },
    });
    const entry = modelRefSchema.parse({ provider: "openai", model: "gpt-4o", credentialId: "k1" });
    await expect(failing.generate(request(entry))).rejects.toMatchObject({
      kind: "auth",
      message: expect.stringContaining("decryption failed"),
    });
  });

  it("aborts the HTTP request when the caller aborts", async () => {
    server().enqueue({ kind: "hang" });
    const controller = new AbortController();
    const promise = client().generate(request(compatible("local-llm"), { signal: controller.signal }));
    await waitFor(() => server().requests.length === 1);
    controller.abort();
    await expect(promise).rejects.toMatchObject({ kind: "aborted" });
    await server().requests[0].closedEarly;
  });
});

describe("generateWithFallback through the AI SDK client", () => {
  it("honours a 429's Retry-After, then succeeds on the retry", async () => {
    server().enqueueFor(
      "m1",
      { kind: "error", status: 429, headers: { "retry-after": "2" } },
      { kind: "text", text: "after the wait" },
    );
    const sleeps: number[] = [];
    const result = await generateWithFallback({
      chain: [compatible("m1", { retries: 1 })],
      client: client(),
      request: chainRequest(),
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    expect(sleeps).toEqual([2000]);
    expect(result).toMatchObject({ chainIndex: 0, attempt: 2, response: { text: "after the wait" } });
    expect(result.failedAttempts[0].error).toMatchObject({ kind: "rate_limit", status: 429, retryAfterMs: 2000 });
    expect(server().requests).toHaveLength(2);
  });

  it("falls back from a 500 on model 1 to model 2", async () => {
    server().enqueueFor("m1", { kind: "error", status: 500 });
    server().enqueueFor("m2", { kind: "text", text: "from model two" });
    const result = await generateWithFallback({
      chain: [compatible("m1", { retries: 0 }), compatible("m2")],
      client: client(),
      request: chainRequest(),
      sleep: async () => {},
    });
    expect(result).toMatchObject({ chainIndex: 1, attempt: 1, response: { text: "from model two" } });
    expect(server().requests.map((r) => r.body?.model)).toEqual(["m1", "m2"]);
  });

  it("times an attempt out by really aborting the HTTP request", async () => {
    server().enqueueFor("slow", { kind: "hang" });
    const started = Date.now();
    const promise = generateWithFallback({
      chain: [compatible("slow", { retries: 0, timeoutMillis: 150 })],
      client: client(),
      request: chainRequest(),
      sleep: async () => {},
    });
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelChainExhaustedError);
    expect((error as ModelChainExhaustedError).attempts[0].error.kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(3_000);
    await server().requests[0].closedEarly; // the server saw the connection close
  });

  it("does not fall back on a 400", async () => {
    server().enqueueFor("m1", { kind: "error", status: 400, message: "bad schema" });
    server().enqueueFor("m2", { kind: "text", text: "never" });
    const promise = generateWithFallback({
      chain: [compatible("m1", { retries: 3 }), compatible("m2")],
      client: client(),
      request: chainRequest(),
      sleep: async () => {},
    });
    await expect(promise).rejects.toMatchObject({ kind: "bad_request", status: 400 });
    expect(server().requests.map((r) => r.body?.model)).toEqual(["m1"]);
  });

  it("falls through a network error (closed port) to the next model", async () => {
    const closedPort = await unusedPort();
    server().enqueueFor("m2", { kind: "text", text: "reachable" });
    const result = await generateWithFallback({
      chain: [compatible("m1", { retries: 0, baseURL: `http://127.0.0.1:${closedPort}/v1` }), compatible("m2")],
      client: client(),
      request: chainRequest(),
      sleep: async () => {},
    });
    expect(result).toMatchObject({ chainIndex: 1, response: { text: "reachable" } });
    expect(result.failedAttempts[0].error.kind).toBe("network");
  });

  it("serves a mixed chain: a scripted 503 falls back to a real provider", async () => {
    server().enqueueFor("m2", { kind: "text", text: "real answer" });
    const scripted = modelRefSchema.parse({
      provider: "scripted",
      model: "gpt-4o-mini",
      retries: 0,
      script: { turns: [{ kind: "error", status: 503 }] },
    });
    const result = await generateWithFallback({
      chain: [scripted, compatible("m2")],
      client: client(),
      request: chainRequest(),
      sleep: async () => {},
    });
    expect(result).toMatchObject({ chainIndex: 1, response: { text: "real answer" } });
    expect(result.failedAttempts[0]).toMatchObject({ provider: "scripted", error: { kind: "server", status: 503 } });
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2_000) {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A port that was just free and is now closed: connecting to it is refused. */
async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
