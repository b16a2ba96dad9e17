import { DomainError } from "./domain-error";

/** A secret cannot be deleted while HTTP tool headers reference it. */
export class SecretInUseError extends DomainError {
  override readonly name = "SecretInUseError";
  readonly kind = "conflict";
  readonly secretName: string;
  readonly toolNames: string[];

  constructor(secretName: string, toolNames: string[]) {
    super(
      `The secret ${secretName} is used by the HTTP tool${toolNames.length > 1 ? "s" : ""} ${toolNames.join(", ")}: remove {{secrets.${secretName}}} from their headers first.`,
    );
    this.secretName = secretName;
    this.toolNames = toolNames;
  }
}
