import { DomainError } from "./domain-error";

/** The host is not on this workspace's allowed list. */
export class AllowedHostNotFoundError extends DomainError {
  override readonly name = "AllowedHostNotFoundError";
  readonly kind = "not_found";
  readonly host: string;

  constructor(host: string) {
    super(`${host} is not an allowed host of this workspace.`);
    this.host = host;
  }
}
