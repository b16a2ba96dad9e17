import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Token counts the fake server reports, in OpenAI's field names. */
export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
  cached_tokens?: number;
}

/** One scripted answer of the fake server. */
export type FakeReply =
  | { kind: "text"; text: string; usage?: FakeUsage }
  | {
      kind: "tool_calls";
      calls: Array<{ id?: string; name: string; arguments: string }>;
      text?: string;
      usage?: FakeUsage;
    }
  /** An HTTP error with an OpenAI-style JSON body (`message`) and optional headers such as Retry-After. */
  | { kind: "error"; status: number; message?: string; headers?: Record<string, string> }
  /** Never answers: the request stays open until the client gives up (to test timeouts). */
  | { kind: "hang" }
  /** Answers 200 with a body that is not valid JSON (or a broken SSE stream). */
  | { kind: "malformed" };

/** A request the fake server received. */
export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (null when unparsable). */
  body: {
    model?: string;
    stream?: boolean;
    messages?: Array<Record<string, unknown>>;
    tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
    [key: string]: unknown;
  } | null;
  /** Resolves when the client closed the connection before the server finished answering. */
  closedEarly: Promise<void>;
}

export interface FakeOpenAIServer {
  /** Base URL to give providers: `http://127.0.0.1:<port>/v1`. */
  baseURL: string;
  port: number;
  /** Every request received, in order. */
  requests: FakeRequest[];
  /** Queues replies for any model (used when no model-specific reply is queued). */
  enqueue(...replies: FakeReply[]): void;
  /** Queues replies for requests naming `model`. */
  enqueueFor(model: string, ...replies: FakeReply[]): void;
  /** Forgets queued replies and recorded requests (call between tests). */
  reset(): void;
  /** Stops listening and destroys open connections (hanging requests included). */
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 (random port) that speaks enough of
 * OpenAI's `POST /v1/chat/completions` — JSON and SSE streaming — for
 * adapter tests: text, tool calls, usage, injected errors, hangs, garbage.
 * A request with no queued reply gets a 400 naming the model, so a test that
 * forgot to queue fails loudly instead of retrying.
 */
export async function startFakeOpenAIServer(): Promise<FakeOpenAIServer> {
  const anyQueue: FakeReply[] = [];
  const byModel = new Map<string, FakeReply[]>();
  const requests: FakeRequest[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let resolveClosed: () => void = () => {};
    const closedEarly = new Promise<void>((resolve) => (resolveClosed = resolve));
    res.on("close", () => {
      if (!res.writableFinished) resolveClosed();
    });
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = parseBody(Buffer.concat(chunks).toString("utf8"));
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body, closedEarly });
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        return sendJson(res, 404, { error: { message: `fake server: no route ${req.method} ${req.url}` } });
      }
      const model = body?.model ?? "";
      const reply = byModel.get(model)?.shift() ?? anyQueue.shift();
      if (!reply)
        return sendJson(res, 400, { error: { message: `fake server: no reply queued for model "${model}"` } });
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

function parseBody(text: string): FakeRequest["body"] {
  try {
    return JSON.parse(text) as FakeRequest["body"];
  } catch {
    return null;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function usageJson(usage: FakeUsage | undefined) {
  const u = usage ?? { prompt_tokens: 10, completion_tokens: 5 };
  return {
    prompt_tokens: u.prompt_tokens,
    completion_tokens: u.completion_tokens,
    total_tokens: u.prompt_tokens + u.completion_tokens,
    prompt_tokens_details: { cached_tokens: u.cached_tokens ?? 0 },
  };
}

function toolCallsJson(reply: Extract<FakeReply, { kind: "tool_calls" }>) {
  return reply.calls.map((call, i) => ({
    id: call.id ?? `call_fake_${i}`,
    type: "function",
    function: { name: call.name, arguments: call.arguments },
  }));
}

function respond(res: ServerResponse, reply: FakeReply, model: string, stream: boolean) {
  switch (reply.kind) {
    case "hang":
      return; // never answer, not even headers: the client's fetch stays pending until it aborts
    case "error":
      return sendJson(
        res,
        reply.status,
        { error: { message: reply.message ?? `fake error ${reply.status}`, type: "fake_error", code: null } },
        reply.headers,
      );
    case "malformed":
      if (stream) {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.end("data: {this is not json\n\n");
      } else {
        res.writeHead(200, { "content-type": "application/json" });
        res.end("{this is not json");
      }
      return;
    case "text":
    case "tool_calls":
      return stream ? streamReply(res, reply, model) : jsonReply(res, reply, model);
  }
}

function jsonReply(res: ServerResponse, reply: Extract<FakeReply, { kind: "text" | "tool_calls" }>, model: string) {
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
async function streamReply(
  res: ServerResponse,
  reply: Extract<FakeReply, { kind: "text" | "tool_calls" }>,
  model: string,
) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const send = async (data: unknown) => {
    if (res.destroyed) return;
    res.write(`data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`);
    await new Promise((resolve) => setImmediate(resolve));
  };

  await send(chunk({ role: "assistant", content: "" }));
  for (const word of (reply.text ?? "").match(/\S+\s*/g) ?? []) await send(chunk({ content: word }));
  if (reply.kind === "tool_calls") {
    for (const [index, call] of toolCallsJson(reply).entries()) {
      const half = Math.ceil(call.function.arguments.length / 2);
      await send(
        chunk({
          tool_calls: [
            {
              index,
              id: call.id,
              type: "function",
              function: { name: call.function.name, arguments: call.function.arguments.slice(0, half) },
            },
          ],
        }),
      );
      await send(chunk({ tool_calls: [{ index, function: { arguments: call.function.arguments.slice(half) } }] }));
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
