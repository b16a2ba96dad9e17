/**
 * Which `Host` headers the server answers. A local server that answers any
 * host name can be reached by a web page through DNS rebinding (the page's
 * own name re-pointed at 127.0.0.1); answering only known names stops that.
 */

/** Answered always, on any port. */
export const DEFAULT_ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]"] as const;

/** The environment variable that adds names to {@link DEFAULT_ALLOWED_HOSTS}. */
export const ALLOWED_HOSTS_ENV = "AGS_ALLOWED_HOSTS";

/** Lower-cased; IPv6 addresses in brackets (as they appear in a Host header). */
function normaliseName(name: string): string {
  const trimmed = name.trim().toLowerCase();
  return trimmed.includes(":") && !trimmed.startsWith("[") ? `[${trimmed}]` : trimmed;
}

/**
 * The allowed host names: the defaults plus the comma-separated names in
 * `AGS_ALLOWED_HOSTS` (e.g. `studio.example.com,10.0.0.5`). A port given in
 * the variable is ignored: names are allowed on any port.
 */
export function allowedHostNames(extra: string | undefined): Set<string> {
  const names = new Set<string>(DEFAULT_ALLOWED_HOSTS);
  for (const entry of (extra ?? "").split(",")) {
    const name = hostName(entry);
    if (name) names.add(name);
  }
  return names;
}

/** The name part of a Host header (`Example.com:3000` → `example.com`, `[::1]:3000` → `[::1]`). */
export function hostName(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith("[")) {
    const end = value.indexOf("]");
    return end === -1 ? value : value.slice(0, end + 1);
  }
  const colons = value.split(":").length - 1;
  // One colon: name:port. Several: a bare IPv6 address (only possible in the variable).
  if (colons === 1) return value.slice(0, value.indexOf(":"));
  return colons > 1 ? normaliseName(value) : value.replace(/\.$/, "");
}

/** True when `host` (a Host header, maybe missing) names an allowed host. */
export function isAllowedHost(host: string | null, allowed: ReadonlySet<string>): boolean {
  if (!host) return false;
  return allowed.has(hostName(host).replace(/\.$/, ""));
}

/** The sentence a refused request gets: which host, and how to allow it. */
export function hostRefusalMessage(host: string | null): string {
  const named = host ? `the host name "${hostName(host)}"` : "requests without a Host header";
  return (
    `Agent Graph Studio does not answer ${named}. It answers only localhost, 127.0.0.1 and [::1] ` +
    `unless ${ALLOWED_HOSTS_ENV} lists more (comma-separated, e.g. ${ALLOWED_HOSTS_ENV}=studio.example.com,10.0.0.5).\n`
  );
}

/** Addresses that mean "every interface": binding one says nothing about the name people use. */
const WILDCARD_ADDRESSES = new Set(["0.0.0.0", "::", "[::]"]);

/**
 * The `AGS_ALLOWED_HOSTS` value for a server bound to `bindHost`: a specific
 * address (`HOST=10.0.0.5`) is how people will reach it, so it is allowed
 * too; a wildcard bind adds nothing.
 */
export function allowedHostsForBind(configured: string | undefined, bindHost: string): string | undefined {
  if (WILDCARD_ADDRESSES.has(bindHost.trim().toLowerCase())) return configured;
  return [configured, bindHost].filter((part) => part && part.trim()).join(",");
}
