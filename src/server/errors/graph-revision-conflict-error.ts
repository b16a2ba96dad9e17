import { DomainError } from "./domain-error";

/**
 * A draft update was based on an old revision: someone saved the graph in
 * between. The writer should reload (or merge) and retry.
 */
export class GraphRevisionConflictError extends DomainError {
  override readonly name = "GraphRevisionConflictError";
  readonly kind = "conflict";
  readonly graphId: string;
  readonly expectedRevision: number;
  readonly actualRevision: number;

  constructor(graphId: string, expectedRevision: number, actualRevision: number) {
    super(
      `Graph ${graphId} was saved elsewhere: this edit is based on revision ${expectedRevision} but the graph is at revision ${actualRevision}.`,
    );
    this.graphId = graphId;
    this.expectedRevision = expectedRevision;
    this.actualRevision = actualRevision;
  }
}
