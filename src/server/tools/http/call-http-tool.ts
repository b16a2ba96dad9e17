/**
 * Makes one HTTP tool call: builds the request (build-http-request.ts),
 * sends it through the address guard (guarded-fetch.ts) with the tool's
 * timeout, and reads the body while it streams, stopping at the tool's size
 * limit (a 50 MB answer to a 1 MB tool is cut at 1 MB, not downloaded).
 */
import type { HttpToolDefinition } from "@/core/tools/http-tool-schema";
import { HttpToolCallError } from "@/server/errors/http-tool-call-error";

import type { HostResolver } from "../address-guard";
import { guardedFetch } from "../guarded-fetch";
import { buildHttpRequest } from "./build-http-request";

export interface HttpCallOptions {
  /** The workspace's allowed hosts (Settings → Tools). */
  allowedHosts: readonly string[];
  /** The workspace's secrets by name, opened. */
  secrets: ReadonlyMap<string, string>;
  /** Cancels the call (the run's signal). */
  signal?: AbortSignal;
  /** For tests: the guard's resolver. */
  resolve?: HostResolver;
}

/** What came back. */
export interface HttpCallResult {
  /** The URL called (arguments filled in, no secrets: secrets go in headers only). */
  url: string;
  method: string;
  status: number;
  statusText: string;
  ok: boolean;
  contentType: string | null;
  /** The body as UTF-8 text. */
  body: string;
  bytes: number;
  durationMs: number;
}

/** "1 MB", "512 KB", "300 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_048_576 && bytes % 1_048_576 === 0) return `${bytes / 1_048_576} MB`;
  if (bytes >= 1_048_576) return `${(bytes / 1_048_576).toFixed(1)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

function limitError(tool: HttpToolDefinition): HttpToolCallError {
  return new HttpToolCallError(
    tool.name,
    `The response exceeded the tool's ${formatBytes(tool.maxResponseBytes)} limit (${tool.name}).`,
  );
}

async function readLimited(tool: HttpToolDefinition, response: Response): Promise<{ text: string; bytes: number }> {
  const declared = Number(response.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > tool.maxResponseBytes) {
    await response.body?.cancel().catch(() => {});
    throw limitError(tool);
  }
  if (!response.body) return { text: "", bytes: 0 };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > tool.maxResponseBytes) {
      await reader.cancel().catch(() => {});
      throw limitError(tool);
    }
    chunks.push(value);
  }
  return { text: new TextDecoder().decode(Buffer.concat(chunks)), bytes };
}

/** Calls `tool` with `args`; throws HttpToolCallError (or the guard's refusal) when no answer could be read. */
export async function callHttpTool(
  tool: HttpToolDefinition,
  args: unknown,
  options: HttpCallOptions,
): Promise<HttpCallResult> {
  const request = buildHttpRequest(tool, args, options.secrets);
  const timeout = AbortSignal.timeout(tool.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const started = performance.now();
  try {
    const response = await guardedFetch(
      request.url,
      { method: request.method, headers: request.headers, body: request.body, signal },
      { allowedHosts: options.allowedHosts, resolve: options.resolve },
    );
    const { text, bytes } = await readLimited(tool, response);
    return {
      url: request.url.href,
      method: request.method,
      status: response.status,
      statusText: response.statusText,
      ok: response.ok,
      contentType: response.headers.get("content-type"),
      body: text,
      bytes,
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (timeout.aborted) {
      throw new HttpToolCallError(
        tool.name,
        `${tool.name}: ${request.url.href} did not answer within the tool's timeout of ${tool.timeoutMs} ms.`,
        error,
      );
    }
    throw error;
  }
}

/** The body for a reader: pretty JSON when it is JSON, else as it came. */
export function readableBody(result: Pick<HttpCallResult, "body" | "contentType">): string {
  const looksJson = /\bjson\b/i.test(result.contentType ?? "") || /^\s*[[{]/.test(result.body);
  if (!looksJson) return result.body;
  try {
    return JSON.stringify(JSON.parse(result.body), null, 2);
  } catch {
    return result.body;
  }
}

/**
 * The tool result the agent reads: status line and body. A non-2xx answer
 * throws, so the runtime records an error tool result in words.
 */
export function toolResultText(tool: HttpToolDefinition, result: HttpCallResult): string {
  const statusLine = `HTTP ${result.status}${result.statusText ? ` ${result.statusText}` : ""}`;
  const body = readableBody(result);
  if (!result.ok) {
    const excerpt = body.length > 2_000 ? `${body.slice(0, 2_000)}…` : body;
    throw new HttpToolCallError(
      tool.name,
      `${tool.name}: ${result.method} ${result.url} answered ${statusLine}${excerpt ? `: ${excerpt}` : " with no body"}`,
    );
  }
  return body ? `${statusLine}\n\n${body}` : `${statusLine} (no body)`;
}
