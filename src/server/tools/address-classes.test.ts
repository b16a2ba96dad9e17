import { describe, expect, it } from "vitest";

import { embeddedIpv4, ipv6Groups, refusedAddressReason } from "./address-classes";

describe("refusedAddressReason", () => {
  it.each([
    ["127.0.0.1", "a loopback address"],
    ["127.255.0.9", "a loopback address"],
    ["0.0.0.0", "an unspecified address"],
    ["10.1.2.3", "a private address"],
    ["172.16.0.1", "a private address"],
    ["172.31.255.255", "a private address"],
    ["192.168.1.1", "a private address"],
    ["100.64.0.1", "a carrier-grade NAT address"],
    ["169.254.1.1", "a link-local address"],
    ["169.254.169.254", "a cloud metadata address"],
    ["224.0.0.1", "a multicast address"],
    ["255.255.255.255", "the broadcast address"],
    ["240.0.0.1", "a reserved address"],
    ["::1", "a loopback address"],
    ["::", "an unspecified address"],
    ["fc00::1", "a private address"],
    ["fd12:3456::1", "a private address"],
    ["fe80::1", "a link-local address"],
    ["fd00:ec2::254", "a cloud metadata address"],
    ["ff02::1", "a multicast address"],
  ])("refuses %s as %s", (address, reason) => {
    expect(refusedAddressReason(address)).toBe(reason);
  });

  it.each([
    ["::ffff:127.0.0.1", "a loopback address"],
    ["::ffff:7f00:1", "a loopback address"],
    ["::ffff:a9fe:a9fe", "a cloud metadata address"],
    ["::127.0.0.1", "a loopback address"],
    ["::7f00:1", "a loopback address"],
    ["64:ff9b::10.0.0.1", "a private address"],
    ["2002:c0a8:0101::1", "a private address"],
  ])("judges the IPv4 address inside %s", (address, reason) => {
    expect(refusedAddressReason(address)).toBe(`${reason} (inside the IPv6 address ${address})`);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
    "2002:0808:0808::1",
  ])("lets the public address %s through", (address) => {
    expect(refusedAddressReason(address)).toBeNull();
  });

  it("refuses what is not an IP address", () => {
    expect(refusedAddressReason("example.com")).toBe("not an IP address");
  });
});

describe("ipv6Groups / embeddedIpv4", () => {
  it("expands every textual form", () => {
    expect(ipv6Groups("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups("fe80::")).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups("::ffff:1.2.3.4")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(ipv6Groups("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ipv6Groups("not-an-address")).toBeNull();
  });

  it("finds IPv4 inside mapped, compatible, NAT64 and 6to4 addresses only", () => {
    expect(embeddedIpv4("::ffff:0a00:0001")).toBe("10.0.0.1");
    expect(embeddedIpv4("::0a00:1")).toBe("10.0.0.1");
    expect(embeddedIpv4("64:ff9b::0808:0808")).toBe("8.8.8.8");
    expect(embeddedIpv4("2002:7f00:1::")).toBe("127.0.0.1");
    expect(embeddedIpv4("::1")).toBeNull();
    expect(embeddedIpv4("2606:4700::1111")).toBeNull();
  });
});
