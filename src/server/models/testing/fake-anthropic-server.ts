import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { FakeReply, FakeRequest, FakeUsage } from "./fake-openai-server";

/** A request the fake Anthropic server received (body in Anthropic's Messages API shape). */
export interface FakeAnthropicRequest extends Omit<FakeRequest, "body"> {
  body: {
    model?: string;
    stream?: boolean;
    system?: unknown;
    max_tokens?: number;
    messages?: Array<{ role: string; content: unknown }>;
    tools?: Array<{ name: string; description?: string; input_schema?: unknown }>;
    [key: string]: unknown;
  } | null;
}

export interface FakeAnthropicServer {
  /** Base URL to give the Anthropic provider: `http://127.0.0.1:<port>/v1`. */
  baseURL: string;
  port: number;
  requests: FakeAnthropicRequest[];
  enqueue(...replies: FakeReply[]): void;
  enqueueFor(model: string, ...replies: FakeReply[]): void;
  reset(): void;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 that speaks enough of Anthropic's
 * `POST /v1/messages` — JSON and SSE streaming (message_start,
 * content_block_*, message_delta, message_stop) — for adapter tests. Same
 * reply script as the fake OpenAI server; `usage.prompt_tokens` maps to
 * `input_tokens`, `cached_tokens` to `cache_read_input_tokens`.
 */
export async function startFakeAnthropicServer(): Promise<FakeAnthropicServer> {
  const anyQueue: FakeReply[] = [];
  const byModel = new Map<string, FakeReply[]>();
  const requests: FakeAnthropicRequest[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let resolveClosed: () => void = () => {};
    const closedEarly = new Promise<void>((resolve) => (resolveClosed = resolve));
    res.on("close", () => {
      if (!res.writableFinished) resolveClosed();
    });
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let body: FakeAnthropicRequest["body"] = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as FakeAnthropicRequest["body"];
      } catch {
        body = null;
      }
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body, closedEarly });
      if (req.method !== "POST" || !req.url?.endsWith("/messages")) {
        return sendError(res, 404, "not_found_error", `fake server: no route ${req.method} ${req.url}`);
      }
      const model = body?.model ?? "";
      const reply = byModel.get(model)?.shift() ?? anyQueue.shift();
      if (!reply)
        return sendError(res, 400, "invalid_request_error", `fake server: no reply queued for model "${model}"`);
      respond(res, reply, model, body?.stream === true);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    enqueue: (...replies) => void anyQueue.push(...replies),
    enqueueFor: (model, ...replies) => {
      const queue = byModel.get(model) ?? [];
      queue.push(...replies);
      byModel.set(model, queue);
    },
    reset: () => {
      anyQueue.length = 0;
      byModel.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  429: "rate_limit_error",
  529: "overloaded_error",
};

function sendError(
  res: ServerResponse,
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ type: "error", error: { type, message } }));
}

function usageJson(usage: FakeUsage | undefined) {
  const u = usage ?? { prompt_tokens: 10, completion_tokens: 5 };
  return {
    input_tokens: u.prompt_tokens,
    output_tokens: u.completion_tokens,
    cache_read_input_tokens: u.cached_tokens ?? 0,
  };
}

function parseInput(args: string): unknown {
  try {
    return JSON.parse(args);
  } catch {
    return {};
  }
}

function respond(res: ServerResponse, reply: FakeReply, model: string, stream: boolean) {
  switch (reply.kind) {
    case "hang":
      return;
    case "error":
      return sendError(
        res,
        reply.status,
        ERROR_TYPES[reply.status] ?? "api_error",
        reply.message ?? `fake error ${reply.status}`,
        reply.headers,
      );
    case "malformed":
      res.writeHead(200, { "content-type": stream ? "text/event-stream" : "application/json" });
      res.end(stream ? "event: message_start\ndata: {this is not json\n\n" : "{this is not json");
      return;
    case "text":
    case "tool_calls":
      return stream ? streamReply(res, reply, model) : jsonReply(res, reply, model);
  }
}

function contentBlocks(reply: Extract<FakeReply, { kind: "text" | "tool_calls" }>) {
  const blocks: Array<Record<string, unknown>> = [];
  if (reply.text) blocks.push({ type: "text", text: reply.text });
  if (reply.kind === "tool_calls") {
    reply.calls.forEach((call, i) =>
      blocks.push({
        type: "tool_use",
        id: call.id ?? `toolu_fake_${i}`,
        name: call.name,
        input: parseInput(call.arguments),
      }),
    );
  }
  return blocks;
}

function jsonReply(res: ServerResponse, reply: Extract<FakeReply, { kind: "text" | "tool_calls" }>, model: string) {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      id: "msg_fake",
      type: "message",
      role: "assistant",
      model,
      content: contentBlocks(reply),
      stop_reason: reply.kind === "tool_calls" ? "tool_use" : "end_turn",
      stop_sequence: null,
      usage: usageJson(reply.usage),
    }),
  );
}

/** Streams text word by word and tool input JSON in two pieces, one SSE event per flush. */
async function streamReply(
  res: ServerResponse,
  reply: Extract<FakeReply, { kind: "text" | "tool_calls" }>,
  model: string,
) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const send = async (data: { type: string } & Record<string, unknown>) => {
    if (res.destroyed) return;
    res.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
    await new Promise((resolve) => setImmediate(resolve));
  };
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
    for (const word of reply.text.match(/\S+\s*/g) ?? []) {
      await send({ type: "content_block_delta", index, delta: { type: "text_delta", text: word } });
    }
    await send({ type: "content_block_stop", index });
    index++;
  }
  if (reply.kind === "tool_calls") {
    for (const [i, call] of reply.calls.entries()) {
      const id = call.id ?? `toolu_fake_${i}`;
      await send({
        type: "content_block_start",
        index,
        content_block: { type: "tool_use", id, name: call.name, input: {} },
      });
      const half = Math.ceil(call.arguments.length / 2);
      await send({
        type: "content_block_delta",
        index,
        delta: { type: "input_json_delta", partial_json: call.arguments.slice(0, half) },
      });
      await send({
        type: "content_block_delta",
        index,
        delta: { type: "input_json_delta", partial_json: call.arguments.slice(half) },
      });
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
