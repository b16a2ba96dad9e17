import { DomainError } from "./domain-error";

/** Another price row of the workspace already prices this provider and model. */
export class PriceConflictError extends DomainError {
  override readonly name = "PriceConflictError";
  readonly kind = "conflict";
  readonly provider: string;
  readonly model: string;

  constructor(provider: string, model: string) {
    super(`The price table already has a row for ${provider} ${model}: edit that row instead.`);
    this.provider = provider;
    this.model = model;
  }
}
