/**
 * One connection to an MCP server through the official SDK client: stdio
 * (a command spawned without a shell in its own process group, with the
 * SDK's minimal inherited environment plus the server's own variables) or
 * streamable HTTP (a URL and headers). Every request has the server's
 * timeout; every failure becomes an `McpServerError` whose message says in
 * words what happened; `close` ends the session and stops a stdio server's
 * whole process tree (see process-group-stdio-transport.ts).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { FetchLike, Transport } from "@modelcontextprotocol/sdk/shared/transport.js";

import type { McpListedTool } from "@/core/tools/mcp-server-schema";
import { mcpResultText } from "./mcp-result";
import { describeMcpFailure, type FailureContext } from "./mcp-failure";
import { McpServerError, McpToolError } from "./mcp-server-error";
import { ProcessGroupStdioTransport } from "./process-group-stdio-transport";

/** Where a server is and how to talk to it (secrets already decrypted). */
export type McpEndpoint =
  | { transport: "stdio"; command: string; args: string[]; env: Record<string, string> }
  | { transport: "http"; url: string; headers: Record<string, string> };

/** What connecting needs. */
export interface McpConnectOptions {
  /** The server's name, used in every message. */
  name: string;
  endpoint: McpEndpoint;
  /** How long the server may take to answer one request. */
  timeoutMs: number;
  /**
   * HTTP only: the fetch every request goes through (the outbound address
   * guard). Default: the global fetch.
   */
  fetch?: FetchLike;
  /** Values never to repeat in an error message (environment and header values). */
  secrets?: readonly string[];
  /** Aborts connecting (a cancelled run). */
  signal?: AbortSignal;
}

/** The client's name and version as servers see them. */
const CLIENT_INFO = { name: "agent-graph-studio", version: "1.0.0" };

/** Keeps the last characters a stdio server wrote to stderr (its reason for exiting, usually). */
const STDERR_TAIL_CHARS = 2000;

/** An open connection; close it when done. */
export class McpConnection {
  private closing: Promise<void> | null = null;

  private constructor(
    private readonly client: Client,
    private readonly transport: Transport,
    private readonly failure: FailureContext,
    private readonly timeoutMs: number,
  ) {}

  /** Connects and initialises the session; throws McpServerError. */
  static async connect(options: McpConnectOptions): Promise<McpConnection> {
    const stderr = { tail: "" };
    const failure: FailureContext = {
      name: options.name,
      endpoint: options.endpoint,
      timeoutMs: options.timeoutMs,
      secrets: options.secrets ?? [],
      stderr,
    };
    const transport = createTransport(options, stderr);
    const client = new Client(CLIENT_INFO, { capabilities: {} });
    const connection = new McpConnection(client, transport, failure, options.timeoutMs);
    try {
      await withDeadline(
        client.connect(transport, { timeout: options.timeoutMs, signal: options.signal }),
        options.timeoutMs,
        options.signal,
      );
      return connection;
    } catch (error) {
      await connection.close();
      throw describeMcpFailure(failure, error, "connect");
    }
  }

  /** Every tool the server lists (all pages). */
  async listTools(signal?: AbortSignal): Promise<McpListedTool[]> {
    const tools: McpListedTool[] = [];
    let cursor: string | undefined;
    try {
      for (let page = 0; page < 100; page++) {
        const result = await withDeadline(
          this.client.listTools(cursor ? { cursor } : {}, { timeout: this.timeoutMs, signal }),
          this.timeoutMs,
          signal,
        );
        for (const tool of result.tools) {
          tools.push({
            name: tool.name,
            description: tool.description ?? tool.title ?? "",
            inputSchema: tool.inputSchema as Record<string, unknown>,
          });
        }
        cursor = result.nextCursor;
        if (!cursor) break;
      }
    } catch (error) {
      throw describeMcpFailure(this.failure, error, "list");
    }
    return tools;
  }

  /**
   * Calls `tool` with `args`; returns the result's text. Throws McpToolError
   * when the tool reports an error, McpServerError when the server fails.
   */
  async callTool(tool: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<string> {
    let result: Awaited<ReturnType<Client["callTool"]>>;
    try {
      result = await withDeadline(
        this.client.callTool({ name: tool, arguments: args }, undefined, { timeout: this.timeoutMs, signal }),
        this.timeoutMs,
        signal,
      );
    } catch (error) {
      throw describeMcpFailure(this.failure, error, "call", tool);
    }
    const { text, isError } = mcpResultText(result);
    if (isError) throw new McpToolError(this.failure.name, tool, text || `the tool ${tool} failed without a message`);
    return text;
  }

  /** Ends the session and stops a stdio server's process group (SIGTERM, then SIGKILL); idempotent, never throws. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.transport instanceof StreamableHTTPClientTransport && this.transport.sessionId) {
        // Polite: lets the server drop the session now rather than at its own timeout.
        await withDeadline(this.transport.terminateSession(), 1000).catch(() => {});
      }
      await this.client.close().catch(() => {});
      await this.transport.close().catch(() => {});
    })();
    return this.closing;
  }
}

function createTransport(options: McpConnectOptions, stderr: { tail: string }): Transport {
  const { endpoint } = options;
  if (endpoint.transport === "stdio") {
    const transport = new ProcessGroupStdioTransport({
      command: endpoint.command,
      args: endpoint.args,
      env: endpoint.env,
    });
    // Read stderr always (a full pipe would block the server) and keep its tail for error messages.
    transport.stderr.on("data", (chunk: Buffer) => {
      stderr.tail = (stderr.tail + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
    });
    return transport;
  }
  return new StreamableHTTPClientTransport(new URL(endpoint.url), {
    requestInit: { headers: endpoint.headers },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    redirectPolicy: "same-origin",
    reconnectionOptions: {
      maxRetries: 0,
      initialReconnectionDelay: 1000,
      maxReconnectionDelay: 1000,
      reconnectionDelayGrowFactor: 1,
    },
  });
}

/** The SDK's own timeouts cover requests; this one also covers what happens before a request is sent. */
export class McpDeadlineError extends Error {
  override readonly name = "McpDeadlineError";
}

function withDeadline<T>(promise: Promise<T>, ms: number, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // A little later than the SDK's request timeout, so its error (with its reason) usually wins.
    const timer = setTimeout(() => reject(new McpDeadlineError(`no answer within ${ms} ms`)), ms + 250);
    const onAbort = () => reject(signal?.reason ?? new Error("aborted"));
    signal?.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    });
  });
}

export { McpServerError, McpToolError };
