import { DomainError } from "./domain-error";

/**
 * An outbound tool request failed before an answer came back for a reason
 * other than the address guard: the host name does not resolve, a URL is
 * not http/https, too many redirects, or the connection failed.
 */
export class OutboundRequestError extends DomainError {
  override readonly name = "OutboundRequestError";
  readonly kind = "unprocessable";
  readonly url: string;

  constructor(url: string, message: string, cause?: unknown) {
    super(message, { cause });
    this.url = url;
  }
}
