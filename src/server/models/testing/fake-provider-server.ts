import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Token counts a fake server reports, in OpenAI's field names (the Anthropic fake maps them). */
export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
  cached_tokens?: number;
}

/** One scripted answer of a fake provider server. */
export type FakeReply =
  | { kind: "text"; text: string; usage?: FakeUsage }
  | {
      kind: "tool_calls";
      calls: Array<{ id?: string; name: string; arguments: string }>;
      text?: string;
      usage?: FakeUsage;
    }
  /** An HTTP error in the provider's error shape (`message`) with optional headers such as Retry-After. */
  | { kind: "error"; status: number; message?: string; headers?: Record<string, string> }
  /** Never answers: the request stays open until the client gives up (to test timeouts). */
  | { kind: "hang" }
  /** Answers 200 with a body that is not valid JSON (or a broken SSE stream). */
  | { kind: "malformed" };

/** A text or tool-call reply: the ones a protocol renders as a completion. */
export type FakeAnswer = Extract<FakeReply, { kind: "text" | "tool_calls" }>;

/** A request a fake server received, with its JSON body parsed (null when unparsable). */
export interface FakeRequest<Body> {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Body | null;
  /** Resolves when the client closed the connection before the server finished answering. */
  closedEarly: Promise<void>;
}

/**
 * How the fake answers `GET …/models`: the ids it lists, the key it accepts
 * (a Bearer token or `x-api-key`; any when unset), or no answer at all.
 */
export interface FakeModelsEndpoint {
  ids: string[];
  key?: string;
  hang?: boolean;
}

/** A running fake provider: queue replies, inspect requests, close. */
export interface FakeProviderServer<Body> {
  /** Base URL to give the provider: `http://127.0.0.1:<port>/v1`. */
  baseURL: string;
  port: number;
  /** Every request received, in order. */
  requests: FakeRequest<Body>[];
  /** Queues replies for any model (used when no model-specific reply is queued). */
  enqueue(...replies: FakeReply[]): void;
  /** Queues replies for requests naming `model`. */
  enqueueFor(model: string, ...replies: FakeReply[]): void;
  /** Serves `GET …/models` (unset: 404, like a server without the endpoint). */
  serveModels(endpoint: FakeModelsEndpoint | null): void;
  /** Forgets queued replies and recorded requests (call between tests). */
  reset(): void;
  /** Stops listening and destroys open connections (hanging requests included). */
  close(): Promise<void>;
}

/** What differs between providers: the route, the error shape and how a reply is written. */
export interface FakeProtocol {
  /** Path suffix of the one route, e.g. `/chat/completions`. */
  route: string;
  /** Writes an error response in the provider's shape. */
  sendError(res: ServerResponse, status: number, message: string, headers?: Record<string, string>): void;
  /** Writes a text or tool-call answer, as JSON or (when `stream`) as SSE. */
  answer(res: ServerResponse, reply: FakeAnswer, model: string, stream: boolean): void | Promise<void>;
  /** Writes a 200 whose body is not valid JSON (or a broken SSE stream). */
  malformed(res: ServerResponse, stream: boolean): void;
}

/**
 * A real HTTP server on 127.0.0.1 (random port) that answers the protocol's
 * one route from queued replies, for adapter tests. A request with no queued
 * reply gets a 400 naming the model, so a test that forgot to queue fails
 * loudly instead of retrying; another route gets a 404.
 */
export async function startFakeProviderServer<Body extends { model?: string; stream?: boolean }>(
  protocol: FakeProtocol,
): Promise<FakeProviderServer<Body>> {
  const anyQueue: FakeReply[] = [];
  const byModel = new Map<string, FakeReply[]>();
  const requests: FakeRequest<Body>[] = [];
  let models: FakeModelsEndpoint | null = null;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let resolveClosed: () => void = () => {};
    const closedEarly = new Promise<void>((resolve) => (resolveClosed = resolve));
    res.on("close", () => {
      if (!res.writableFinished) resolveClosed();
    });
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = parseJson<Body>(Buffer.concat(chunks).toString("utf8"));
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body, closedEarly });
      if (req.method === "GET" && models && /\/models(\?|$)/.test(req.url ?? "")) {
        if (models.hang) return;
        const bearer = /^Bearer (.*)$/.exec(req.headers.authorization ?? "")?.[1];
        const given = bearer ?? req.headers["x-api-key"];
        if (models.key !== undefined && given !== models.key)
          return protocol.sendError(res, 401, "Incorrect API key provided");
        return sendJson(res, 200, { object: "list", data: models.ids.map((id) => ({ id, object: "model" })) });
      }
      if (req.method !== "POST" || !req.url?.endsWith(protocol.route)) {
        return protocol.sendError(res, 404, `fake server: no route ${req.method} ${req.url}`);
      }
      const model = body?.model ?? "";
      const reply = byModel.get(model)?.shift() ?? anyQueue.shift();
      if (!reply) return protocol.sendError(res, 400, `fake server: no reply queued for model "${model}"`);
      const stream = body?.stream === true;
      switch (reply.kind) {
        case "hang":
          return; // never answer, not even headers: the client's fetch stays pending until it aborts
        case "error":
          return protocol.sendError(res, reply.status, reply.message ?? `fake error ${reply.status}`, reply.headers);
        case "malformed":
          return protocol.malformed(res, stream);
        default:
          return void protocol.answer(res, reply, model, stream);
      }
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
    serveModels: (endpoint) => void (models = endpoint),
    reset: () => {
      models = null;
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

/** Parsed JSON, or null when the text is not JSON. */
export function parseJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** Writes a JSON response. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/**
 * Opens an SSE response and returns a writer that flushes each event on its
 * own tick, so clients see the stream arrive in pieces (and a closed
 * connection stops it).
 */
export function openEventStream(res: ServerResponse): (event: string) => Promise<void> {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  return async (event) => {
    if (res.destroyed) return;
    res.write(`${event}\n\n`);
    await new Promise((resolve) => setImmediate(resolve));
  };
}

/** A streamed text's pieces: word by word, trailing spaces kept. */
export function words(text: string | undefined): string[] {
  return (text ?? "").match(/\S+\s*/g) ?? [];
}

/** Tool arguments streamed in two pieces. */
export function halves(text: string): [string, string] {
  const half = Math.ceil(text.length / 2);
  return [text.slice(0, half), text.slice(half)];
}
