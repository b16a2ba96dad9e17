import http from "node:http";

import { expect, test } from "@playwright/test";

import { ownerCookieHeader } from "./support/e2e-owner";

/**
 * The server's own guards, probed over raw HTTP (a browser cannot forge a
 * Host header or stream an unbounded body): host names it answers, and the
 * request body limit.
 */

interface RawResponse {
  status: number;
  body: string;
  millis: number;
}

function serverAddress(baseURL: string | undefined): { hostname: string; port: number } {
  const url = new URL(baseURL ?? "http://127.0.0.1:3100");
  return { hostname: url.hostname, port: Number(url.port) };
}

/**
 * Sends a request and resolves with the server's answer as soon as it
 * arrives, even while the body is still being sent (`bodyBytes` in 1 MB
 * chunks; `chunked` leaves out Content-Length).
 */
function rawRequest(
  baseURL: string | undefined,
  options: { method: string; path: string; headers?: Record<string, string>; bodyBytes?: number; chunked?: boolean },
): Promise<RawResponse> {
  const started = Date.now();
  const { hostname, port } = serverAddress(baseURL);
  return new Promise((resolve, reject) => {
    const total = options.bodyBytes ?? 0;
    const headers: Record<string, string> = { "content-type": "application/json", ...options.headers };
    if (total > 0 && !options.chunked) headers["content-length"] = String(total);
    const request = http.request({ hostname, port, method: options.method, path: options.path, headers, agent: false });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        request.destroy(); // stop sending whatever is left of the body
        resolve({ status: response.statusCode ?? 0, body, millis: Date.now() - started });
      });
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < total && !answered && !request.destroyed) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!request.destroyed) request.end();
    };
    pump();
  });
}

async function expectHealthy(baseURL: string | undefined): Promise<void> {
  const health = await rawRequest(baseURL, { method: "GET", path: "/api/trpc/health.ping" });
  expect(health.status).toBe(200);
}

test.describe("request body limit", () => {
  test("a 100 MB graphs.compile with Content-Length gets a quick 413, and the server still answers", async ({
    baseURL,
  }) => {
    // Signed in (a signed-out caller is refused 401 before its body is read at all).
    const response = await rawRequest(baseURL, {
      method: "POST",
      path: "/api/trpc/graphs.compile",
      headers: { cookie: ownerCookieHeader() },
      bodyBytes: 100 * 1024 * 1024,
    });

    expect(response.status).toBe(413);
    const body = JSON.parse(response.body) as { error: { message: string; data: { code: string } } };
    expect(body.error.data.code).toBe("PAYLOAD_TOO_LARGE");
    expect(body.error.message).toContain("over the limit of 5.1 MB");
    expect(response.millis).toBeLessThan(10_000);
    await expectHealthy(baseURL);
  });

  test("a chunked 100 MB graphs.compile without Content-Length is cut off with a 413", async ({ baseURL }) => {
    const response = await rawRequest(baseURL, {
      method: "POST",
      path: "/api/trpc/graphs.compile",
      headers: { cookie: ownerCookieHeader() },
      bodyBytes: 100 * 1024 * 1024,
      chunked: true,
    });

    expect(response.status).toBe(413);
    expect(response.body).toContain("larger than the limit of 5.1 MB");
    expect(response.millis).toBeLessThan(10_000);
    await expectHealthy(baseURL);
  });
});

test("a signed-out 100 MB graphs.compile is refused UNAUTHORIZED without reading the body", async ({ baseURL }) => {
  const response = await rawRequest(baseURL, {
    method: "POST",
    path: "/api/trpc/graphs.compile",
    bodyBytes: 100 * 1024 * 1024,
  });
  expect(response.status).toBe(401);
  expect(JSON.parse(response.body)).toMatchObject({ error: { data: { code: "UNAUTHORIZED" } } });
  expect(response.millis).toBeLessThan(10_000);
  await expectHealthy(baseURL);
});

test.describe("host names", () => {
  test("a request for another host name (DNS rebinding) is refused with a sentence naming it", async ({ baseURL }) => {
    for (const path of ["/api/trpc/health.ping", "/graphs"]) {
      const response = await rawRequest(baseURL, { method: "GET", path, headers: { host: "evil.example" } });
      expect(response.status, path).toBe(421);
      expect(response.body).toContain('"evil.example"');
      expect(response.body).toContain("AGS_ALLOWED_HOSTS");
    }
  });

  test("localhost and 127.0.0.1 are answered on the server's port", async ({ baseURL }) => {
    const { port } = serverAddress(baseURL);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      const response = await rawRequest(baseURL, { method: "GET", path: "/api/trpc/health.ping", headers: { host } });
      expect(response.status, host).toBe(200);
    }
  });
});
