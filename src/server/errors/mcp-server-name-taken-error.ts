import { DomainError } from "./domain-error";

/** Another MCP server of the workspace already has this name (names prefix catalog tool names). */
export class McpServerNameTakenError extends DomainError {
  override readonly name = "McpServerNameTakenError";
  readonly kind = "conflict";
  readonly serverName: string;

  constructor(serverName: string) {
    super(`This workspace already has an MCP server named "${serverName}": choose another name.`);
    this.serverName = serverName;
  }
}
