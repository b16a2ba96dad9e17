import { DomainError } from "./domain-error";

/** The graph has no version with this number. */
export class GraphVersionNotFoundError extends DomainError {
  override readonly name = "GraphVersionNotFoundError";
  readonly kind = "not_found";
  readonly graphId: string;
  readonly version: number;

  constructor(graphId: string, version: number) {
    super(`Graph ${graphId} has no version ${version}.`);
    this.graphId = graphId;
    this.version = version;
  }
}
