import { gzipSync } from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { OutboundAddressRefusedError } from "@/server/errors/outbound-address-refused-error";
import { OutboundRequestError } from "@/server/errors/outbound-request-error";

import { guardOutboundUrl, type HostResolver } from "./address-guard";
import { createGuardedFetch } from "./guarded-fetch";
import { startLocalHttpServer, type LocalHttpServer } from "./testing/local-http-server";

const NOTHING_ALLOWED = { allowedHosts: [] };

async function refusal(url: string, options: Parameters<typeof guardOutboundUrl>[1] = NOTHING_ALLOWED) {
  const error = await guardOutboundUrl(new URL(url), options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundAddressRefusedError);
  return error as OutboundAddressRefusedError;
}

describe("guardOutboundUrl", () => {
  it("refuses a loopback literal, saying what and how to allow it", async () => {
    const error = await refusal("http://127.0.0.1:8080/");
    expect(error.message).toBe(
      "http://127.0.0.1:8080/ resolves to 127.0.0.1, a loopback address: tools may not call it unless an owner allows the host in Settings → Tools.",
    );
    expect(error.kind).toBe("unprocessable");
  });

  it.each([
    ["http://2130706433/", "127.0.0.1"],
    ["http://0177.0.0.1/", "127.0.0.1"],
    ["http://0x7f.1/", "127.0.0.1"],
    ["http://127.1/", "127.0.0.1"],
    ["http://0/", "0.0.0.0"],
    ["http://10.0.0.8/", "10.0.0.8"],
    ["http://192.168.0.1/", "192.168.0.1"],
    ["http://172.20.1.1/", "172.20.1.1"],
    ["http://100.100.100.100/", "100.100.100.100"],
    ["http://169.254.169.254/latest/meta-data/", "169.254.169.254"],
    ["http://[::1]/", "::1"],
    ["http://[::]/", "::"],
    ["http://[::ffff:127.0.0.1]/", "::ffff:7f00:1"],
    ["http://[::ffff:169.254.169.254]/", "::ffff:a9fe:a9fe"],
    ["http://[::127.0.0.1]/", "::7f00:1"],
    ["http://[fd00:ec2::254]/", "fd00:ec2::254"],
    ["http://[fe80::1]/", "fe80::1"],
    ["http://[fc00::5]/", "fc00::5"],
    ["http://224.0.0.251/", "224.0.0.251"],
    ["http://255.255.255.255/", "255.255.255.255"],
  ])("refuses %s (%s)", async (url, address) => {
    const error = await refusal(url);
    expect(error.address).toBe(address);
  });

  it("names the metadata address", async () => {
    const error = await refusal("http://169.254.169.254/latest/meta-data/");
    expect(error.message).toContain("169.254.169.254, a cloud metadata address");
  });

  it("refuses a host name that resolves to loopback (localhost)", async () => {
    const error = await refusal("http://localhost:3000/x");
    expect(error.message).toMatch(/^http:\/\/localhost:3000\/x resolves to (127\.0\.0\.1|::1), a loopback address/);
  });

  it("refuses metadata host names without looking them up", async () => {
    const resolve: HostResolver = () => Promise.reject(new Error("must not resolve"));
    const error = await refusal("http://metadata.google.internal/computeMetadata/v1/", { allowedHosts: [], resolve });
    expect(error.message).toBe(
      "http://metadata.google.internal/computeMetadata/v1/ is a cloud metadata service: tools may not call it unless an owner allows the host in Settings → Tools.",
    );
  });

  it("refuses a name when any of its addresses is refused, not just the first", async () => {
    const resolve: HostResolver = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.1", family: 4 },
    ];
    const error = await refusal("https://mixed.example/", { allowedHosts: [], resolve });
    expect(error.address).toBe("10.0.0.1");
  });

  it("passes a public name and pins its first address", async () => {
    const resolve: HostResolver = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "2606:2800:220:1::1", family: 6 },
    ];
    const target = await guardOutboundUrl(new URL("https://api.example/v1?q=1"), { allowedHosts: [], resolve });
    expect(target).toMatchObject({
      hostname: "api.example",
      port: 443,
      address: "93.184.216.34",
      family: 4,
      allowedByOwner: false,
    });
  });

  it("refuses other schemes", async () => {
    for (const url of ["file:///etc/passwd", "ftp://example.com/", "gopher://example.com/"]) {
      const error = await guardOutboundUrl(new URL(url), NOTHING_ALLOWED).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OutboundRequestError);
      expect((error as Error).message).toBe(`${url} is not an http or https URL: tools call http and https URLs only.`);
    }
  });

  it("says when a name does not resolve", async () => {
    const error = await guardOutboundUrl(new URL("http://no-such-host.invalid/"), NOTHING_ALLOWED).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OutboundRequestError);
    expect((error as Error).message).toMatch(
      /^http:\/\/no-such-host\.invalid\/: the host name no-such-host\.invalid does not resolve/,
    );
  });

  it("lets an owner's allowed host through: a bare host for any port, host:port for that port only", async () => {
    await expect(
      guardOutboundUrl(new URL("http://127.0.0.1:8080/"), { allowedHosts: ["127.0.0.1"] }),
    ).resolves.toMatchObject({
      address: "127.0.0.1",
      allowedByOwner: true,
    });
    await expect(
      guardOutboundUrl(new URL("http://127.0.0.1:8080/"), { allowedHosts: ["127.0.0.1:8080"] }),
    ).resolves.toMatchObject({
      allowedByOwner: true,
    });
    await refusal("http://127.0.0.1:8081/", { allowedHosts: ["127.0.0.1:8080"] });
    await expect(guardOutboundUrl(new URL("http://[::1]:9/"), { allowedHosts: ["[::1]"] })).resolves.toMatchObject({
      address: "::1",
    });
    await expect(
      guardOutboundUrl(new URL("http://LocalHost/"), { allowedHosts: ["localhost:80"] }),
    ).resolves.toMatchObject({
      allowedByOwner: true,
    });
    // An allowed name does not allow the address it resolves to under another name.
    await refusal("http://127.0.0.1/", { allowedHosts: ["localhost"] });
  });
});

describe("guardedFetch", () => {
  let allowed: LocalHttpServer;
  let other: LocalHttpServer;

  beforeAll(async () => {
    other = await startLocalHttpServer((req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          server: "other",
          authorization: req.headers.authorization ?? null,
          key: req.headers["x-api-key"] ?? null,
        }),
      );
    });
    allowed = await startLocalHttpServer((req, res) => {
      const url = new URL(req.url, "http://x");
      if (url.pathname === "/to-other") {
        res.writeHead(302, { location: `${other.origin}/stolen` });
        return res.end();
      }
      if (url.pathname === "/to-metadata") {
        res.writeHead(301, { location: "http://169.254.169.254/latest/meta-data/" });
        return res.end();
      }
      if (url.pathname === "/loop") {
        const n = Number(url.searchParams.get("n") ?? 0);
        res.writeHead(307, { location: `/loop?n=${n + 1}` });
        return res.end();
      }
      if (url.pathname === "/see-other") {
        res.writeHead(303, { location: "/echo" });
        return res.end();
      }
      if (url.pathname === "/gzip") {
        res.writeHead(200, { "content-encoding": "gzip", "content-type": "text/plain" });
        return res.end(gzipSync("unzipped text"));
      }
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ method: req.method, path: req.url, body: req.body, host: req.headers.host }));
    });
  });

  afterAll(async () => {
    await allowed.close();
    await other.close();
  });

  it("calls an allowed local server", async () => {
    const fetch = createGuardedFetch({ allowedHosts: [allowed.host] });
    const response = await fetch(`${allowed.origin}/echo?x=1`, { method: "POST", body: "hello" });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${allowed.origin}/echo?x=1`);
    expect(await response.json()).toEqual({ method: "POST", path: "/echo?x=1", body: "hello", host: allowed.host });
  });

  it("refuses a redirect from an allowed host to another port of 127.0.0.1 that is not allowed, without calling it", async () => {
    const fetch = createGuardedFetch({ allowedHosts: [allowed.host] });
    const before = other.requests.length;
    const error = await fetch(`${allowed.origin}/to-other`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundAddressRefusedError);
    expect((error as Error).message).toBe(
      `${other.origin}/stolen resolves to 127.0.0.1, a loopback address: tools may not call it unless an owner allows the host in Settings → Tools.`,
    );
    expect(other.requests.length).toBe(before);
  });

  it("refuses a redirect to the metadata address", async () => {
    const fetch = createGuardedFetch({ allowedHosts: [allowed.host] });
    const error = await fetch(`${allowed.origin}/to-metadata`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundAddressRefusedError);
    expect((error as OutboundAddressRefusedError).address).toBe("169.254.169.254");
  });

  it("follows an allowed cross-origin redirect without the caller's secret headers", async () => {
    const fetch = createGuardedFetch({ allowedHosts: [allowed.host, other.host] });
    const response = await fetch(`${allowed.origin}/to-other`, {
      headers: { authorization: "Bearer s3cret", "x-api-key": "k3y" },
    });
    expect(await response.json()).toEqual({ server: "other", authorization: null, key: null });
  });

  it("stops after 5 redirects", async () => {
    const fetch = createGuardedFetch({ allowedHosts: [allowed.host] });
    const error = await fetch(`${allowed.origin}/loop`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundRequestError);
    expect((error as Error).message).toBe(
      `${allowed.origin}/loop redirected more than 5 times; the last hop was ${allowed.origin}/loop?n=5.`,
    );
  });

  it("turns a POST into a GET on 303", async () => {
    const fetch = createGuardedFetch({ allowedHosts: [allowed.host] });
    const response = await fetch(`${allowed.origin}/see-other`, { method: "POST", body: "x" });
    expect(await response.json()).toMatchObject({ method: "GET", path: "/echo", body: "" });
  });

  it("decodes gzip bodies", async () => {
    const fetch = createGuardedFetch({ allowedHosts: [allowed.host] });
    const response = await fetch(`${allowed.origin}/gzip`);
    expect(await response.text()).toBe("unzipped text");
    expect(response.headers.get("content-encoding")).toBeNull();
  });

  it("connects to the checked address, never resolving the name again (no DNS rebinding)", async () => {
    // The name exists for the guard's resolver only: the system resolver would
    // fail, so the request succeeding proves the connection used the pinned address.
    let lookups = 0;
    const resolve: HostResolver = async () => {
      lookups++;
      return [{ address: "127.0.0.1", family: 4 }];
    };
    const fetch = createGuardedFetch({ allowedHosts: [`pinned.invalid:${allowed.port}`], resolve });
    const response = await fetch(`http://pinned.invalid:${allowed.port}/echo`);
    expect(await response.json()).toMatchObject({ host: `pinned.invalid:${allowed.port}` });
    expect(lookups).toBe(1);
  });

  it("refuses before connecting when the name resolves to a refused address", async () => {
    const resolve: HostResolver = async () => [{ address: "127.0.0.1", family: 4 }];
    const fetch = createGuardedFetch({ allowedHosts: [], resolve });
    const before = allowed.requests.length;
    const error = await fetch(`http://rebind.invalid:${allowed.port}/echo`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundAddressRefusedError);
    expect(allowed.requests.length).toBe(before);
  });

  it("aborts with the caller's signal", async () => {
    const slow = await startLocalHttpServer(() => {
      /* never answers */
    });
    try {
      const fetch = createGuardedFetch({ allowedHosts: [slow.host] });
      const error = await fetch(`${slow.origin}/`, { signal: AbortSignal.timeout(200) }).catch((e: unknown) => e);
      expect((error as Error).name).toBe("TimeoutError");
    } finally {
      await slow.close();
    }
  });
});
