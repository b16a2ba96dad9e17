import type { ServerResponse } from "node:http";
import {
  type FakeAnswer,
  type FakeProtocol,
  type FakeProviderServer,
  type FakeRequest as FakeProviderRequest,
  type FakeUsage,
  halves,
  openEventStream,
  sendJson,
  startFakeProviderServer,
  words,
} from "./fake-provider-server";

export type { FakeReply, FakeUsage } from "./fake-provider-server";

/** The body of a Chat Completions request, as the fake OpenAI server records it. */
export interface FakeOpenAIBody {
  model?: string;
  stream?: boolean;
  messages?: Array<Record<string, unknown>>;
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
  [key: string]: unknown;
}

/** A request the fake OpenAI server received. */
export type FakeRequest = FakeProviderRequest<FakeOpenAIBody>;

export type FakeOpenAIServer = FakeProviderServer<FakeOpenAIBody>;

/**
 * A real HTTP server on 127.0.0.1 (random port) that speaks enough of
 * OpenAI's `POST /v1/chat/completions` — JSON and SSE streaming — for
 * adapter tests: text, tool calls, usage, injected errors, hangs, garbage.
 */
export function startFakeOpenAIServer(): Promise<FakeOpenAIServer> {
  return startFakeProviderServer<FakeOpenAIBody>(openAIProtocol);
}

const openAIProtocol: FakeProtocol = {
  route: "/chat/completions",
  sendError: (res, status, message, headers) =>
    sendJson(res, status, { error: { message, type: "fake_error", code: null } }, headers),
  malformed: (res, stream) => {
    res.writeHead(200, { "content-type": stream ? "text/event-stream" : "application/json" });
    res.end(stream ? "data: {this is not json\n\n" : "{this is not json");
  },
  answer: (res, reply, model, stream) => (stream ? streamReply(res, reply, model) : jsonReply(res, reply, model)),
};

function usageJson(usage: FakeUsage | undefined) {
  const u = usage ?? { prompt_tokens: 10, completion_tokens: 5 };
  return {
    prompt_tokens: u.prompt_tokens,
    completion_tokens: u.completion_tokens,
    total_tokens: u.prompt_tokens + u.completion_tokens,
    prompt_tokens_details: { cached_tokens: u.cached_tokens ?? 0 },
  };
}

function toolCallsJson(reply: Extract<FakeAnswer, { kind: "tool_calls" }>) {
  return reply.calls.map((call, i) => ({
    id: call.id ?? `call_fake_${i}`,
    type: "function",
    function: { name: call.name, arguments: call.arguments },
  }));
}

function jsonReply(res: ServerResponse, reply: FakeAnswer, model: string) {
  const isTools = reply.kind === "tool_calls";
  sendJson(res, 200, {
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: 1_700_000_000,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: reply.text ?? null,
          ...(isTools ? { tool_calls: toolCallsJson(reply) } : {}),
        },
        finish_reason: isTools ? "tool_calls" : "stop",
      },
    ],
    usage: usageJson(reply.usage),
  });
}

/** Streams text word by word and tool arguments in two pieces, flushing each chunk separately. */
async function streamReply(res: ServerResponse, reply: FakeAnswer, model: string) {
  const write = openEventStream(res);
  const send = (data: unknown) => write(`data: ${typeof data === "string" ? data : JSON.stringify(data)}`);
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });

  await send(chunk({ role: "assistant", content: "" }));
  for (const word of words(reply.text)) await send(chunk({ content: word }));
  if (reply.kind === "tool_calls") {
    for (const [index, call] of toolCallsJson(reply).entries()) {
      const [first, rest] = halves(call.function.arguments);
      await send(
        chunk({
          tool_calls: [
            { index, id: call.id, type: "function", function: { name: call.function.name, arguments: first } },
          ],
        }),
      );
      await send(chunk({ tool_calls: [{ index, function: { arguments: rest } }] }));
    }
  }
  await send(chunk({}, reply.kind === "tool_calls" ? "tool_calls" : "stop"));
  await send({
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model,
    choices: [],
    usage: usageJson(reply.usage),
  });
  await send("[DONE]");
  res.end();
}
