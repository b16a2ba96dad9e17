import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { ModelCallError } from "@/core/models/model-error";
import type { ModelRef } from "@/core/models/model-ref";
import type { ProviderCredential } from "./credentials";

type FetchFunction = typeof globalThis.fetch;
type HttpRef = Exclude<ModelRef, { provider: "scripted" }>;

/**
 * Creates AI SDK language models for chain entries, caching provider
 * instances per (provider, endpoint, key, headers) for the life of one client.
 *
 * OpenAI goes through the Chat Completions API (`.chat()`): our runtime
 * replays the whole transcript each step, which that stateless API models
 * exactly, and OpenAI-compatible servers speak the same protocol.
 */
export function createProviderFactory(options: { fetch?: FetchFunction }) {
  const providers = new Map<string, (modelId: string) => LanguageModel>();

  return function languageModelFor(entry: HttpRef, credential: ProviderCredential | null | undefined): LanguageModel {
    const baseURL = (entry.provider === "openai-compatible" ? entry.baseURL : undefined) ?? credential?.baseURL;
    const apiKey = credential?.apiKey;
    const headers = credential?.headers;
    const key = [entry.provider, baseURL ?? "", apiKey ?? "", headers ? JSON.stringify(headers) : ""].join("\u0000");
    let create = providers.get(key);
    if (!create) {
      create = createProvider(entry, { baseURL, apiKey, headers, fetch: options.fetch });
      providers.set(key, create);
    }
    return create(entry.model);
  };
}

function createProvider(
  entry: HttpRef,
  settings: { baseURL?: string; apiKey?: string; headers?: Record<string, string>; fetch?: FetchFunction },
): (modelId: string) => LanguageModel {
  switch (entry.provider) {
    case "openai": {
      const provider = createOpenAI(settings);
      return (modelId) => provider.chat(modelId);
    }
    case "anthropic": {
      const provider = createAnthropic(settings);
      return (modelId) => provider(modelId);
    }
    case "openai-compatible": {
      if (!settings.baseURL) {
        throw new ModelCallError({
          kind: "bad_request",
          message: `no base URL for OpenAI-compatible model "${entry.model}": set baseURL on the chain entry or its credential`,
          provider: entry.provider,
          model: entry.model,
        });
      }
      const provider = createOpenAICompatible({
        name: "openai-compatible",
        baseURL: settings.baseURL,
        apiKey: settings.apiKey,
        headers: settings.headers,
        fetch: settings.fetch,
        includeUsage: true,
      });
      return (modelId) => provider.chatModel(modelId);
    }
  }
}
