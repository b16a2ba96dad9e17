import { generateText, type LanguageModel, streamText, type ToolSet } from "ai";
import { ModelCallError } from "@/core/models/model-error";
import type { ModelClient, ModelRequest, ModelResponse, ModelToolCall } from "@/core/models/model-port";
import type { ModelRef } from "@/core/models/model-ref";
import { createScriptedModelClient } from "@/core/models/scripted-model";
import type { ModelSleep } from "@/core/models/timing-ports";
import { systemSleep } from "@/core/runtime/system-ports";
import type { ResolveCredential } from "./credentials";
import { type SdkToolCall, toFinishReason, toModelToolCall, toModelUsage } from "./from-ai-sdk-result";
import { mapAiSdkError } from "./map-ai-sdk-error";
import { createProviderFactory } from "./provider-factory";
import { toAiSdkPrompt } from "./to-ai-sdk-messages";
import { toAiSdkTools } from "./to-ai-sdk-tools";

export interface AiSdkModelClientOptions {
  /** Decrypts the credential of a chain entry; null = environment / no key. */
  resolveCredential: ResolveCredential;
  /** Custom fetch for every provider (tests, proxies). Default: global fetch. */
  fetch?: typeof globalThis.fetch;
  /** Serves `scripted` entries. Default: a new scripted client using `sleep`. */
  scripted?: ModelClient;
  /** Latency waits of the default scripted client. Default: the runtime's `systemSleep` (an abortable `setTimeout`). */
  sleep?: ModelSleep;
}

type HttpRef = Exclude<ModelRef, { provider: "scripted" }>;

/**
 * The production `ModelClient`: OpenAI, Anthropic and OpenAI-compatible
 * models through the Vercel AI SDK, and scripted entries through the
 * built-in scripted client, so one client serves a mixed chain. Create one
 * per run (the scripted turn counters live in it).
 *
 * The SDK never retries (`maxRetries: 0`): the fallback chain does. Tools are
 * passed without `execute`, so tool calls come back to our runtime. With
 * `onTextDelta` the call streams (`streamText`), otherwise `generateText`.
 * Every failure is thrown as a `ModelCallError`.
 */
export function createAiSdkModelClient(options: AiSdkModelClientOptions): ModelClient {
  const scripted = options.scripted ?? createScriptedModelClient({ sleep: options.sleep ?? systemSleep });
  const languageModelFor = createProviderFactory({ fetch: options.fetch });

  return {
    async generate(request: ModelRequest): Promise<ModelResponse> {
      const entry = request.model;
      if (entry.provider === "scripted") return scripted.generate(request);
      const context = { provider: entry.provider, model: entry.model, signal: request.signal };
      try {
        const credential = await resolveCredential(options.resolveCredential, entry);
        const model = languageModelFor(entry, credential);
        return request.onTextDelta ? await stream(model, request, request.onTextDelta) : await generate(model, request);
      } catch (error) {
        throw mapAiSdkError(error, context);
      }
    },
  };
}

async function resolveCredential(resolve: ResolveCredential, entry: HttpRef) {
  try {
    return await resolve(entry);
  } catch (error) {
    const which = entry.credentialId ? ` "${entry.credentialId}"` : "";
    throw new ModelCallError({
      kind: "auth",
      message: `cannot load credential${which} for ${entry.provider}: ${error instanceof Error ? error.message : String(error)}`,
      provider: entry.provider,
      model: entry.model,
      cause: error,
    });
  }
}

function callSettings(model: LanguageModel, request: ModelRequest) {
  const { instructions, messages } = toAiSdkPrompt(request.messages);
  return {
    model,
    instructions,
    messages,
    allowSystemInMessages: true,
    tools: toAiSdkTools(request.tools) as ToolSet | undefined,
    temperature: request.temperature,
    topP: request.topP,
    maxOutputTokens: request.maxTokens,
    abortSignal: request.signal,
    maxRetries: 0,
  };
}

async function generate(model: LanguageModel, request: ModelRequest): Promise<ModelResponse> {
  const result = await generateText(callSettings(model, request));
  return {
    text: result.text,
    toolCalls: result.toolCalls.map((call) => toModelToolCall(call as SdkToolCall)),
    usage: toModelUsage(result.usage),
    finishReason: toFinishReason(result.finishReason),
  };
}

async function stream(
  model: LanguageModel,
  request: ModelRequest,
  onTextDelta: (delta: string) => void,
): Promise<ModelResponse> {
  // Errors arrive as stream parts and are thrown below; silence the SDK's default console logging.
  const result = streamText({ ...callSettings(model, request), onError: () => {} });
  let text = "";
  const toolCalls: ModelToolCall[] = [];
  let response: Pick<ModelResponse, "usage" | "finishReason"> | null = null;
  for await (const part of result.stream) {
    switch (part.type) {
      case "text-delta":
        if (part.text) {
          text += part.text;
          onTextDelta(part.text);
        }
        break;
      case "tool-call":
        toolCalls.push(toModelToolCall(part as SdkToolCall));
        break;
      case "finish":
        response = { usage: toModelUsage(part.totalUsage), finishReason: toFinishReason(part.finishReason) };
        break;
      case "error":
        throw part.error;
      case "abort":
        throw request.signal.reason ?? new DOMException("model call aborted", "AbortError");
    }
  }
  if (request.signal.aborted) throw request.signal.reason;
  return {
    text,
    toolCalls,
    usage: response?.usage ?? toModelUsage(undefined),
    finishReason: response?.finishReason ?? (toolCalls.length > 0 ? "tool_calls" : "other"),
  };
}
