import type { Diagnostic } from "@/core/diagnostics/diagnostic-schema";

import { DomainError } from "./domain-error";

/**
 * The draft does not compile, so no version can be made of it. Carries every
 * diagnostic (errors first) so the editor can show them at their nodes.
 */
export class GraphCompileError extends DomainError {
  override readonly name = "GraphCompileError";
  readonly kind = "unprocessable";
  readonly graphId: string;
  readonly diagnostics: Diagnostic[];

  /** `consequence` says what could not be done, e.g. "so it cannot run". */
  constructor(graphId: string, diagnostics: Diagnostic[], consequence = "so no version was created") {
    const errors = diagnostics.filter((d) => d.severity === "error");
    const first = errors[0]?.message ?? "unknown error";
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more error${errors.length > 2 ? "s" : ""})` : "";
    super(`Graph ${graphId} does not compile, ${consequence}: ${first}${more}. Fix the errors and try again.`);
    this.graphId = graphId;
    this.diagnostics = diagnostics;
  }
}
