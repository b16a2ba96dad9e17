import type { ModelRef } from "@/core/models/model-ref";

/** What an adapter needs to call a provider. Decrypted on the server; never sent to the browser. */
export interface ProviderCredential {
  apiKey?: string;
  /** Overrides the provider's default endpoint (proxies, Azure-style gateways, local servers). */
  baseURL?: string;
  /** Extra HTTP headers (e.g. an OpenRouter `HTTP-Referer`). */
  headers?: Record<string, string>;
}

/**
 * Looks up the credential of a chain entry (usually by `entry.credentialId`).
 * Return null to use the environment (OPENAI_API_KEY, ANTHROPIC_API_KEY) or,
 * for OpenAI-compatible servers such as Ollama, no key at all.
 */
export type ResolveCredential = (
  entry: ModelRef,
) => Promise<ProviderCredential | null | undefined> | ProviderCredential | null | undefined;
