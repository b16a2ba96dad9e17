/**
 * A run against a real HTTP provider (the fake OpenAI-compatible server) with
 * a key from the worker's environment: the key reaches the provider and
 * appears in no stored row, even when the provider echoes it back.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "@/server/db/test-db";
import { type FakeOpenAIServer, startFakeOpenAIServer } from "@/server/models/testing/fake-openai-server";
import { REDACTED } from "./redact-secrets";
import { type RunWorker, startRunWorker } from "./start-run-worker";
import {
  compileDocument,
  createGraph,
  createRun,
  isFinal,
  singleAgentDocument,
  storedEvents,
  waitForRun,
} from "./testing/run-fixtures";

const KEY = "sk-compat-test-5f1c2a9e7b3d";
const db = setupTestDatabase({ queue: true });
let pool: pg.Pool;
let fake: FakeOpenAIServer;
let worker: RunWorker;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: db.connectionString, max: 4 });
  // Idle clients are cut when the test server stops: not an error of the code under test.
  pool.on("error", () => {});
  fake = await startFakeOpenAIServer();
  worker = await startRunWorker({
    connectionString: db.connectionString,
    concurrency: 2,
    env: { OPENAI_COMPATIBLE_BASE_URL: fake.baseURL, OPENAI_COMPATIBLE_API_KEY: KEY },
    logger: { info() {}, warn() {}, error() {} },
  });
});

afterAll(async () => {
  await worker?.stop();
  await fake?.close();
  await pool?.end();
});

/** Every row of `table` (restricted by `where`) as JSON text. */
async function dump(table: string, where: string, value: string): Promise<string[]> {
  const { rows } = await pool.query<{ row: string }>(
    `SELECT row_to_json(t)::text AS row FROM ${table} t WHERE ${where}`,
    [value],
  );
  return rows.map((row) => row.row);
}

describe("provider keys from the environment", () => {
  it("are sent to the provider and never stored", async () => {
    // The provider first fails with the key in its message (retried), then answers with it.
    fake.enqueue(
      { kind: "error", status: 500, message: `upstream rejected key ${KEY}` },
      { kind: "text", text: `Your key is ${KEY}, keep it safe.` },
    );
    const definition = compileDocument(
      singleAgentDocument([{ provider: "openai-compatible", model: "fake-model", retries: 1 }]),
    );
    const graph = await createGraph(db.prisma);
    const { runId, conversationId } = await createRun(db.prisma, pool, graph, { definition, input: "What is my key?" });

    const run = await waitForRun(pool, runId, isFinal);

    expect(run.status).toBe("completed");
    expect(fake.requests.length).toBe(2);
    for (const request of fake.requests) expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(run.output).toBe(`Your key is ${REDACTED}, keep it safe.`);
    const events = await storedEvents(pool, runId);
    expect(JSON.stringify(events)).toContain(REDACTED); // the failed attempt's error, the answer
    const stored = [
      ...(await dump("runs", "t.id = $1", runId)),
      ...(await dump("run_events", "t.run_id = $1", runId)),
      ...(await dump("run_spans", "t.run_id = $1", runId)),
      ...(await dump("background_tasks", "t.run_id = $1", runId)),
      ...(await dump("agent_sessions", "t.conversation_id = $1", conversationId)),
      ...(await dump(
        "session_messages",
        "t.session_key IN (SELECT key FROM agent_sessions WHERE conversation_id = $1)",
        conversationId,
      )),
    ];
    expect(stored.some((row) => row.includes("session_key"))).toBe(true); // the transcript was saved
    for (const row of stored) expect(row).not.toContain(KEY);
  });
});
