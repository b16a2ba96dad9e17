/**
 * The outbound address guard: every request a tool makes (HTTP tools, MCP
 * servers over HTTP) goes through it, so an agent cannot make the server
 * call itself, the machine's private network or a cloud metadata service.
 *
 *   const target = await guardOutboundUrl(new URL(url), { allowedHosts });
 *   // connect to target.address (see guardedFetch, which does it for you)
 *
 * `guardOutboundUrl` accepts http and https URLs only, resolves the host
 * name (every address it has, not just the first) and refuses the URL when
 * any of them is loopback, unspecified, private, carrier-grade NAT,
 * link-local, cloud metadata, multicast, broadcast, reserved or
 * documentation space — also in IPv4-mapped, -compatible, NAT64 and 6to4
 * IPv6 forms. Numeric host forms (decimal `2130706433`, octal `0177.0.0.1`,
 * hex `0x7f.1`) are the WHATWG URL parser's: it turns them into dotted
 * IPv4 before we look. Metadata host names (metadata.google.internal) are
 * refused by name.
 *
 * An owner's exception (`allowedHosts`, Settings → Tools) is a lower-case
 * host ("localhost", "10.0.0.5", "[::1]") allowing every port, or host:port
 * allowing that port only. An allowed host is still resolved and pinned.
 *
 * The returned `address` is the one that was checked: the caller must
 * connect to it (not resolve the name again), or a DNS answer that changes
 * between check and connect (DNS rebinding) would slip past the guard.
 * Refusals throw `OutboundAddressRefusedError`; names that do not resolve
 * and non-http(s) URLs throw `OutboundRequestError`.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";

import { OutboundAddressRefusedError } from "@/server/errors/outbound-address-refused-error";
import { OutboundRequestError } from "@/server/errors/outbound-request-error";

import { METADATA_HOST_NAMES, refusedAddressReason } from "./address-classes";

/** One resolved address of a host. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (default: the system resolver, like Node's own connections). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface GuardOptions {
  /** The workspace's allowed hosts: "host" (any port) or "host:port", lower case. */
  allowedHosts: readonly string[];
  /** For tests; default: `dns.lookup` with `all: true`. */
  resolve?: HostResolver;
}

/** Where a request to a guarded URL must connect. */
export interface ResolvedTarget {
  url: URL;
  /** The host name without IPv6 brackets or a trailing dot ("example.com", "::1"). */
  hostname: string;
  port: number;
  /** The checked address to connect to. */
  address: string;
  family: 4 | 6;
  /** True when an owner's allowed host let this URL through. */
  allowedByOwner: boolean;
}

export const systemResolver: HostResolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** The URL's port, or the scheme's default. */
export function effectivePort(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

/** The URL's host name as a resolver and the allow-list see it: no brackets, no trailing dot, lower case. */
export function bareHostname(url: URL): string {
  return url.hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();
}

/** Whether an owner's allowed host covers this URL ("host" any port, "host:port" that port). */
export function isHostAllowed(url: URL, allowedHosts: readonly string[]): boolean {
  const host = bareHostname(url);
  const shown = isIP(host) === 6 ? `[${host}]` : host;
  const port = effectivePort(url);
  const wanted = new Set([shown, `${shown}:${port}`]);
  return allowedHosts.some((entry) => wanted.has(entry.trim().toLowerCase()));
}

/**
 * Checks `url` and resolves where to connect; throws when tools may not
 * call it. See the file comment for what is refused.
 */
export async function guardOutboundUrl(url: URL, options: GuardOptions): Promise<ResolvedTarget> {
  const shown = url.href;
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OutboundRequestError(shown, `${shown} is not an http or https URL: tools call http and https URLs only.`);
  }
  const hostname = bareHostname(url);
  const port = effectivePort(url);
  const allowedByOwner = isHostAllowed(url, options.allowedHosts);
  if (!allowedByOwner && METADATA_HOST_NAMES.includes(hostname)) {
    throw new OutboundAddressRefusedError(shown, null, "a cloud metadata service");
  }

  const literal = isIP(hostname);
  let addresses: ResolvedAddress[];
  if (literal !== 0) {
    addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolver)(hostname);
    } catch (error) {
      throw new OutboundRequestError(
        shown,
        `${shown}: the host name ${hostname} does not resolve (${describe(error)}).`,
        error,
      );
    }
    if (addresses.length === 0) {
      throw new OutboundRequestError(shown, `${shown}: the host name ${hostname} resolves to no address.`);
    }
  }

  if (!allowedByOwner) {
    for (const { address } of addresses) {
      const reason = refusedAddressReason(address);
      if (reason !== null) throw new OutboundAddressRefusedError(shown, address, reason);
    }
  }
  const first = addresses[0]!;
  return { url, hostname, port, address: first.address, family: first.family, allowedByOwner };
}

function describe(error: unknown): string {
  if (error && typeof error === "object" && "code" in error && typeof error.code === "string") return error.code;
  return error instanceof Error ? error.message : String(error);
}
