/**
 * An MCP server could not be reached, did not answer in time, or refused a
 * request. The message names the server and says what happened in words
 * ("MCP server "docs" did not answer within 15 s"); it never holds the
 * server's environment or header values.
 */
export class McpServerError extends Error {
  override readonly name = "McpServerError";
  readonly server: string;
  /** What went wrong, for callers that react differently (a timeout, a missing command…). */
  readonly reason: McpFailure;

  constructor(server: string, reason: McpFailure, message: string, cause?: unknown) {
    super(message, { cause });
    this.server = server;
    this.reason = reason;
  }
}

/** The kinds of failure an MCP server can have. */
export type McpFailure =
  | "timeout"
  | "command_not_found"
  | "not_executable"
  | "exited"
  | "unreachable"
  | "http_status"
  | "refused_address"
  | "protocol"
  | "cancelled";

/** A tool answered with `isError`: its text is the error the model reads. */
export class McpToolError extends Error {
  override readonly name = "McpToolError";
  readonly server: string;
  readonly tool: string;

  constructor(server: string, tool: string, text: string) {
    super(text);
    this.server = server;
    this.tool = tool;
  }
}
