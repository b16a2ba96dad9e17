/**
 * Turns whatever the SDK, the process or the network threw into an
 * `McpServerError` whose message a person can act on.
 */
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

import { OutboundAddressRefusedError } from "@/server/errors/outbound-address-refused-error";
import { OutboundRequestError } from "@/server/errors/outbound-request-error";
import type { McpEndpoint } from "./mcp-client";
import { McpServerError, type McpFailure } from "./mcp-server-error";

/** What a message about one server may mention. */
export interface FailureContext {
  name: string;
  endpoint: McpEndpoint;
  timeoutMs: number;
  secrets: readonly string[];
  /** The last lines a stdio server wrote to stderr. */
  stderr: { tail: string };
}

/** `15000` → "15 s", `1500` → "1.5 s". */
export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets)
    if (secret.length > 0 && out.includes(secret)) out = out.split(secret).join("[redacted]");
  return out;
}

interface NodeError {
  code?: string;
  syscall?: string;
  message?: string;
  cause?: unknown;
}

/** The errno-style code of an error or of its cause chain (fetch wraps the socket's error). */
function systemCode(error: unknown): string | undefined {
  for (let current = error as NodeError | undefined, depth = 0; current && depth < 4; depth++) {
    if (typeof current.code === "string") return current.code;
    current = current.cause as NodeError | undefined;
  }
  return undefined;
}

const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: "the connection was refused (is the server running?)",
  ENOTFOUND: "the host name does not resolve",
  EAI_AGAIN: "the host name could not be resolved right now",
  ECONNRESET: "the connection was reset",
  ETIMEDOUT: "the connection timed out",
  EHOSTUNREACH: "the host is unreachable",
  ENETUNREACH: "the network is unreachable",
  UND_ERR_CONNECT_TIMEOUT: "the connection timed out",
  UND_ERR_SOCKET: "the connection was closed by the other side",
  CERT_HAS_EXPIRED: "its TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "its TLS certificate is self-signed",
};

/** An McpServerError for `error` thrown while connecting, listing or calling `tool`. */
export function describeMcpFailure(
  ctx: FailureContext,
  error: unknown,
  phase: "connect" | "list" | "call",
  tool?: string,
): McpServerError {
  if (error instanceof McpServerError) return error;
  const server = `MCP server "${ctx.name}"`;
  const doing = phase === "call" && tool ? ` (calling ${tool})` : phase === "list" ? " (listing its tools)" : "";
  const fail = (reason: McpFailure, message: string) =>
    new McpServerError(ctx.name, reason, redact(message, ctx.secrets), error);
  const stderr = ctx.stderr.tail.trim();
  const printed = stderr ? `; it printed: ${stderr.split("\n").slice(-5).join(" | ")}` : "";

  if (error instanceof Error && error.name === "McpDeadlineError") {
    return fail("timeout", `${server} did not answer within ${formatSeconds(ctx.timeoutMs)}${doing}`);
  }
  if (error instanceof McpError && error.code === (ErrorCode.RequestTimeout as number)) {
    return fail("timeout", `${server} did not answer within ${formatSeconds(ctx.timeoutMs)}${doing}`);
  }
  if (isAbort(error)) return fail("cancelled", `the request to ${server} was cancelled${doing}`);

  const code = systemCode(error);
  if (ctx.endpoint.transport === "stdio") {
    const command = ctx.endpoint.command;
    if (code === "ENOENT") {
      return fail(
        "command_not_found",
        `${server} could not start: the command "${command}" was not found on the server machine; check its spelling, install it, or give its full path`,
      );
    }
    if (code === "EACCES") {
      return fail("not_executable", `${server} could not start: "${command}" is not an executable program`);
    }
    if (error instanceof McpError && error.code === (ErrorCode.ConnectionClosed as number)) {
      return fail(
        "exited",
        phase === "connect"
          ? `${server} exited before it answered (the command "${command}" is not an MCP server, or failed to start)${printed}`
          : `${server} stopped${doing}${printed}`,
      );
    }
  } else {
    const url = ctx.endpoint.url;
    if (error instanceof StreamableHTTPError && error.code !== undefined && error.code >= 400) {
      const hint =
        error.code === 401 || error.code === 403
          ? ": check its headers (e.g. Authorization)"
          : error.code === 404
            ? ": check the URL (streamable HTTP servers usually end in /mcp)"
            : "";
      return fail("http_status", `${server} answered HTTP ${error.code} at ${url}${doing}${hint}`);
    }
    if (code && code in NETWORK_WORDS) {
      return fail("unreachable", `${server} is not reachable at ${url}: ${NETWORK_WORDS[code]}`);
    }
    if (error instanceof McpError && error.code === (ErrorCode.ConnectionClosed as number)) {
      return fail("unreachable", `${server} closed the connection${doing}`);
    }
    if (error instanceof OutboundAddressRefusedError) {
      return fail("refused_address", `${server} was not contacted: ${error.message}`);
    }
    if (error instanceof OutboundRequestError) {
      return fail("unreachable", `${server} is not reachable: ${error.message}`);
    }
    if (error instanceof TypeError && /fetch failed/i.test(error.message)) {
      const cause = (error as NodeError).cause as NodeError | undefined;
      return fail("unreachable", `${server} is not reachable at ${url}: ${cause?.message ?? error.message}`);
    }
  }
  if (error instanceof McpError) {
    return fail(
      "protocol",
      `${server} refused the request${doing}: ${error.message.replace(/^MCP error -?\d+: /, "")}`,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return fail("protocol", `${server} failed${doing}: ${message}${printed}`);
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "RunCancelledError");
}
