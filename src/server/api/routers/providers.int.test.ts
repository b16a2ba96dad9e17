/**
 * Model providers end to end on a real database: keys sealed at rest and in
 * no row or response, owner-only writes, "test connection" against a real
 * local HTTP server (connected, refused key, unreachable, timeout), bad
 * input refused, and runs that call the provider through the real worker.
 */
import pg from "pg";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { callerFor, resetWorld } from "@/server/api/testing/api-fixtures";
import { everyRow } from "@/server/api/testing/every-row";
import { setupTestDatabase } from "@/server/db/test-db";
import { type FakeOpenAIServer, startFakeOpenAIServer } from "@/server/models/testing/fake-openai-server";
import { REDACTED } from "@/server/runs/worker/redact-secrets";
import { type RunWorker, startRunWorker } from "@/server/runs/worker/start-run-worker";
import { isFinal, waitForRun } from "@/server/runs/worker/testing/run-fixtures";
import { ProviderService } from "@/server/services/providers";

const KEY = "sk-compat-providers-9d41c07be2a8";
const OTHER_KEY = "sk-other-workspace-55aa17f3c9e0";
const db = setupTestDatabase({ queue: true });
let fake: FakeOpenAIServer;
let pool: pg.Pool;
let worker: RunWorker;
let workspaceId: string;
let otherWorkspaceId: string;
let editorId: string;
let viewerId: string;
let otherOwnerId: string;

const owner = () => callerFor(db.prisma);
const asMember = (userId: string) => callerFor(db.prisma, { userId, workspaceId });

/** Runs `call`, expecting a TRPCError with `code` (and a message matching `message`); returns it. */
async function refused(call: Promise<unknown>, code: TRPCError["code"], message?: RegExp): Promise<TRPCError> {
  const error = await call.then(
    (value) => {
      throw new Error(`expected ${code}, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(TRPCError);
  expect((error as TRPCError).code, (error as TRPCError).message).toBe(code);
  if (message) expect((error as TRPCError).message).toMatch(message);
  return error as TRPCError;
}

async function member(email: string, role: "owner" | "editor" | "viewer", inWorkspace = workspaceId) {
  const user = await db.prisma.user.create({ data: { email, name: email.split("@")[0]! } });
  await db.prisma.membership.create({ data: { workspaceId: inWorkspace, userId: user.id, role } });
  return user.id;
}

beforeAll(async () => {
  await resetWorld(db.prisma);
  workspaceId = (await db.prisma.workspace.findFirstOrThrow({ where: { slug: { not: "other" } } })).id;
  otherWorkspaceId = (await db.prisma.workspace.findFirstOrThrow({ where: { slug: "other" } })).id;
  editorId = await member("editor@providers.test", "editor");
  viewerId = await member("viewer@providers.test", "viewer");
  otherOwnerId = await member("owner@other.test", "owner", otherWorkspaceId);
  fake = await startFakeOpenAIServer();
  pool = new pg.Pool({ connectionString: db.connectionString, max: 2 });
  pool.on("error", () => {});
  worker = await startRunWorker({
    connectionString: db.connectionString,
    concurrency: 1,
    env: {},
    logger: { info() {}, warn() {}, error() {} },
  });
});

afterAll(async () => {
  await worker?.stop();
  await fake?.close();
  await pool?.end();
});

beforeEach(async () => {
  fake.reset();
  await db.prisma.modelProvider.deleteMany({});
});

function compatible(name = "Local fake", apiKey: string | undefined = KEY) {
  return owner().providers.create({
    kind: "openai_compatible",
    name,
    baseUrl: fake.baseURL,
    ...(apiKey && { apiKey }),
  });
}

describe("providers: keys", () => {
  it("seals the key: the row holds no trace of it, responses show only its last four characters", async () => {
    const created = await compatible();
    expect(created).toMatchObject({ kind: "openai_compatible", hasKey: true, keyLast4: KEY.slice(-4) });
    expect(JSON.stringify(created)).not.toContain(KEY);
    const row = await db.prisma.modelProvider.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.keySealed).toMatch(/^v1:/);
    expect(row.keySealed).not.toContain(KEY);
    expect(row.keySealed).not.toContain(Buffer.from(KEY).toString("base64"));
    expect(row.keySealed).not.toContain(Buffer.from(KEY).toString("base64url"));
    const listed = await asMember(viewerId).providers.list();
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(KEY);
    expect(JSON.stringify(listed)).not.toContain(row.keySealed!);
    expect(Object.keys(listed[0]!).sort()).toEqual(
      ["id", "kind", "name", "baseUrl", "keyLast4", "hasKey", "models", "lastCheck", "createdAt", "updatedAt"].sort(),
    );
    expect(await everyRow(db.prisma, { withQueue: true })).not.toContain(KEY);
  });

  it("keeps the key when an update leaves it empty, replaces it when given, removes it on request", async () => {
    const created = await compatible();
    const sealed = (await db.prisma.modelProvider.findUniqueOrThrow({ where: { id: created.id } })).keySealed;
    const renamed = await owner().providers.update({ id: created.id, name: "Renamed", apiKey: "" });
    expect(renamed).toMatchObject({ name: "Renamed", hasKey: true, keyLast4: KEY.slice(-4) });
    expect((await db.prisma.modelProvider.findUniqueOrThrow({ where: { id: created.id } })).keySealed).toBe(sealed);

    const replaced = await owner().providers.update({ id: created.id, apiKey: "sk-replaced-key-0042" });
    expect(replaced.keyLast4).toBe("0042");
    const after = await db.prisma.modelProvider.findUniqueOrThrow({ where: { id: created.id } });
    expect(after.keySealed).not.toBe(sealed);
    expect(after.keySealed).not.toContain("sk-replaced-key-0042");

    const removed = await owner().providers.update({ id: created.id, removeKey: true });
    expect(removed).toMatchObject({ hasKey: false, keyLast4: null });
  });

  it("refuses a key for the wrong provider, with a key with spaces, and changes nothing", async () => {
    const before = await everyRow(db.prisma);
    await refused(
      owner().providers.create({ kind: "openai", name: "OpenAI", apiKey: "sk-ant-api03-abcdefghijklmnop" }),
      "BAD_REQUEST",
      /Anthropic key/,
    );
    await refused(
      owner().providers.create({ kind: "anthropic", name: "Claude", apiKey: "sk-proj-abcdefghijklmnop" }),
      "BAD_REQUEST",
      /looks like an OpenAI key/,
    );
    await refused(
      owner().providers.create({ kind: "openai", name: "OpenAI", apiKey: "sk-abc def ghijklmnop" }),
      "BAD_REQUEST",
      /spaces or line breaks/,
    );
    await refused(owner().providers.create({ kind: "openai", name: "OpenAI" }), "BAD_REQUEST", /needs an API key/);
    expect(await everyRow(db.prisma)).toBe(before);

    const created = await owner().providers.create({ kind: "openai", name: "OpenAI", apiKey: "sk-proj-good-key-1234" });
    const stored = await everyRow(db.prisma);
    await refused(
      owner().providers.update({ id: created.id, apiKey: "sk-ant-api03-abcdefghijklmnop" }),
      "BAD_REQUEST",
      /Anthropic key/,
    );
    await refused(owner().providers.update({ id: created.id, removeKey: true }), "BAD_REQUEST", /need a key/);
    expect(await everyRow(db.prisma)).toBe(stored);
  });
});

describe("providers: base URLs and names", () => {
  it.each([
    ["not a url", /is not a URL/],
    ["ftp://models.example.com/v1", /must start with http:\/\/ or https:\/\//],
    ["http://user:secret@127.0.0.1:11434/v1", /user name or password/],
    ["https://api.example.com/v1?api_key=abc", /must not carry a key in its query string/],
    ["https://api.example.com/v1?x=1", /must not have a query string/],
  ])("refuses the malformed base URL %s", async (baseUrl, message) => {
    const before = await everyRow(db.prisma);
    await refused(
      owner().providers.create({ kind: "openai_compatible", name: "Bad", baseUrl }),
      "BAD_REQUEST",
      message,
    );
    expect(await everyRow(db.prisma)).toBe(before);
  });

  it("needs a base URL for OpenAI-compatible providers, allows localhost, and trims trailing slashes", async () => {
    await refused(
      owner().providers.create({ kind: "openai_compatible", name: "No URL" }),
      "BAD_REQUEST",
      /need a base URL/,
    );
    const created = await owner().providers.create({
      kind: "openai_compatible",
      name: "Ollama",
      baseUrl: "http://localhost:11434/v1/",
    });
    expect(created).toMatchObject({ baseUrl: "http://localhost:11434/v1", hasKey: false });
  });

  it("refuses a second provider with the same name", async () => {
    await compatible("Twin");
    await refused(compatible("twin"), "CONFLICT", /already exists/);
    expect(await db.prisma.modelProvider.count()).toBe(1);
  });
});

describe("providers: access", () => {
  it("lets editors and viewers list, and only owners write or test", async () => {
    const created = await compatible();
    for (const userId of [editorId, viewerId]) {
      const caller = asMember(userId);
      expect(await caller.providers.list()).toHaveLength(1);
      const before = await everyRow(db.prisma);
      await refused(
        caller.providers.create({ kind: "openai_compatible", name: "X", baseUrl: fake.baseURL }),
        "FORBIDDEN",
      );
      await refused(caller.providers.update({ id: created.id, name: "X" }), "FORBIDDEN");
      await refused(caller.providers.delete({ id: created.id }), "FORBIDDEN");
      await refused(caller.providers.test({ id: created.id }), "FORBIDDEN");
      await refused(caller.providers.setModels({ id: created.id, models: ["m"] }), "FORBIDDEN");
      expect(await everyRow(db.prisma)).toBe(before);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it("shows and changes nothing of another workspace's providers", async () => {
    const created = await compatible();
    const other = callerFor(db.prisma, { userId: otherOwnerId, workspaceId: otherWorkspaceId });
    expect(await other.providers.list()).toEqual([]);
    await refused(other.providers.update({ id: created.id, name: "Mine" }), "NOT_FOUND");
    await refused(other.providers.test({ id: created.id }), "NOT_FOUND");
    await refused(other.providers.setModels({ id: created.id, models: ["x"] }), "NOT_FOUND");
    await refused(other.providers.delete({ id: created.id }), "NOT_FOUND");
    expect(fake.requests).toHaveLength(0);
    expect(await db.prisma.modelProvider.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({
      name: "Local fake",
    });
  });
});

describe("providers: test connection", () => {
  it("connects with the key, stores the result and the model list", async () => {
    fake.serveModels({ ids: ["fake-model", "fake-large", "embed-1"], key: KEY });
    const created = await compatible();
    const result = await owner().providers.test({ id: created.id });
    expect(result).toMatchObject({ ok: true, message: "Connected: 3 models." });
    expect(result.provider.models).toEqual(["embed-1", "fake-large", "fake-model"]);
    expect(result.provider.lastCheck).toMatchObject({ ok: true, message: "Connected: 3 models." });
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: "/v1/models" });
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.stringify(result)).not.toContain(KEY);
    expect(await everyRow(db.prisma, { withQueue: true })).not.toContain(KEY);
  });

  it("says the key was refused on a 401, keeping the model list", async () => {
    fake.serveModels({ ids: ["fake-model"], key: "sk-the-right-one" });
    const created = await compatible();
    await owner().providers.setModels({ id: created.id, models: ["typed-model"] });
    const result = await owner().providers.test({ id: created.id });
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^The key was refused \(401\): check it/);
    expect(result.provider.models).toEqual(["typed-model"]);
    expect(result.provider.lastCheck).toMatchObject({ ok: false });
  });

  it("says when there is no models endpoint", async () => {
    const created = await compatible();
    const result = await owner().providers.test({ id: created.id });
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/No models endpoint at .*\/v1\/models \(404\)/);
  });

  it("says when the server cannot be reached", async () => {
    const closed = await startFakeOpenAIServer();
    await closed.close();
    const created = await owner().providers.create({
      kind: "openai_compatible",
      name: "Gone",
      baseUrl: closed.baseURL,
    });
    const result = await owner().providers.test({ id: created.id });
    expect(result.ok).toBe(false);
    expect(result.message).toBe(
      `Could not reach ${closed.baseURL}/models: connection refused (is the server running, on this port?).`,
    );
  });

  it("gives up after its timeout", async () => {
    fake.serveModels({ ids: [], hang: true });
    const created = await compatible();
    const started = Date.now();
    const result = await new ProviderService(db.prisma, workspaceId, { checkTimeoutMs: 500 }).test(created.id);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.ok).toBe(false);
    expect(result.message).toBe(`Timed out after 0.5 s: ${fake.baseURL}/models did not answer.`);
  });

  it("keeps a hand-typed model list (deduplicated)", async () => {
    const created = await compatible();
    const updated = await owner().providers.setModels({ id: created.id, models: ["a", " b ", "a"] });
    expect(updated.models).toEqual(["a", "b"]);
    await refused(owner().providers.setModels({ id: created.id, models: [""] }), "BAD_REQUEST", /cannot be empty/);
  });

  it("deletes a provider", async () => {
    const created = await compatible();
    expect(await owner().providers.delete({ id: created.id })).toEqual({ id: created.id });
    expect(await owner().providers.list()).toEqual([]);
    await refused(owner().providers.delete({ id: created.id }), "NOT_FOUND");
  });
});

/** A graph whose root agent uses `chain`, started as a draft run; resolves when the worker has finished it. */
async function runWith(chain: unknown[], input = "What is my key?") {
  const caller = owner();
  const { id: graphId } = await caller.graphs.create({ name: `Provider run ${Date.now()}` });
  const graph = await caller.graphs.get({ graphId });
  const draft = structuredClone(graph.draft);
  draft.agents.find((agent) => agent.id === draft.rootAgentId)!.modelChain = chain as never;
  await caller.graphs.updateDraft({ graphId, revision: graph.revision, draft });
  const { runId } = await caller.runs.start({ graphId, input });
  await waitForRun(pool, runId, isFinal);
  return { graphId, runId, run: await caller.runs.get({ runId }) };
}

describe("runs with a workspace provider", () => {
  it("send the provider's key, price calls from the workspace table, and store the key nowhere", async () => {
    const created = await compatible();
    await owner().prices.set({ provider: "openai-compatible", model: "fake-model", inputPerMTok: 2, outputPerMTok: 4 });
    fake.enqueue(
      { kind: "error", status: 500, message: `upstream rejected key ${KEY}` },
      { kind: "text", text: `Your key is ${KEY}.`, usage: { prompt_tokens: 1000, completion_tokens: 500 } },
    );

    const { runId, run } = await runWith([
      { provider: "openai-compatible", model: "fake-model", credentialId: created.id, retries: 1 },
    ]);

    expect(run.status, run.error ?? "").toBe("completed");
    const calls = fake.requests.filter((request) => request.method === "POST");
    expect(calls).toHaveLength(2);
    for (const call of calls) expect(call.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(run.output).toBe(`Your key is ${REDACTED}.`);
    expect(run.inputTokens).toBe(1000);
    expect(run.unpricedCalls).toBe(0);
    // 1,000 input tokens at $2 and 500 output tokens at $4 per 1M.
    expect(run.costUsd).toBeCloseTo(0.004, 10);

    const responses = [
      run,
      await owner().runs.rollups({ runId }),
      await owner().runs.exportTrace({ runId }),
      await owner().providers.list(),
    ];
    for (const response of responses) expect(JSON.stringify(response)).not.toContain(KEY);
    expect(await everyRow(db.prisma, { withQueue: true })).not.toContain(KEY);
  });

  it("price a model the table does not know as unknown, not zero", async () => {
    const created = await compatible();
    fake.enqueue({ kind: "text", text: "Hello.", usage: { prompt_tokens: 100, completion_tokens: 10 } });
    const { run } = await runWith([
      { provider: "openai-compatible", model: "unpriced-model", credentialId: created.id },
    ]);
    expect(run.status, run.error ?? "").toBe("completed");
    expect(run.unpricedCalls).toBe(1);
    expect(run.costUsd).toBeNull();
  });

  it("fail with a clear error, sending no key, when the chain names another workspace's provider", async () => {
    const theirs = await callerFor(db.prisma, { userId: otherOwnerId, workspaceId: otherWorkspaceId }).providers.create(
      {
        kind: "openai_compatible",
        name: "Theirs",
        baseUrl: fake.baseURL,
        apiKey: OTHER_KEY,
      },
    );
    fake.enqueue({ kind: "text", text: "should not be asked" });
    const { run } = await runWith([{ provider: "openai-compatible", model: "fake-model", credentialId: theirs.id }]);
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/does not exist in this workspace/);
    expect(fake.requests).toHaveLength(0);
  });

  it("fail with a clear error when the chain names a deleted provider", async () => {
    const created = await compatible();
    await owner().providers.delete({ id: created.id });
    const { run } = await runWith([{ provider: "openai-compatible", model: "fake-model", credentialId: created.id }]);
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/does not exist in this workspace/);
    expect(fake.requests).toHaveLength(0);
  });

  it("refuse to send the key to a base URL the chain entry sets itself", async () => {
    const created = await compatible();
    const { run } = await runWith([
      {
        provider: "openai-compatible",
        model: "fake-model",
        credentialId: created.id,
        baseURL: "http://127.0.0.1:9/v1",
      },
    ]);
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/sets its own base URL/);
  });
});
