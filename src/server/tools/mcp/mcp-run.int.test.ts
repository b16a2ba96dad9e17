/**
 * Runs whose scripted agent calls MCP tools, on a real worker: the call goes
 * through the runtime's tool port to server-everything over stdio and is
 * traced like any tool; the server's secret never reaches a stored row; the
 * server's process ends with the run. A server that never answers makes a
 * clean tool error in words and the run still ends.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { buildTrace } from "@/core/trace";
import { setupTestDatabase } from "@/server/db/test-db";
import { REDACTED } from "@/server/runs/worker/redact-secrets";
import { type RunWorker, startRunWorker } from "@/server/runs/worker/start-run-worker";
import {
  compileDocument,
  createGraph,
  createRun,
  isFinal,
  storedEvents,
  waitForRun,
} from "@/server/runs/worker/testing/run-fixtures";
import { McpServerService } from "@/server/services/mcp-servers";
import { everythingStdio, processesWith, silentStdio } from "./testing/everything-server";

const db = setupTestDatabase({ queue: true });
const SECRET = "mcp-env-secret-3b7e91";
let pool: pg.Pool;
let worker: RunWorker;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: db.connectionString, max: 4 });
  pool.on("error", () => {});
  worker = await startRunWorker({
    connectionString: db.connectionString,
    concurrency: 2,
    env: {},
    logger: { info() {}, warn() {}, error() {} },
  });
});

afterAll(async () => {
  await worker?.stop();
  await pool?.end();
});

/** A one-agent graph whose scripted model calls `calls` (catalog tool names) in one turn, then answers. */
function documentCalling(calls: { tool: string; args: Record<string, unknown> }[]) {
  return {
    schemaVersion: 1,
    name: "MCP caller",
    rootAgentId: "main",
    tools: calls.map((call) => ({ name: call.tool, kind: "mcp" })),
    agents: [
      {
        id: "main",
        name: "Main",
        instructions: "Use the tools.",
        tools: calls.map((call) => call.tool),
        maxSteps: 4,
        modelChain: [
          {
            provider: "scripted",
            model: "mcp-caller",
            script: {
              turns: [
                { kind: "tool_calls", calls },
                { kind: "text", text: "Tool said: {{lastToolResult}}" },
              ],
            },
          },
        ],
      },
    ],
  };
}

async function waitUntil(test: () => boolean, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !test()) await new Promise((resolve) => setTimeout(resolve, 50));
  return test();
}

describe("a run calling MCP tools", () => {
  it("calls echo over stdio through the tool port, traces it and closes the server at run end", async () => {
    const graph = await createGraph(db.prisma);
    const marker = `ags-run-${randomUUID()}`;
    const { command, args } = everythingStdio();
    const service = new McpServerService(db.prisma, graph.workspaceId);
    const server = await service.create({
      name: "everything",
      transport: "stdio",
      command,
      args: [...args, marker],
      env: [{ name: "API_TOKEN", value: SECRET }],
      timeoutMs: 15_000,
    });
    expect((await service.refresh(server.id)).ok).toBe(true);
    await service.setEnabledTools(server.id, ["echo", "get-env"]);

    const definition = compileDocument(
      documentCalling([
        { tool: "everything__echo", args: { message: "from the agent" } },
        { tool: "everything__get-env", args: {} },
      ]),
    );
    const { runId } = await createRun(db.prisma, pool, graph, { definition, input: "go" });
    const run = await waitForRun(pool, runId, isFinal);
    expect(run.status).toBe("completed");

    const events = await storedEvents(pool, runId);
    const starts = events.filter((event) => event.type === "TOOL_CALL_START");
    expect(starts.map((event) => event.type === "TOOL_CALL_START" && [event.tool, event.kind])).toEqual([
      ["everything__echo", "external"],
      ["everything__get-env", "external"],
    ]);
    const ends = events.flatMap((event) => (event.type === "TOOL_CALL_END" ? [event] : []));
    const echo = ends.find((event) => event.tool === "everything__echo")!;
    expect(echo).toMatchObject({ output: "Echo: from the agent", isError: false });
    // get-env returns the server's environment: the variable is there, masked in what is stored.
    const env = ends.find((event) => event.tool === "everything__get-env")!;
    expect(env.isError).toBe(false);
    expect(env.output).toContain(`"API_TOKEN": "${REDACTED}"`);

    const trace = buildTrace(events);
    expect(trace.problems).toEqual([]);
    const toolSpans = [...trace.spans.values()].filter((span) => span.kind === "TOOL_CALL");
    expect(toolSpans.map((span) => span.name).sort()).toEqual(["everything__echo", "everything__get-env"]);
    expect(toolSpans.every((span) => span.status !== "running")).toBe(true);

    const { rows } = await pool.query<{ row: string }>(
      `SELECT row_to_json(t)::text AS row FROM run_events t WHERE run_id = $1
       UNION ALL SELECT row_to_json(t)::text FROM run_spans t WHERE run_id = $1
       UNION ALL SELECT row_to_json(t)::text FROM runs t WHERE id = $1
       UNION ALL SELECT row_to_json(t)::text FROM mcp_servers t`,
      [runId],
    );
    expect(rows.map((r) => r.row).join("\n")).not.toContain(SECRET);

    // The run's connection is closed when it ends: the server's process is gone.
    expect(await waitUntil(() => processesWith(marker).length === 0)).toBe(true);
  });

  it("turns a server that never answers into a tool error in words; the run ends and nothing is left running", async () => {
    const graph = await createGraph(db.prisma);
    const marker = `ags-silent-run-${randomUUID()}`;
    // List the tools from the real server, then point the row at a command that never answers.
    const service = new McpServerService(db.prisma, graph.workspaceId);
    const { command, args } = everythingStdio();
    const server = await service.create({
      name: "stuck",
      transport: "stdio",
      command,
      args,
      env: [],
      timeoutMs: 15_000,
    });
    expect((await service.refresh(server.id)).ok).toBe(true);
    await service.setEnabledTools(server.id, ["echo"]);
    const silent = silentStdio(marker);
    await service.update(server.id, { name: "stuck", transport: "stdio", ...silent, env: [], timeoutMs: 1000 });

    const definition = compileDocument(documentCalling([{ tool: "stuck__echo", args: { message: "hello?" } }]));
    const { runId } = await createRun(db.prisma, pool, graph, { definition, input: "go" });
    const run = await waitForRun(pool, runId, isFinal, 30_000);
    expect(run.status).toBe("completed");
    expect(run.output).toBe('Tool said: error: MCP server "stuck" did not answer within 1 s');

    const events = await storedEvents(pool, runId);
    const end = events.find((event) => event.type === "TOOL_CALL_END");
    expect(end).toMatchObject({
      tool: "stuck__echo",
      isError: true,
      output: 'error: MCP server "stuck" did not answer within 1 s',
    });
    const { rows } = await pool.query(
      "SELECT count(*)::int AS n FROM run_spans WHERE run_id = $1 AND status = 'running'",
      [runId],
    );
    expect(rows[0].n).toBe(0);
    expect(await waitUntil(() => processesWith(marker).length === 0)).toBe(true);
  });
});
