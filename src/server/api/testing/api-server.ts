/**
 * The app router on a real Node HTTP server (127.0.0.1, a free port),
 * answered exactly as the Next route answers it (body limit, tRPC fetch
 * adapter), for tests that need real HTTP: SSE streams, a second server
 * process. No Next involved.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

import { fetchRequestHandler } from "@trpc/server/adapters/fetch";

import type { PrismaClient } from "@/generated/prisma/client";
import { appRouter } from "@/server/api/root";
import { testContext } from "@/server/api/testing/test-context";
import { limitRequestBody } from "@/server/http/body-limit";
import type { RunEventHub } from "@/server/runs/live/run-event-hub";

/** A running test server. */
export interface ApiServer {
  /** e.g. `http://127.0.0.1:41234/api/trpc` */
  url: string;
  /** Cuts every open connection (streams included) while the server keeps listening. */
  dropConnections(): void;
  close(): Promise<void>;
}

function toRequest(req: http.IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    signal,
    ...(hasBody && { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: "half" }),
  } as RequestInit);
}

/** Serves the app router on the given database and live hub. */
export async function startApiServer(options: { prisma: PrismaClient; hub: RunEventHub }): Promise<ApiServer> {
  let origin = "";
  const server = http.createServer((req, res) => {
    const abort = new AbortController();
    res.on("close", () => abort.abort());
    void (async () => {
      const request = limitRequestBody(toRequest(req, origin, abort.signal));
      const response = await fetchRequestHandler({
        endpoint: "/api/trpc",
        req: request,
        router: appRouter,
        createContext: () => ({
          ...testContext(options.prisma, undefined, request.headers),
          getRunEvents: () => options.hub,
        }),
      });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.flushHeaders();
      if (response.body) await pipeline(Readable.fromWeb(response.body as never), res);
      else res.end();
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/api/trpc`,
    dropConnections: () => server.closeAllConnections(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
