import { describe, expect, it } from "vitest";
import { modelRefSchema } from "@/core/models/model-ref";
import { createAiSdkModelClient } from "./ai-sdk-model-client";
import { createProviderFactory } from "./provider-factory";

type HttpRef = Parameters<ReturnType<typeof createProviderFactory>>[0];
const entry = (input: unknown) => modelRefSchema.parse(input) as HttpRef;

describe("createProviderFactory", () => {
  it("creates models for each provider without any network access", () => {
    const factory = createProviderFactory({});
    const openai = factory(entry({ provider: "openai", model: "gpt-4o" }), { apiKey: "k" });
    const anthropic = factory(entry({ provider: "anthropic", model: "claude-sonnet-4-5" }), { apiKey: "k" });
    const local = factory(
      entry({ provider: "openai-compatible", model: "llama3", baseURL: "http://127.0.0.1:11434/v1" }),
      null,
    );
    expect([openai, anthropic, local].map((m) => (typeof m === "string" ? m : [m.provider, m.modelId]))).toEqual([
      ["openai.chat", "gpt-4o"],
      ["anthropic.messages", "claude-sonnet-4-5"],
      ["openai-compatible.chat", "llama3"],
    ]);
  });

  it("prefers the entry's base URL over the credential's, and uses the injected fetch", async () => {
    const urls: string[] = [];
    const fetch: typeof globalThis.fetch = async (input) => {
      urls.push(String(input instanceof Request ? input.url : input));
      return new Response(JSON.stringify({ error: { message: "nope" } }), {
        status: 500,
        headers: { "content-type": "application/json" },
      });
    };
    const client = createAiSdkModelClient({ resolveCredential: () => ({ baseURL: "http://127.0.0.1:2/v1" }), fetch });
    const model = modelRefSchema.parse({ provider: "openai-compatible", model: "m", baseURL: "http://127.0.0.1:1/v1" });
    await expect(
      client.generate({
        model,
        messages: [{ role: "user", content: "x" }],
        tools: [],
        signal: new AbortController().signal,
        context: { agentId: "a", sessionId: "s", chainIndex: 0 },
      }),
    ).rejects.toMatchObject({ kind: "server", status: 500 });
    expect(urls).toEqual(["http://127.0.0.1:1/v1/chat/completions"]);
  });
});
