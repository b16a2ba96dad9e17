import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { ToolRunContext } from "@/core/runtime/ports";
import { callerFor, resetWorld } from "@/server/api/testing/api-fixtures";
import { setupTestDatabase } from "@/server/db/test-db";
import { workspaceTools } from "@/server/runs/worker/workspace-tools";

import { startLocalHttpServer, type LocalHttpServer } from "../testing/local-http-server";

const db = setupTestDatabase();
const api = () => callerFor(db.prisma);

const SECRET = "sk-live-abcdef123456";
let server: LocalHttpServer;
let workspaceId: string;
/** Bytes the /huge route managed to write before the client stopped reading. */
let hugeWritten = 0;

function context(signal = new AbortController().signal): ToolRunContext {
  return { runId: "r", conversationId: "c", agentId: "a", agentPath: "main", workspaceId, signal };
}

async function runTool(name: string, args: unknown, signal?: AbortSignal): Promise<string> {
  const tools = await workspaceTools(db.prisma, workspaceId);
  try {
    return await tools.runner!.run(
      { callId: "call-1", name, args, rawArguments: JSON.stringify(args) },
      context(signal),
    );
  } finally {
    await tools.close();
  }
}

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return (error as Error).message;
}

beforeAll(async () => {
  server = await startLocalHttpServer(async (req, res) => {
    const url = new URL(req.url, "http://x");
    if (url.pathname.startsWith("/weather/")) {
      res.setHeader("content-type", "application/json");
      return res.end(
        JSON.stringify({
          city: decodeURIComponent(url.pathname.slice(9)),
          units: url.searchParams.get("units"),
          auth: req.headers.authorization,
        }),
      );
    }
    if (url.pathname === "/notes") {
      res.statusCode = 201;
      res.setHeader("content-type", "application/json");
      return res.end(JSON.stringify({ received: JSON.parse(req.body) }));
    }
    if (url.pathname === "/slow") return; // never answers
    if (url.pathname === "/huge") {
      // 50 MB in 64 KB chunks, written as fast as the client reads; stops when the client goes away.
      res.setHeader("content-type", "application/octet-stream");
      const chunk = Buffer.alloc(65_536, 120);
      let sent = 0;
      hugeWritten = 0;
      const write = () => {
        while (sent < 50 * 1_048_576) {
          sent += chunk.length;
          hugeWritten += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", write);
        }
        res.end();
      };
      res.on("close", () => (sent = Infinity));
      return write();
    }
    if (url.pathname === "/redirect-out") {
      res.writeHead(302, { location: "http://127.0.0.1:9/elsewhere" });
      return res.end();
    }
    if (url.pathname === "/missing") {
      res.statusCode = 404;
      res.setHeader("content-type", "application/json");
      return res.end(JSON.stringify({ error: "no such item" }));
    }
    res.statusCode = 500;
    res.end("unexpected");
  });
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  await resetWorld(db.prisma);
  workspaceId = (await db.prisma.workspace.findFirstOrThrow({ where: { slug: "default" } })).id;
  await api().secrets.set({ name: "WEATHER_KEY", value: SECRET });
  await api().allowedHosts.add({ host: server.host });
});

async function addTool(over: Record<string, unknown>) {
  return api().httpTools.create({
    name: "get_weather",
    method: "GET",
    urlTemplate: `${server.origin}/weather/{{city}}`,
    parameters: {
      type: "object",
      properties: { city: { type: "string" }, units: { type: "string" } },
      required: ["city"],
    },
    headers: [{ name: "Authorization", value: "Bearer {{secrets.WEATHER_KEY}}" }],
    ...over,
  });
}

describe("the HTTP tool source", () => {
  it("serves nothing when the workspace has no HTTP tools", async () => {
    const tools = await workspaceTools(db.prisma, workspaceId);
    expect(tools.runner).toBeUndefined();
    expect(tools.secrets).toEqual([]);
  });

  it("fills the URL, sends other arguments as query, puts the secret in the header, and returns pretty JSON", async () => {
    await addTool({});
    const tools = await workspaceTools(db.prisma, workspaceId);
    expect(tools.secrets).toEqual([SECRET]);
    expect(tools.runner!.spec("get_weather")).toMatchObject({
      name: "get_weather",
      parameters: { required: ["city"] },
    });
    expect(tools.runner!.spec("calculator")).toBeNull();

    const text = await runTool("get_weather", { city: "São Paulo/Centro", units: "metric" });
    expect(text).toBe(
      `HTTP 200 OK\n\n${JSON.stringify({ city: "São Paulo/Centro", units: "metric", auth: `Bearer ${SECRET}` }, null, 2)}`,
    );
    expect(server.requests.at(-1)!.url).toBe("/weather/S%C3%A3o%20Paulo%2FCentro?units=metric");
  });

  it("refuses arguments the parameters schema does not allow, naming path and problem, with no request sent", async () => {
    await addTool({
      parameters: {
        type: "object",
        properties: {
          city: { type: "string", minLength: 2 },
          units: { enum: ["metric", "imperial"] },
          days: { type: "integer", maximum: 10 },
        },
        required: ["city"],
        additionalProperties: false,
      },
    });
    const sent = server.requests.length;
    expect(await failure(runTool("get_weather", { city: "Oslo", units: "kelvin", days: 14, hours: 3 }))).toBe(
      'get_weather was not called: its arguments do not match its parameters schema: arguments.hours is not a parameter of this tool; arguments.days must be <= 10; arguments.units must be one of "metric", "imperial". Call it again with arguments that match the schema.',
    );
    expect(await failure(runTool("get_weather", { units: "metric" }))).toContain("arguments.city is required");
    expect(server.requests.length).toBe(sent);
    expect(await runTool("get_weather", { city: "Oslo", days: 3 })).toMatch(/^HTTP 200 OK/);
    expect(server.requests.length).toBe(sent + 1);
  });

  it("sends unused arguments as a JSON body on POST", async () => {
    await addTool({
      name: "add_note",
      method: "POST",
      urlTemplate: `${server.origin}/notes`,
      parameters: { type: "object" },
      headers: [],
    });
    const text = await runTool("add_note", { title: "hi", tags: ["a"] });
    expect(text).toContain("HTTP 201 Created");
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({ title: "hi", tags: ["a"] });
    expect(server.requests.at(-1)!.headers["content-type"]).toBe("application/json");
  });

  it("reports a non-2xx answer as an error in words", async () => {
    await addTool({
      name: "get_item",
      urlTemplate: `${server.origin}/missing`,
      parameters: { type: "object" },
      headers: [],
    });
    expect(await failure(runTool("get_item", {}))).toBe(
      `get_item: GET ${server.origin}/missing answered HTTP 404 Not Found: {\n  "error": "no such item"\n}`,
    );
  });

  it("gives up at the tool's timeout", async () => {
    await addTool({
      name: "slow",
      urlTemplate: `${server.origin}/slow`,
      parameters: { type: "object" },
      headers: [],
      timeoutMs: 300,
    });
    const started = Date.now();
    expect(await failure(runTool("slow", {}))).toBe(
      `slow: ${server.origin}/slow did not answer within the tool's timeout of 300 ms.`,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("cuts a 50 MB answer at the tool's 1 MB limit without reading the rest", async () => {
    await addTool({ name: "huge", urlTemplate: `${server.origin}/huge`, parameters: { type: "object" }, headers: [] });
    const started = Date.now();
    expect(await failure(runTool("huge", {}))).toBe("The response exceeded the tool's 1 MB limit (huge).");
    expect(Date.now() - started).toBeLessThan(5_000);
    // Socket buffers hold some megabytes at most; nowhere near the 50 MB offered.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hugeWritten).toBeLessThan(20 * 1_048_576);
  });

  it("refuses a redirect to an address that is not allowed", async () => {
    await addTool({
      name: "redirecting",
      urlTemplate: `${server.origin}/redirect-out`,
      parameters: { type: "object" },
      headers: [],
    });
    expect(await failure(runTool("redirecting", {}))).toBe(
      "http://127.0.0.1:9/elsewhere resolves to 127.0.0.1, a loopback address: tools may not call it unless an owner allows the host in Settings → Tools.",
    );
  });

  it("refuses the cloud metadata address", async () => {
    await addTool({
      name: "metadata",
      urlTemplate: "http://169.254.169.254/latest/meta-data/",
      parameters: { type: "object" },
      headers: [],
    });
    expect(await failure(runTool("metadata", {}))).toBe(
      "http://169.254.169.254/latest/meta-data/ resolves to 169.254.169.254, a cloud metadata address: tools may not call it unless an owner allows the host in Settings → Tools.",
    );
  });

  it("refuses the server's own host once its exception is removed", async () => {
    await addTool({});
    await api().allowedHosts.remove({ host: server.host });
    expect(await failure(runTool("get_weather", { city: "Oslo" }))).toContain("a loopback address");
  });

  it("stops when the run is cancelled", async () => {
    await addTool({ name: "slow", urlTemplate: `${server.origin}/slow`, parameters: { type: "object" }, headers: [] });
    const controller = new AbortController();
    const pending = runTool("slow", {}, controller.signal);
    setTimeout(() => controller.abort(new Error("run cancelled")), 100);
    expect(await failure(pending)).toBe("run cancelled");
  });
});
