import { beforeAll, describe, expect, it } from "vitest";

import { resetWorld } from "@/server/api/testing/api-fixtures";
import { testContext } from "@/server/api/testing/test-context";
import { setupTestDatabase } from "@/server/db/test-db";
import { MAX_REQUEST_BODY_BYTES } from "@/server/http/body-limit";
import { createTrpcHandler } from "@/server/http/trpc-handler";

const db = setupTestDatabase();
// The route's handler, called as the local owner of the default workspace.
const POST = createTrpcHandler((req) => testContext(db.prisma, undefined, req.headers));

beforeAll(async () => {
  await resetWorld(db.prisma);
});

const URL_BASE = "http://localhost/api/trpc";

interface ErrorBody {
  error: { message: string; data: { code: string; httpStatus: number; path?: string } };
}

/** A body streamed in 64 KB chunks without a Content-Length, counting what was pulled. */
function chunkedBody(totalBytes: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

async function post(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  const response = await POST(
    new Request(`${URL_BASE}/${path}`, {
      ...init,
      method: "POST",
      headers: { "content-type": "application/json", ...(init.headers as Record<string, string> | undefined) },
    }),
  );
  return { status: response.status, body: await response.json() };
}

describe("POST /api/trpc body limit", () => {
  it("refuses a declared Content-Length over the limit with a tRPC-shaped 413", async () => {
    const { stream, pulled } = chunkedBody(100 * 1024 * 1024);
    const { status, body } = await post("graphs.compile", {
      body: stream,
      headers: { "content-length": String(100 * 1024 * 1024) },
      duplex: "half",
    } as RequestInit);

    expect(status).toBe(413);
    const { error } = body as ErrorBody;
    expect(error.data).toMatchObject({ code: "PAYLOAD_TOO_LARGE", httpStatus: 413, path: "graphs.compile" });
    expect(error.message).toMatch(/request body is 100\.0 MB, over the limit of 5\.1 MB/);
    expect(pulled()).toBeLessThanOrEqual(2 * 64 * 1024); // not read
  });

  it("cuts off a chunked body as soon as it passes the limit", async () => {
    const { stream, pulled } = chunkedBody(100 * 1024 * 1024);
    const { status, body } = await post("graphs.compile", { body: stream, duplex: "half" } as RequestInit);

    expect(status).toBe(413);
    expect((body as ErrorBody).error.message).toMatch(/larger than the limit of 5\.1 MB/);
    expect(pulled()).toBeLessThan(MAX_REQUEST_BODY_BYTES + 4 * 64 * 1024);
  });

  it("refuses each call of an over-large batch in the batch's shape", async () => {
    const { stream } = chunkedBody(20 * 1024 * 1024);
    const { status, body } = await post("graphs.compile,graphs.compile?batch=1", {
      body: stream,
      duplex: "half",
    } as RequestInit);

    expect(status).toBe(413);
    expect(body).toEqual([
      expect.objectContaining({
        error: expect.objectContaining({ data: expect.objectContaining({ httpStatus: 413 }) }),
      }),
      expect.objectContaining({
        error: expect.objectContaining({ data: expect.objectContaining({ httpStatus: 413 }) }),
      }),
    ]);
  });

  it("still compiles a document just under the document limit", async () => {
    const padding = "x".repeat(4 * 1024 * 1024);
    const document = { schemaVersion: 1, name: "big", description: padding, agents: [], handoffs: [] };
    const { status, body } = await post("graphs.compile", { body: JSON.stringify({ document }) });

    expect(status).toBe(200);
    expect(body).toMatchObject({ result: { data: { diagnostics: expect.any(Array) } } });
  });
});

describe("POST /api/trpc validation errors", () => {
  it("answers a missing field with one sentence naming its path, not zod's JSON", async () => {
    const { status, body } = await post("graphs.compile", { body: JSON.stringify({ documnet: {} }) });

    expect(status).toBe(400);
    const { error } = body as ErrorBody;
    expect(error.message).toBe("input.document: required field is missing.");
    expect(error.data.code).toBe("BAD_REQUEST");
  });

  it("answers input of the wrong type the same way", async () => {
    const { status, body } = await post("graphs.compile", { body: JSON.stringify(42) });

    expect(status).toBe(400);
    expect((body as ErrorBody).error.message).toBe("input: Invalid input: expected object, received number.");
  });
});
