import type { ServerResponse } from "node:http";
import {
  type FakeAnswer,
  type FakeProtocol,
  type FakeProviderServer,
  type FakeRequest,
  type FakeUsage,
  halves,
  openEventStream,
  parseJson,
  sendJson,
  startFakeProviderServer,
  words,
} from "./fake-provider-server";

/** The body of a Messages API request, as the fake Anthropic server records it. */
export interface FakeAnthropicBody {
  model?: string;
  stream?: boolean;
  system?: unknown;
  max_tokens?: number;
  messages?: Array<{ role: string; content: unknown }>;
  tools?: Array<{ name: string; description?: string; input_schema?: unknown }>;
  [key: string]: unknown;
}

/** A request the fake Anthropic server received (body in Anthropic's Messages API shape). */
export type FakeAnthropicRequest = FakeRequest<FakeAnthropicBody>;

export type FakeAnthropicServer = FakeProviderServer<FakeAnthropicBody>;

/**
 * A real HTTP server on 127.0.0.1 that speaks enough of Anthropic's
 * `POST /v1/messages` — JSON and SSE streaming (message_start,
 * content_block_*, message_delta, message_stop) — for adapter tests. Same
 * reply script as the fake OpenAI server; `usage.prompt_tokens` maps to
 * `input_tokens`, `cached_tokens` to `cache_read_input_tokens`.
 */
export function startFakeAnthropicServer(): Promise<FakeAnthropicServer> {
  return startFakeProviderServer<FakeAnthropicBody>(anthropicProtocol);
}

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  429: "rate_limit_error",
  529: "overloaded_error",
};

const anthropicProtocol: FakeProtocol = {
  route: "/messages",
  sendError: (res, status, message, headers) =>
    sendJson(res, status, { type: "error", error: { type: ERROR_TYPES[status] ?? "api_error", message } }, headers),
  malformed: (res, stream) => {
    res.writeHead(200, { "content-type": stream ? "text/event-stream" : "application/json" });
    res.end(stream ? "event: message_start\ndata: {this is not json\n\n" : "{this is not json");
  },
  answer: (res, reply, model, stream) => (stream ? streamReply(res, reply, model) : jsonReply(res, reply, model)),
};

function usageJson(usage: FakeUsage | undefined) {
  const u = usage ?? { prompt_tokens: 10, completion_tokens: 5 };
  return {
    input_tokens: u.prompt_tokens,
    output_tokens: u.completion_tokens,
    cache_read_input_tokens: u.cached_tokens ?? 0,
  };
}

function contentBlocks(reply: FakeAnswer) {
  const blocks: Array<Record<string, unknown>> = [];
  if (reply.text) blocks.push({ type: "text", text: reply.text });
  if (reply.kind === "tool_calls") {
    reply.calls.forEach((call, i) =>
      blocks.push({
        type: "tool_use",
        id: call.id ?? `toolu_fake_${i}`,
        name: call.name,
        input: parseJson(call.arguments) ?? {},
      }),
    );
  }
  return blocks;
}

function jsonReply(res: ServerResponse, reply: FakeAnswer, model: string) {
  sendJson(res, 200, {
    id: "msg_fake",
    type: "message",
    role: "assistant",
    model,
    content: contentBlocks(reply),
    stop_reason: reply.kind === "tool_calls" ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: usageJson(reply.usage),
  });
}

/** Streams text word by word and tool input JSON in two pieces, one SSE event per flush. */
async function streamReply(res: ServerResponse, reply: FakeAnswer, model: string) {
  const write = openEventStream(res);
  const send = (data: { type: string } & Record<string, unknown>) =>
    write(`event: ${data.type}\ndata: ${JSON.stringify(data)}`);
  const usage = usageJson(reply.usage);
  await send({
    type: "message_start",
    message: {
      id: "msg_fake",
      type: "message",
      role: "assistant",
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: usage.input_tokens,
        output_tokens: 1,
        cache_read_input_tokens: usage.cache_read_input_tokens,
      },
    },
  });
  let index = 0;
  if (reply.text) {
    await send({ type: "content_block_start", index, content_block: { type: "text", text: "" } });
    for (const word of words(reply.text)) {
      await send({ type: "content_block_delta", index, delta: { type: "text_delta", text: word } });
    }
    await send({ type: "content_block_stop", index });
    index++;
  }
  if (reply.kind === "tool_calls") {
    for (const [i, call] of reply.calls.entries()) {
      await send({
        type: "content_block_start",
        index,
        content_block: { type: "tool_use", id: call.id ?? `toolu_fake_${i}`, name: call.name, input: {} },
      });
      for (const piece of halves(call.arguments)) {
        await send({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: piece } });
      }
      await send({ type: "content_block_stop", index });
      index++;
    }
  }
  await send({
    type: "message_delta",
    delta: { stop_reason: reply.kind === "tool_calls" ? "tool_use" : "end_turn", stop_sequence: null },
    usage: { output_tokens: usage.output_tokens },
  });
  await send({ type: "message_stop" });
  res.end();
}
