import { DomainError } from "./domain-error";

/**
 * A tool (HTTP tool, MCP server) was about to call an address the address
 * guard refuses: loopback, private, link-local, cloud metadata, multicast,
 * reserved, or a scheme other than http/https. An owner can allow the host
 * in Settings → Tools.
 */
export class OutboundAddressRefusedError extends DomainError {
  override readonly name = "OutboundAddressRefusedError";
  readonly kind = "unprocessable";
  /** The URL that was refused (as the caller or a redirect gave it). */
  readonly url: string;
  /** The address it resolves to, or null when the URL itself was refused (scheme, metadata name). */
  readonly address: string | null;
  /** What kind of address it is in words ("a loopback address"). */
  readonly reason: string;

  constructor(url: string, address: string | null, reason: string) {
    super(
      address === null
        ? `${url} is ${reason}: tools may not call it unless an owner allows the host in Settings → Tools.`
        : `${url} resolves to ${address}, ${reason}: tools may not call it unless an owner allows the host in Settings → Tools.`,
    );
    this.url = url;
    this.address = address;
    this.reason = reason;
  }
}
