import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { callerFor, httpCall, resetWorld } from "@/server/api/testing/api-fixtures";
import { setupTestDatabase } from "@/server/db/test-db";
import { startLocalHttpServer, type LocalHttpServer } from "@/server/tools/testing/local-http-server";

const db = setupTestDatabase();
const api = () => callerFor(db.prisma);

const SECRET = "ghp_TopSecretValue9876";
let server: LocalHttpServer;

/** Every row of the tool tables, to prove a refusal wrote nothing. */
async function toolRows(): Promise<string> {
  const [tools, secrets, hosts] = await Promise.all([
    db.prisma.httpTool.findMany({ orderBy: { id: "asc" } }),
    db.prisma.workspaceSecret.findMany({ orderBy: { id: "asc" } }),
    db.prisma.allowedHost.findMany({ orderBy: { id: "asc" } }),
  ]);
  return JSON.stringify({ tools, secrets, hosts });
}

async function refused(call: () => Promise<unknown>, code: TRPCError["code"]): Promise<string> {
  const before = await toolRows();
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  expect((error as TRPCError).code, (error as TRPCError).message).toBe(code);
  expect(await toolRows()).toBe(before);
  return (error as TRPCError).message;
}

const TOOL = {
  name: "echo",
  description: "Echoes the request",
  method: "GET" as const,
  urlTemplate: "http://127.0.0.1:1/echo/{{word}}",
  parameters: { type: "object", properties: { word: { type: "string" } } },
  headers: [{ name: "X-Api-Key", value: "{{secrets.API_KEY}}" }],
};

beforeAll(async () => {
  server = await startLocalHttpServer((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.url.startsWith("/big")) return res.end(JSON.stringify({ text: "x".repeat(30_000) }));
    res.end(JSON.stringify({ path: req.url, key: req.headers["x-api-key"] }));
  });
  TOOL.urlTemplate = `${server.origin}/echo/{{word}}`;
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  await resetWorld(db.prisma);
});

describe("secrets", () => {
  it("stores the value sealed and shows only the name and last four characters", async () => {
    await api().secrets.set({ name: "API_KEY", value: SECRET });
    const listed = await api().secrets.list();
    expect(listed.map(({ name, last4 }) => ({ name, last4 }))).toEqual([{ name: "API_KEY", last4: "9876" }]);
    expect(JSON.stringify(listed)).not.toContain(SECRET);
    const row = await db.prisma.workspaceSecret.findFirstOrThrow();
    expect(row.valueSealed).not.toContain(SECRET);
    expect(row.valueSealed).toMatch(/^v1:/);

    await api().secrets.set({ name: "API_KEY", value: "replaced-1234" });
    expect((await api().secrets.list()).map((s) => s.last4)).toEqual(["1234"]);
  });

  it("refuses to delete a secret a tool uses, and an unknown one", async () => {
    await api().secrets.set({ name: "API_KEY", value: SECRET });
    await api().httpTools.create(TOOL);
    expect(await refused(() => api().secrets.delete({ name: "API_KEY" }), "CONFLICT")).toBe(
      "The secret API_KEY is used by the HTTP tool echo: remove {{secrets.API_KEY}} from their headers first.",
    );
    expect(await refused(() => api().secrets.delete({ name: "NOPE" }), "NOT_FOUND")).toBe(
      "This workspace has no secret named NOPE.",
    );
  });

  it("refuses a name that cannot be referenced", async () => {
    const result = await httpCall(db.prisma, "secrets.set", { name: "my key", value: "x" }, "mutation");
    expect(result.ok).toBe(false);
    expect((result as { error: { message: string } }).error.message).toContain(
      "secret names use letters, digits and _ and do not start with a digit",
    );
  });
});

describe("allowed hosts", () => {
  it("normalises hosts, keeps one of each, and removes them", async () => {
    await api().allowedHosts.add({ host: "LocalHost:8080" });
    await api().allowedHosts.add({ host: "localhost:8080" });
    await api().allowedHosts.add({ host: "2130706433" });
    expect((await api().allowedHosts.list()).map((h) => h.host)).toEqual(["127.0.0.1", "localhost:8080"]);
    await api().allowedHosts.remove({ host: "LOCALHOST:8080" });
    expect((await api().allowedHosts.list()).map((h) => h.host)).toEqual(["127.0.0.1"]);
    expect(await refused(() => api().allowedHosts.remove({ host: "localhost:8080" }), "NOT_FOUND")).toBe(
      "localhost:8080 is not an allowed host of this workspace.",
    );
  });

  it("refuses a URL", async () => {
    const result = await httpCall(db.prisma, "allowedHosts.add", { host: "http://localhost:8080/" }, "mutation");
    expect((result as { error: { message: string } }).error.message).toContain("not a URL");
  });
});

describe("httpTools", () => {
  it("creates, lists, updates and deletes a tool; the catalog follows", async () => {
    await api().secrets.set({ name: "API_KEY", value: SECRET });
    const created = await api().httpTools.create(TOOL);
    expect(created).toMatchObject({ ...TOOL, timeoutMs: 10_000, maxResponseBytes: 1_048_576 });

    const catalog = await api().tools.catalog();
    expect(catalog.filter((t) => t.kind === "builtin").map((t) => t.name)).toEqual([
      "read_file",
      "write_file",
      "list_files",
      "grep_files",
      "calculator",
      "current_time",
    ]);
    expect(catalog.find((t) => t.name === "echo")).toEqual({
      name: "echo",
      kind: "http",
      description: "Echoes the request",
      parameters: TOOL.parameters,
      source: `HTTP tool (GET ${server.host})`,
    });

    const updated = await api().httpTools.update({
      id: created.id,
      tool: { ...TOOL, name: "echo2", method: "POST", timeoutMs: 500 },
    });
    expect(updated).toMatchObject({ id: created.id, name: "echo2", method: "POST", timeoutMs: 500 });
    expect((await api().httpTools.list()).map((t) => t.name)).toEqual(["echo2"]);

    await api().httpTools.delete({ id: created.id });
    expect(await api().httpTools.list()).toEqual([]);
    expect((await api().tools.catalog()).some((t) => t.kind === "http")).toBe(false);
  });

  it("refuses a taken name, a built-in name, a missing secret and an unknown id", async () => {
    await api().secrets.set({ name: "API_KEY", value: SECRET });
    const first = await api().httpTools.create(TOOL);
    expect(await refused(() => api().httpTools.create(TOOL), "CONFLICT")).toBe(
      "The tool name echo is already used by another HTTP tool in this workspace; tool names are unique across the catalog. Choose another name.",
    );
    const other = await api().httpTools.create({ ...TOOL, name: "other" });
    expect(await refused(() => api().httpTools.update({ id: other.id, tool: TOOL }), "CONFLICT")).toContain(
      "already used",
    );
    expect(await refused(() => api().httpTools.create({ ...TOOL, name: "calculator" }), "BAD_REQUEST")).toContain(
      "this is the name of a built-in tool",
    );
    expect(
      await refused(
        () =>
          api().httpTools.create({
            ...TOOL,
            name: "unkeyed",
            headers: [{ name: "Authorization", value: "{{secrets.MISSING}}" }],
          }),
        "BAD_REQUEST",
      ),
    ).toBe(
      "The header Authorization uses the secret MISSING, which this workspace does not have: an owner adds it under Settings → Tools → Secrets first.",
    );
    await api().httpTools.delete({ id: first.id });
    expect(await refused(() => api().httpTools.delete({ id: first.id }), "NOT_FOUND")).toContain(
      `HTTP tool ${first.id} does not exist`,
    );
  });

  it("refuses parameters that are not a valid JSON schema, naming the problem, on create and update", async () => {
    await api().secrets.set({ name: "API_KEY", value: SECRET });
    const bad = { type: "object", properties: { word: { type: "string", maxLength: -1 } } };
    expect(await refused(() => api().httpTools.create({ ...TOOL, parameters: bad }), "BAD_REQUEST")).toBe(
      "The parameters are not a valid JSON schema: schema.properties.word.maxLength must be >= 0.",
    );
    const saved = await api().httpTools.create(TOOL);
    expect(
      await refused(
        () =>
          api().httpTools.update({
            id: saved.id,
            tool: { ...TOOL, parameters: { type: "object", properties: { word: { $ref: "#/definitions/none" } } } },
          }),
        "BAD_REQUEST",
      ),
    ).toBe("The parameters are not a valid JSON schema: can't resolve reference #/definitions/none from id #.");
  });

  it("tests a tool with arguments its schema refuses without calling it", async () => {
    await api().secrets.set({ name: "API_KEY", value: SECRET });
    const calls = server.requests.length;
    const result = await api().httpTools.test({
      tool: { ...TOOL, parameters: { type: "object", properties: { word: { type: "string", maxLength: 3 } } } },
      args: { word: "toolong" },
    });
    expect(result).toMatchObject({
      outcome: "error",
      message:
        "echo was not called: its arguments do not match its parameters schema: arguments.word must NOT have more than 3 characters. Call it again with arguments that match the schema.",
    });
    expect(server.requests.length).toBe(calls);
  });

  it("makes the catalog known to the server's compiles: an allow-listed HTTP tool is unknown until it exists", async () => {
    const document = {
      schemaVersion: 1,
      name: "Uses echo",
      rootAgentId: "a",
      agents: [{ id: "a", name: "A", tools: ["echo"] }],
    };
    const before = await api().graphs.compile({ document });
    expect(before.diagnostics.map((d) => d.code)).toContain("unknown_tool");
    await api().secrets.set({ name: "API_KEY", value: SECRET });
    await api().httpTools.create(TOOL);
    const after = await api().graphs.compile({ document });
    expect(after.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(after.definition?.tools).toEqual([
      { name: "echo", kind: "http", catalogId: null, description: "Echoes the request" },
    ]);
    // The definition names the tool only: no URL, no header, no secret.
    expect(JSON.stringify(after.definition)).not.toContain(server.origin);
  });

  it("tests a tool: status, time and body, with secret values masked", async () => {
    await api().secrets.set({ name: "API_KEY", value: SECRET });
    await api().allowedHosts.add({ host: server.host });
    const result = await api().httpTools.test({ tool: TOOL, args: { word: "hi there" } });
    expect(result).toMatchObject({
      outcome: "response",
      status: 200,
      ok: true,
      url: `${server.origin}/echo/hi%20there`,
      truncated: false,
      body: JSON.stringify({ path: "/echo/hi%20there", key: "[redacted]" }, null, 2),
    });
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(server.requests.at(-1)!.headers["x-api-key"]).toBe(SECRET);
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("truncates a long body in the test result", async () => {
    await api().allowedHosts.add({ host: server.host });
    const result = await api().httpTools.test({
      tool: { ...TOOL, urlTemplate: `${server.origin}/big`, headers: [], parameters: { type: "object" } },
    });
    expect(result).toMatchObject({ outcome: "response", truncated: true });
    expect(result.outcome === "response" && result.body.length).toBe(20_000);
  });

  it("shows the guard's refusal when the host is not allowed, and 169.254.169.254 always", async () => {
    await api().secrets.set({ name: "API_KEY", value: SECRET });
    const before = server.requests.length;
    const local = await api().httpTools.test({ tool: TOOL, args: { word: "x" } });
    expect(local).toMatchObject({
      outcome: "error",
      message: `${server.origin}/echo/x resolves to 127.0.0.1, a loopback address: tools may not call it unless an owner allows the host in Settings → Tools.`,
    });
    expect(server.requests.length).toBe(before);
    const metadata = await api().httpTools.test({
      tool: {
        ...TOOL,
        urlTemplate: "http://169.254.169.254/latest/meta-data/",
        parameters: { type: "object" },
        headers: [],
      },
    });
    expect(metadata).toMatchObject({
      outcome: "error",
      message: expect.stringContaining("169.254.169.254, a cloud metadata address"),
    });
  });
});
