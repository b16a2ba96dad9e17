import { DomainError } from "./domain-error";

/** No MCP server with this id in this workspace (it may exist in another one). */
export class McpServerNotFoundError extends DomainError {
  override readonly name = "McpServerNotFoundError";
  readonly kind = "not_found";
  readonly serverId: string;
  readonly workspaceId: string;

  constructor(serverId: string, workspaceId: string) {
    super(`MCP server ${serverId} does not exist in workspace ${workspaceId}.`);
    this.serverId = serverId;
    this.workspaceId = workspaceId;
  }
}
