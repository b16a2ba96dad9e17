/**
 * Which IP addresses outbound tool calls may not reach, and why in words.
 * `refusedAddressReason("127.0.0.1")` is "a loopback address"; a public
 * address gives null. IPv6 forms that embed an IPv4 address (mapped
 * `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4
 * `2002::/16`) are judged by the IPv4 address inside.
 */
import { BlockList, isIP } from "node:net";

interface Range {
  network: string;
  prefix: number;
  reason: string;
}

// Most specific first: the first range that holds an address names it.
const IPV4_RANGES: Range[] = [
  { network: "169.254.169.254", prefix: 32, reason: "a cloud metadata address" },
  { network: "255.255.255.255", prefix: 32, reason: "the broadcast address" },
  { network: "0.0.0.0", prefix: 8, reason: "an unspecified address" },
  { network: "10.0.0.0", prefix: 8, reason: "a private address" },
  { network: "100.64.0.0", prefix: 10, reason: "a carrier-grade NAT address" },
  { network: "127.0.0.0", prefix: 8, reason: "a loopback address" },
  { network: "169.254.0.0", prefix: 16, reason: "a link-local address" },
  { network: "172.16.0.0", prefix: 12, reason: "a private address" },
  { network: "192.0.0.0", prefix: 24, reason: "a reserved address" },
  { network: "192.0.2.0", prefix: 24, reason: "a documentation address" },
  { network: "192.168.0.0", prefix: 16, reason: "a private address" },
  { network: "198.18.0.0", prefix: 15, reason: "a benchmarking address" },
  { network: "198.51.100.0", prefix: 24, reason: "a documentation address" },
  { network: "203.0.113.0", prefix: 24, reason: "a documentation address" },
  { network: "224.0.0.0", prefix: 4, reason: "a multicast address" },
  { network: "240.0.0.0", prefix: 4, reason: "a reserved address" },
];

const IPV6_RANGES: Range[] = [
  { network: "::", prefix: 128, reason: "an unspecified address" },
  { network: "::1", prefix: 128, reason: "a loopback address" },
  { network: "fd00:ec2::254", prefix: 128, reason: "a cloud metadata address" },
  { network: "100::", prefix: 64, reason: "a discard address" },
  { network: "2001:db8::", prefix: 32, reason: "a documentation address" },
  { network: "2001::", prefix: 32, reason: "a Teredo tunnel address" },
  { network: "fc00::", prefix: 7, reason: "a private address" },
  { network: "fe80::", prefix: 10, reason: "a link-local address" },
  { network: "fec0::", prefix: 10, reason: "a site-local address" },
  { network: "ff00::", prefix: 8, reason: "a multicast address" },
];

function blockLists(ranges: Range[], family: "ipv4" | "ipv6"): { list: BlockList; reason: string }[] {
  return ranges.map((range) => {
    const list = new BlockList();
    list.addSubnet(range.network, range.prefix, family);
    return { list, reason: range.reason };
  });
}

const V4 = blockLists(IPV4_RANGES, "ipv4");
const V6 = blockLists(IPV6_RANGES, "ipv6");

/** Host names of cloud metadata services, refused before any lookup. */
export const METADATA_HOST_NAMES: readonly string[] = ["metadata.google.internal", "metadata.goog", "metadata"];

/** The 8 groups of an IPv6 address (any valid textual form), or null. */
export function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.replace(/%.*$/, "");
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, dotted.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill("0");
  const groups = [...headGroups, ...zeros, ...tailGroups].map((g) => parseInt(g, 16));
  return groups.length === 8 ? groups : null;
}

function ipv4FromGroups(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), or null. */
export function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g) return null;
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated)
  if (zeroUpTo(5) && g[5] === 0xffff) return ipv4FromGroups(g[6]!, g[7]!);
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return ipv4FromGroups(g[6]!, g[7]!);
  // ::a.b.c.d (compatible; ::, ::1 are their own addresses)
  if (zeroUpTo(6) && (g[6] !== 0 || g[7]! > 1)) return ipv4FromGroups(g[6]!, g[7]!);
  // 64:ff9b::a.b.c.d and 64:ff9b:1::/48 (NAT64)
  if (g[0] === 0x64 && g[1] === 0xff9b && (g[2] === 0 || g[2] === 1)) return ipv4FromGroups(g[6]!, g[7]!);
  // 2002:AABB:CCDD::/48 (6to4)
  if (g[0] === 0x2002) return ipv4FromGroups(g[1]!, g[2]!);
  return null;
}

/**
 * Why outbound tool calls may not reach `address` ("a loopback address"),
 * or null when it is a public address. Anything that is not an IP literal
 * is refused as "not an IP address".
 */
export function refusedAddressReason(address: string): string | null {
  const family = isIP(address);
  if (family === 4) return V4.find((r) => r.list.check(address, "ipv4"))?.reason ?? null;
  if (family === 6) {
    const inner = embeddedIpv4(address);
    if (inner !== null) {
      const reason = refusedAddressReason(inner);
      return reason === null ? null : `${reason} (inside the IPv6 address ${address})`;
    }
    const bare = address.replace(/%.*$/, "");
    if (address.includes("%")) return "a scoped (link-local) address";
    return V6.find((r) => r.list.check(bare, "ipv6"))?.reason ?? null;
  }
  return "not an IP address";
}
