/**
 * A worker run whose scripted agent calls a workspace HTTP tool: the call
 * goes to a real local server (allowed for the workspace) with the secret in
 * its header, the result reaches the agent, the TOOL_CALL is traced like any
 * tool, and the secret appears in no stored row even though the server
 * echoes it back.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { compile } from "@/core/compiler";
import { setupTestDatabase } from "@/server/db/test-db";
import { AllowedHostService } from "@/server/tools/allowed-hosts";
import { HttpToolService } from "@/server/tools/http/http-tool-service";
import { WorkspaceSecretService } from "@/server/tools/secrets/workspace-secrets";
import { startLocalHttpServer, type LocalHttpServer } from "@/server/tools/testing/local-http-server";
import { knownToolsOf } from "@/server/tools/tool-catalog";

import { REDACTED } from "./redact-secrets";
import { type RunWorker, startRunWorker } from "./start-run-worker";
import { createGraph, createRun, isFinal, singleAgentDocument, storedEvents, waitForRun } from "./testing/run-fixtures";

const SECRET = "wx-secret-7c1d9e0f2a";
const db = setupTestDatabase({ queue: true });
let pool: pg.Pool;
let server: LocalHttpServer;
let worker: RunWorker;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: db.connectionString, max: 4 });
  pool.on("error", () => {});
  server = await startLocalHttpServer((req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(
      JSON.stringify({
        city: decodeURIComponent(req.url.split("/").pop()!),
        tempC: 7,
        echoedKey: req.headers["x-api-key"],
      }),
    );
  });
  worker = await startRunWorker({
    connectionString: db.connectionString,
    concurrency: 1,
    env: {},
    logger: { info() {}, warn() {}, error() {} },
  });
});

afterAll(async () => {
  await worker?.stop();
  await server?.close();
  await pool?.end();
});

async function dump(table: string, where: string, value: string): Promise<string[]> {
  const { rows } = await pool.query<{ row: string }>(
    `SELECT row_to_json(t)::text AS row FROM ${table} t WHERE ${where}`,
    [value],
  );
  return rows.map((row) => row.row);
}

/** An owner (`email`) allows the local fake server's host in the workspace: tools may call 127.0.0.1 then. */
async function allowFakeServer(workspaceId: string, email: string) {
  const owner = await db.prisma.user.create({ data: { email, name: "O" } });
  await new AllowedHostService(db.prisma, workspaceId).add(server.host, owner.id);
}

describe("a run calling an HTTP tool", () => {
  it("calls the tool through the worker, traces it, and stores no secret", async () => {
    const graph = await createGraph(db.prisma);
    await new WorkspaceSecretService(db.prisma, graph.workspaceId).set("WEATHER_KEY", SECRET);
    await allowFakeServer(graph.workspaceId, "o@x.test");
    await new HttpToolService(db.prisma, graph.workspaceId).create({
      name: "get_weather",
      description: "Current weather for a city",
      method: "GET",
      urlTemplate: `${server.origin}/weather/{{city}}`,
      parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      headers: [{ name: "X-Api-Key", value: "{{secrets.WEATHER_KEY}}" }],
      timeoutMs: 5_000,
      maxResponseBytes: 65_536,
    });

    const document = singleAgentDocument([
      {
        provider: "scripted",
        model: "script",
        script: {
          turns: [
            { kind: "tool_calls", calls: [{ tool: "get_weather", args: { city: "Oslo" } }] },
            { kind: "text", text: "Tool said: {{lastToolResult}}" },
          ],
        },
      },
    ]);
    (document.agents as { tools: string[] }[])[0]!.tools = ["get_weather"];
    const { definition, diagnostics } = compile(document, {
      knownTools: await knownToolsOf(db.prisma, graph.workspaceId),
    });
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const { runId, conversationId } = await createRun(db.prisma, pool, graph, {
      definition: definition!,
      input: "Weather in Oslo?",
    });

    const run = await waitForRun(pool, runId, isFinal);

    expect(run.status).toBe("completed");
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.url).toBe("/weather/Oslo");
    expect(server.requests[0]!.headers["x-api-key"]).toBe(SECRET);
    expect(run.output).toContain('"tempC": 7');
    expect(run.output).toContain(`"echoedKey": "${REDACTED}"`);

    const events = await storedEvents(pool, runId);
    const start = events.find((e) => e.type === "TOOL_CALL_START");
    const end = events.find((e) => e.type === "TOOL_CALL_END");
    expect(start).toMatchObject({ tool: "get_weather", kind: "external", arguments: JSON.stringify({ city: "Oslo" }) });
    expect(end).toMatchObject({ tool: "get_weather", isError: false });
    expect(end && "output" in end ? end.output : "").toMatch(/^HTTP 200 OK\n\n\{\n {2}"city": "Oslo"/);
    const spans = await dump("run_spans", "t.run_id = $1", runId);
    expect(spans.some((row) => row.includes('"TOOL_CALL"') && row.includes("get_weather"))).toBe(true);

    const stored = [
      ...(await dump("runs", "t.id = $1", runId)),
      ...(await dump("run_events", "t.run_id = $1", runId)),
      ...spans,
      ...(await dump("agent_sessions", "t.conversation_id = $1", conversationId)),
      ...(await dump(
        "session_messages",
        "t.session_key IN (SELECT key FROM agent_sessions WHERE conversation_id = $1)",
        conversationId,
      )),
    ];
    for (const row of stored) expect(row).not.toContain(SECRET);
  });

  it("answers a call with arguments the tool's schema refuses with an error the model and the trace read, and sends nothing", async () => {
    const graph = await createGraph(db.prisma);
    await allowFakeServer(graph.workspaceId, "o2@x.test");
    await new HttpToolService(db.prisma, graph.workspaceId).create({
      name: "get_forecast",
      description: "Forecast for a city",
      method: "GET",
      urlTemplate: `${server.origin}/weather/{{city}}`,
      parameters: {
        type: "object",
        properties: { city: { type: "string" }, days: { type: "integer", minimum: 1, maximum: 10 } },
        required: ["city"],
        additionalProperties: false,
      },
      headers: [],
      timeoutMs: 5_000,
      maxResponseBytes: 65_536,
    });
    const document = singleAgentDocument([
      {
        provider: "scripted",
        model: "script",
        script: {
          turns: [
            { kind: "tool_calls", calls: [{ tool: "get_forecast", args: { city: "Oslo", days: 14 } }] },
            { kind: "text", text: "Tool said: {{lastToolResult}}" },
          ],
        },
      },
    ]);
    (document.agents as { tools: string[] }[])[0]!.tools = ["get_forecast"];
    const { definition } = compile(document, { knownTools: await knownToolsOf(db.prisma, graph.workspaceId) });
    const sent = server.requests.length;
    const { runId } = await createRun(db.prisma, pool, graph, { definition: definition!, input: "Forecast?" });

    const run = await waitForRun(pool, runId, isFinal);

    const message =
      "get_forecast was not called: its arguments do not match its parameters schema: arguments.days must be <= 10. Call it again with arguments that match the schema.";
    expect(run.status).toBe("completed");
    expect(server.requests.length).toBe(sent);
    // The model read the error as the tool result (its script echoes the last tool result).
    expect(run.output).toBe(`Tool said: error: ${message}`);
    const events = await storedEvents(pool, runId);
    expect(events.find((e) => e.type === "TOOL_CALL_END")).toMatchObject({
      tool: "get_forecast",
      isError: true,
      output: `error: ${message}`,
    });
    const spans = await dump("run_spans", "t.run_id = $1", runId);
    expect(spans.some((row) => row.includes('"TOOL_CALL"') && row.includes("arguments.days must be <= 10"))).toBe(true);
  });
});
