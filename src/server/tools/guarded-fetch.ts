/**
 * `fetch` through the address guard: every hop of a request (the URL and
 * each redirect, at most `maxRedirects`, default 5) is checked by
 * `guardOutboundUrl` and the connection goes to the address that was
 * checked (a pinned `lookup`, a fresh connection per request), so a DNS
 * answer that changes between check and connect cannot reach a refused
 * address.
 *
 *   const fetch = createGuardedFetch({ allowedHosts });
 *   const response = await fetch("https://api.example.com/x", { signal });
 *
 * Same call shape as the global `fetch` (an MCP client transport can take
 * it as its `fetch` option). Differences: redirects are always followed
 * here by hand; a redirect to another origin drops every header but
 * Accept, Accept-Language, Content-Type and User-Agent (tool headers often
 * carry secrets); gzip, deflate and br bodies are decoded as they stream.
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";

import { OutboundRequestError } from "@/server/errors/outbound-request-error";

import { guardOutboundUrl, type GuardOptions, type ResolvedTarget } from "./address-guard";

export interface GuardedFetchOptions extends GuardOptions {
  /** Redirects followed before giving up (default 5). */
  maxRedirects?: number;
}

export type GuardedFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const CROSS_ORIGIN_KEPT = new Set(["accept", "accept-language", "content-type", "user-agent"]);

/** A `fetch` whose every hop passes the address guard with `options`. */
export function createGuardedFetch(options: GuardedFetchOptions): GuardedFetch {
  return (input, init) => guardedFetch(input, init, options);
}

/** One guarded request; see the file comment. */
export async function guardedFetch(
  input: string | URL | Request,
  init: RequestInit | undefined,
  options: GuardedFetchOptions,
): Promise<Response> {
  const request = new Request(input, init);
  const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined) ?? undefined;
  let method = request.method;
  let headers = new Headers(request.headers);
  headers.delete("host");
  headers.set("accept-encoding", "gzip, deflate, br");
  let body = method === "GET" || method === "HEAD" ? undefined : Buffer.from(await request.arrayBuffer());
  let url = new URL(request.url);
  const maxRedirects = options.maxRedirects ?? 5;

  for (let hop = 0; ; hop++) {
    signal?.throwIfAborted();
    const target = await guardOutboundUrl(url, options);
    const response = await send(target, method, headers, body, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (!REDIRECTS.has(status) || !location) return toResponse(response, url, method);

    response.resume();
    if (hop >= maxRedirects) {
      throw new OutboundRequestError(
        url.href,
        `${request.url} redirected more than ${maxRedirects} times; the last hop was ${url.href}.`,
      );
    }
    const next = new URL(location, url);
    if (status === 303 || ((status === 301 || status === 302) && method === "POST")) {
      method = method === "HEAD" ? "HEAD" : "GET";
      body = undefined;
      headers.delete("content-type");
      headers.delete("content-length");
    }
    if (next.origin !== url.origin) {
      const kept = new Headers();
      for (const [name, value] of headers)
        if (CROSS_ORIGIN_KEPT.has(name) || name === "accept-encoding") kept.set(name, value);
      headers = kept;
    }
    url = next;
  }
}

function pinnedLookup(target: ResolvedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

function send(
  target: ResolvedTarget,
  method: string,
  headers: Headers,
  body: Buffer | undefined,
  signal: AbortSignal | undefined,
): Promise<IncomingMessage> {
  const outgoing: Record<string, string> = {};
  for (const [name, value] of headers) outgoing[name] = value;
  if (body !== undefined) outgoing["content-length"] = String(body.length);
  const request = target.url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(target.url, {
      method,
      headers: outgoing,
      lookup: pinnedLookup(target),
      agent: false,
      signal,
      ...(target.url.protocol === "https:" && isIP(target.hostname) === 0 ? { servername: target.hostname } : {}),
    });
    req.once("response", resolve);
    req.once("error", (error) => {
      if (signal?.aborted) reject(signal.reason);
      else
        reject(
          new OutboundRequestError(
            target.url.href,
            `${target.url.href} could not be reached (${(error as NodeJS.ErrnoException).code ?? error.message}).`,
            error,
          ),
        );
    });
    req.end(body);
  });
}

function decoded(response: IncomingMessage): { stream: Readable; decodedBody: boolean } {
  const encoding = String(response.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? createGunzip()
      : encoding === "deflate"
        ? createInflate()
        : encoding === "br"
          ? createBrotliDecompress()
          : null;
  if (!decoder) return { stream: response, decodedBody: false };
  response.on("error", (error) => decoder.destroy(error));
  return { stream: response.pipe(decoder), decodedBody: true };
}

function toResponse(response: IncomingMessage, url: URL, method: string): Response {
  const status = response.statusCode ?? 0;
  const headers = new Headers();
  for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) {
    headers.append(response.rawHeaders[i]!, response.rawHeaders[i + 1]!);
  }
  let body: ReadableStream<Uint8Array> | null = null;
  if (NULL_BODY.has(status) || method === "HEAD") {
    response.resume();
  } else {
    const { stream, decodedBody } = decoded(response);
    if (decodedBody) {
      headers.delete("content-encoding");
      headers.delete("content-length");
    }
    body = Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  }
  const result = new Response(body, { status, statusText: response.statusMessage ?? "", headers });
  Object.defineProperty(result, "url", { value: url.href });
  return result;
}
