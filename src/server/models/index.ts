/**
 * Provider adapters of the server: the AI SDK-backed `ModelClient` and its
 * helpers. The core's model layer (chain, scripted model, pricing) is in
 * `@/core/models`.
 */
export { createAiSdkModelClient, type AiSdkModelClientOptions } from "./ai-sdk-model-client";
export type { ProviderCredential, ResolveCredential } from "./credentials";
export { mapAiSdkError } from "./map-ai-sdk-error";
export { retryAfterMsFromHeaders } from "./retry-after";
