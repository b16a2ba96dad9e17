import { afterAll, beforeAll, beforeEach } from "vitest";
import type { ChainRequest } from "@/core/models/fallback-chain";
import type { ChatMessage, ModelRequest, ModelToolSpec } from "@/core/models/model-port";
import { type ModelRef, type ModelRefInput, modelRefSchema } from "@/core/models/model-ref";

/**
 * Starts a fake provider server for the test file (once), forgets its
 * queued replies and requests before each test, and closes it after the
 * file. Returns a getter: the server exists only once `beforeAll` ran.
 */
export function setupFakeServer<Server extends { reset(): void; close(): Promise<void> }>(
  start: () => Promise<Server>,
): () => Server {
  let server: Server | undefined;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => server?.reset());
  return () => {
    if (!server) throw new Error("the fake server is not started yet (use it inside a test or hook)");
    return server;
  };
}

/** A user message. */
export const user = (content: string): ChatMessage => ({ role: "user", content });

/** One model call: a terse system prompt and "Say hello", no tools, a fresh signal. */
export function modelRequest(model: ModelRef, overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    model,
    messages: [{ role: "system", content: "You are terse." }, user("Say hello")],
    tools: [],
    signal: new AbortController().signal,
    context: { agentId: "main", sessionId: "s1", chainIndex: 0 },
    ...overrides,
  };
}

/** A request for `generateWithFallback`: "Say hello", no tools, a fresh signal. */
export function chainRequest(overrides: Partial<ChainRequest> = {}): ChainRequest {
  return {
    messages: [user("Say hello")],
    tools: [],
    signal: new AbortController().signal,
    context: { agentId: "main", sessionId: "s1" },
    ...overrides,
  };
}

/** A one-argument tool every adapter test offers. */
export const weatherTool: ModelToolSpec = {
  name: "get_weather",
  description: "Current weather for a city.",
  parameters: {
    type: "object",
    properties: { city: { type: "string" } },
    required: ["city"],
    additionalProperties: false,
  },
};

/**
 * A transcript in which the assistant already called `get_weather` (with
 * `callId`) and the tool answered, for tests of how an adapter sends tool
 * calls and results back to the provider.
 */
export function weatherTranscript(callId: string): ChatMessage[] {
  return [
    { role: "system", content: "sys" },
    user("Weather in Paris?"),
    {
      role: "assistant",
      content: "Checking.",
      toolCalls: [{ id: callId, name: "get_weather", arguments: '{"city":"Paris"}' }],
    },
    { role: "tool", toolCallId: callId, toolName: "get_weather", content: "sunny, 21°C" },
  ];
}

/**
 * A builder of chain entries for one provider: `base()` gives the provider
 * and its settings (read when an entry is built, so it may use a server
 * started in `beforeAll`); entries time out after 5 s unless `extra` says
 * otherwise.
 */
export function chainEntries(
  base: () => Partial<ModelRefInput>,
): (model: string, extra?: Partial<ModelRefInput>) => ModelRef {
  return (model, extra = {}) =>
    modelRefSchema.parse({ ...base(), model, timeoutMillis: 5_000, ...extra } as ModelRefInput);
}
