import { DomainError } from "./domain-error";

/** No graph with this id in this workspace (it may exist in another one). */
export class GraphNotFoundError extends DomainError {
  override readonly name = "GraphNotFoundError";
  readonly kind = "not_found";
  readonly graphId: string;
  readonly workspaceId: string;

  constructor(graphId: string, workspaceId: string) {
    super(`Graph ${graphId} does not exist in workspace ${workspaceId}.`);
    this.graphId = graphId;
    this.workspaceId = workspaceId;
  }
}
