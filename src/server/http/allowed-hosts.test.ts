import { describe, expect, it } from "vitest";

import { allowedHostNames, allowedHostsForBind, hostName, hostRefusalMessage, isAllowedHost } from "./allowed-hosts";

describe("isAllowedHost", () => {
  const defaults = allowedHostNames(undefined);

  it("answers localhost, 127.0.0.1 and [::1] on any port", () => {
    for (const host of ["localhost", "localhost:3000", "LOCALHOST:80", "127.0.0.1:54321", "[::1]:3000", "[::1]"]) {
      expect(isAllowedHost(host, defaults), host).toBe(true);
    }
  });

  it("refuses any other name, a missing header, and look-alikes", () => {
    for (const host of [
      "evil.example",
      "evil.example:3000",
      "localhost.evil.example",
      "127.0.0.1.nip.io",
      "0.0.0.0:3000",
      "",
      null,
    ]) {
      expect(isAllowedHost(host, defaults), String(host)).toBe(false);
    }
  });

  it("adds the names AGS_ALLOWED_HOSTS lists, ignoring case, spaces and ports", () => {
    const allowed = allowedHostNames(" Studio.Example.com, 10.0.0.5:8080 ,,::2");
    expect(isAllowedHost("studio.example.com:3000", allowed)).toBe(true);
    expect(isAllowedHost("10.0.0.5", allowed)).toBe(true);
    expect(isAllowedHost("[::2]:3000", allowed)).toBe(true);
    expect(isAllowedHost("localhost:3000", allowed)).toBe(true);
    expect(isAllowedHost("other.example.com", allowed)).toBe(false);
  });
});

describe("hostName", () => {
  it("drops the port and a trailing dot", () => {
    expect(hostName("Example.com:3000")).toBe("example.com");
    expect(hostName("localhost.")).toBe("localhost");
    expect(hostName("[::1]:3000")).toBe("[::1]");
  });
});

describe("hostRefusalMessage", () => {
  it("names the host and the variable that allows it", () => {
    const message = hostRefusalMessage("evil.example:3000");
    expect(message).toContain('"evil.example"');
    expect(message).toContain("AGS_ALLOWED_HOSTS");
  });
});

describe("allowedHostsForBind", () => {
  it("allows the specific address the server binds, and nothing more for a wildcard", () => {
    expect(allowedHostsForBind(undefined, "10.0.0.5")).toBe("10.0.0.5");
    expect(allowedHostsForBind("studio.example.com", "10.0.0.5")).toBe("studio.example.com,10.0.0.5");
    expect(allowedHostsForBind("studio.example.com", "0.0.0.0")).toBe("studio.example.com");
    expect(allowedHostsForBind(undefined, "::")).toBeUndefined();
    expect(isAllowedHost("10.0.0.5:3000", allowedHostNames(allowedHostsForBind(undefined, "10.0.0.5")))).toBe(true);
  });
});
