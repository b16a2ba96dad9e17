import type { Diagnostic } from "@/core/diagnostics/diagnostic-schema";

import { DomainError } from "./domain-error";

/**
 * The caller sent something the service cannot take: a draft that is not a
 * graph document, JSON text with a syntax error, a file that is not a zip.
 * The message says what and where; `diagnostics` holds the parser's findings
 * when there are any (each with its path), for a form to point at.
 */
export class InvalidInputError extends DomainError {
  override readonly name = "InvalidInputError";
  readonly kind = "invalid_input";
  readonly diagnostics: Diagnostic[];

  constructor(message: string, diagnostics: Diagnostic[] = []) {
    super(message);
    this.diagnostics = diagnostics;
  }
}
