import { DomainError } from "./domain-error";

/** No HTTP tool with this id in this workspace. */
export class HttpToolNotFoundError extends DomainError {
  override readonly name = "HttpToolNotFoundError";
  readonly kind = "not_found";
  readonly toolId: string;

  constructor(toolId: string, workspaceId: string) {
    super(`HTTP tool ${toolId} does not exist in workspace ${workspaceId}.`);
    this.toolId = toolId;
  }
}
