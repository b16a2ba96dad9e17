import { DomainError } from "./domain-error";

/**
 * An HTTP tool call could not be made or did not succeed: arguments that do
 * not fit the tool, a header referencing a secret the workspace does not
 * have, a timeout, a response over the size limit, or a non-2xx answer.
 * The message is what the agent (or the Test dialog) reads.
 */
export class HttpToolCallError extends DomainError {
  override readonly name = "HttpToolCallError";
  readonly kind = "unprocessable";
  readonly toolName: string;

  constructor(toolName: string, message: string, cause?: unknown) {
    super(message, { cause });
    this.toolName = toolName;
  }
}
