/**
 * mcpServers against the real database and server-everything started here:
 * owners add servers, editors refresh them (tools stored, errors in words)
 * and choose the tools agents may use, viewers read; environment and header
 * values are sealed and never returned.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { callerFor, resetWorld } from "@/server/api/testing/api-fixtures";
import { setupTestDatabase } from "@/server/db/test-db";
import { mcpToolSource } from "@/server/tools/mcp/mcp-tool-source";
import { knownToolsOf } from "@/server/tools/tool-catalog";
import {
  type EverythingHttp,
  everythingStdio,
  startEverythingHttp,
} from "@/server/tools/mcp/testing/everything-server";

const db = setupTestDatabase();
const SECRET = "env-secret-value-91c4d";
const HEADER_SECRET = "Bearer header-secret-77aa";

let workspaceId: string;
let owner: ReturnType<typeof callerFor>;
let editor: ReturnType<typeof callerFor>;
let viewer: ReturnType<typeof callerFor>;
let http: EverythingHttp;
let scratch: string;

/**
 * A tiny stdio MCP server (the SDK's low-level Server, so input schemas go
 * out raw): it lists the tools in the JSON file given as its argument,
 * read again at each listing.
 */
const SCHEMAS_SERVER = (sdk: (name: string) => string) => `
import { readFileSync } from "node:fs";
import { Server } from ${JSON.stringify(sdk("@modelcontextprotocol/sdk/server/index.js"))};
import { StdioServerTransport } from ${JSON.stringify(sdk("@modelcontextprotocol/sdk/server/stdio.js"))};
import { CallToolRequestSchema, ListToolsRequestSchema } from ${JSON.stringify(sdk("@modelcontextprotocol/sdk/types.js"))};
const server = new Server({ name: "schemas", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: JSON.parse(readFileSync(process.argv[2], "utf8")) }));
server.setRequestHandler(CallToolRequestSchema, async (request) => ({ content: [{ type: "text", text: "called " + request.params.name }] }));
await server.connect(new StdioServerTransport());
`;

const GOOD_SCHEMA = { type: "object", properties: { n: { type: "number" } } };
const BAD_SCHEMA = { type: "object", properties: { n: { type: "nope" } } };
const BAD_PROBLEM =
  'schema.properties.n.type must be one of "array", "boolean", "integer", "null", "number", "object", "string"';

beforeAll(async () => {
  http = await startEverythingHttp();
  scratch = await mkdtemp(path.join(os.tmpdir(), "ags-mcp-schemas-"));
  const require = createRequire(import.meta.url);
  await writeFile(
    path.join(scratch, "server.mjs"),
    SCHEMAS_SERVER((name) => pathToFileURL(require.resolve(name)).href),
  );
});

afterAll(async () => {
  await http?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** Makes the schemas server list `good` and `broken` with these input schemas from now on. */
async function listSchemas(broken: Record<string, unknown>) {
  await writeFile(
    path.join(scratch, "tools.json"),
    JSON.stringify([
      { name: "good", description: "A tool with a valid schema", inputSchema: GOOD_SCHEMA },
      { name: "broken", description: "A tool whose schema may not compile", inputSchema: broken },
    ]),
  );
}

function addSchemasServer() {
  return owner.mcpServers.create({
    name: "schemas",
    transport: "stdio",
    command: process.execPath,
    args: [path.join(scratch, "server.mjs"), path.join(scratch, "tools.json")],
    env: [],
  });
}

beforeEach(async () => {
  await resetWorld(db.prisma);
  const workspace = await db.prisma.workspace.findFirstOrThrow({ where: { slug: "default" } });
  workspaceId = workspace.id;
  const member = async (email: string, role: "owner" | "editor" | "viewer") => {
    const user = await db.prisma.user.create({ data: { email, name: email } });
    await db.prisma.membership.create({ data: { workspaceId, userId: user.id, role } });
    return callerFor(db.prisma, { userId: user.id, workspaceId });
  };
  owner = await member("owner@mcp.test", "owner");
  editor = await member("editor@mcp.test", "editor");
  viewer = await member("viewer@mcp.test", "viewer");
});

async function refused(promise: Promise<unknown>, code: TRPCError["code"]): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  expect((error as TRPCError).code).toBe(code);
  return error as TRPCError;
}

function addStdio(name = "everything") {
  const { command, args } = everythingStdio();
  return owner.mcpServers.create({
    name,
    transport: "stdio",
    command,
    args,
    env: [{ name: "API_TOKEN", value: SECRET }],
  });
}

describe("mcpServers", () => {
  it("adds a stdio server, lists its tools on refresh and lets an editor enable some", async () => {
    const created = await addStdio();
    expect(created).toMatchObject({ name: "everything", transport: "stdio", envNames: ["API_TOKEN"], tools: [] });
    expect(JSON.stringify(created)).not.toContain(SECRET);
    const row = await db.prisma.mcpServer.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.envSealed).toMatch(/^v1:/);
    expect(row.envSealed).not.toContain(SECRET);

    const refreshed = await editor.mcpServers.refresh({ id: created.id });
    expect(refreshed.ok).toBe(true);
    expect(refreshed.server.listedAt).not.toBeNull();
    const echo = refreshed.server.tools.find((tool) => tool.name === "echo");
    expect(echo).toEqual({
      name: "echo",
      description: "Echoes back the input string",
      catalogName: "everything__echo",
      unusableReason: null,
      enabled: false,
    });

    const enabled = await editor.mcpServers.setEnabledTools({ id: created.id, tools: ["echo", "get-sum"] });
    expect(enabled.enabledTools).toEqual(expect.arrayContaining(["echo", "get-sum"]));
    const catalog = await mcpToolSource.catalog(db.prisma, workspaceId);
    expect(catalog.map((tool) => tool.name).sort()).toEqual(["everything__echo", "everything__get-sum"]);
    expect(catalog.find((tool) => tool.name === "everything__echo")).toMatchObject({
      kind: "mcp",
      description: "Echoes back the input string",
      parameters: { type: "object", properties: { message: { type: "string" } } },
      source: "MCP server everything",
    });

    const listed = await viewer.mcpServers.list();
    expect(listed).toHaveLength(1);
    expect(
      listed[0]!.tools
        .filter((tool) => tool.enabled)
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(["echo", "get-sum"]);
    expect(JSON.stringify(listed)).not.toContain(SECRET);
  });

  it("refuses tool names the server did not list, and changes nothing", async () => {
    const created = await addStdio();
    const before = await refused(editor.mcpServers.setEnabledTools({ id: created.id, tools: ["echo"] }), "BAD_REQUEST");
    expect(before.message).toBe('MCP server "everything" does not list a tool named echo: refresh its tools first.');
    await editor.mcpServers.refresh({ id: created.id });
    const error = await refused(
      editor.mcpServers.setEnabledTools({ id: created.id, tools: ["echo", "launch-rockets"] }),
      "BAD_REQUEST",
    );
    expect(error.message).toMatch(
      /^MCP server "everything" does not list a tool named launch-rockets \(it lists .*echo/,
    );
    const row = await db.prisma.mcpServer.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.enabledTools).toEqual([]);
  });

  it("stores the error in words when the server cannot start, keeping the last tools", async () => {
    const created = await addStdio();
    await editor.mcpServers.refresh({ id: created.id });
    await editor.mcpServers.setEnabledTools({ id: created.id, tools: ["echo"] });
    await owner.mcpServers.update({
      id: created.id,
      settings: {
        name: "everything",
        transport: "stdio",
        command: "ags-no-such-mcp-server",
        args: [],
        env: [{ name: "API_TOKEN" }],
      },
    });
    const result = await editor.mcpServers.refresh({ id: created.id });
    expect(result.ok).toBe(false);
    expect(result.error).toBe(
      'MCP server "everything" could not start: the command "ags-no-such-mcp-server" was not found on the server machine; check its spelling, install it, or give its full path',
    );
    expect(result.server.lastError).toBe(result.error);
    expect(result.server.tools.length).toBeGreaterThan(3);
    expect(result.server.enabledTools).toEqual(["echo"]);
  });

  it("keeps a stored value when an update sends the name without a value, and refuses a new name without one", async () => {
    const created = await addStdio();
    const { command, args } = everythingStdio();
    const base = { name: "everything", transport: "stdio" as const, command, args };
    await owner.mcpServers.update({ id: created.id, settings: { ...base, env: [{ name: "API_TOKEN" }] } });
    const row = await db.prisma.mcpServer.findUniqueOrThrow({ where: { id: created.id } });
    const { openValues, mcpSealContext } = await import("@/server/tools/mcp/mcp-server-config");
    expect(openValues(row.envSealed, mcpSealContext(workspaceId, created.id, "env"))).toEqual({ API_TOKEN: SECRET });

    const error = await refused(
      owner.mcpServers.update({
        id: created.id,
        settings: { ...base, env: [{ name: "API_TOKEN" }, { name: "OTHER" }] },
      }),
      "BAD_REQUEST",
    );
    expect(error.message).toBe("Give a value for the environment variable OTHER.");
    const after = await db.prisma.mcpServer.findUniqueOrThrow({ where: { id: created.id } });
    expect(after.envSealed).toBe(row.envSealed);
  });

  it("refuses a duplicate name, shell syntax in the command and a URL that is not http(s)", async () => {
    await addStdio();
    expect((await refused(addStdio(), "CONFLICT")).message).toBe(
      'This workspace already has an MCP server named "everything": choose another name.',
    );
    const shell = await refused(
      owner.mcpServers.create({ name: "evil", transport: "stdio", command: "node; rm -rf /", args: [], env: [] }),
      "BAD_REQUEST",
    );
    expect(shell.message).toContain("without spaces or shell characters");
    const ftp = await refused(
      owner.mcpServers.create({ name: "ftp", transport: "http", url: "ftp://example.com/mcp", headers: [] }),
      "BAD_REQUEST",
    );
    expect(ftp.message).toContain("must be an http:// or https:// URL");
    const badName = await refused(
      owner.mcpServers.create({ name: "Has Spaces", transport: "http", url: "https://example.com/mcp", headers: [] }),
      "BAD_REQUEST",
    );
    expect(badName.message).toContain("lower-case letters, digits and hyphens");
    expect(await db.prisma.mcpServer.count()).toBe(1);
  });

  it("refuses an HTTP server on 127.0.0.1 until an owner allows the host, then lists its tools", async () => {
    const created = await owner.mcpServers.create({
      name: "remote",
      transport: "http",
      url: http.url,
      headers: [{ name: "Authorization", value: HEADER_SECRET }],
    });
    expect(created.headerNames).toEqual(["Authorization"]);
    expect(JSON.stringify(created)).not.toContain(HEADER_SECRET);

    const refusedRefresh = await editor.mcpServers.refresh({ id: created.id });
    expect(refusedRefresh.ok).toBe(false);
    expect(refusedRefresh.error).toBe(
      `MCP server "remote" was not contacted: ${http.url} resolves to 127.0.0.1, a loopback address: tools may not call it unless an owner allows the host in Settings → Tools.`,
    );

    await db.prisma.allowedHost.create({ data: { workspaceId, host: `127.0.0.1:${http.port}` } });
    const refreshed = await editor.mcpServers.refresh({ id: created.id });
    expect(refreshed.error).toBeNull();
    expect(refreshed.server.lastError).toBeNull();
    expect(refreshed.server.tools.map((tool) => tool.catalogName)).toContain("remote__echo");
  });

  it("refuses to enable a tool whose catalog name an HTTP tool has, and changes nothing", async () => {
    const created = await addStdio();
    await editor.mcpServers.refresh({ id: created.id });
    await editor.mcpServers.setEnabledTools({ id: created.id, tools: ["get-sum"] });
    await editor.httpTools.create({
      name: "everything__echo",
      description: "An HTTP tool that happens to have the name",
      method: "GET",
      urlTemplate: "https://api.example.com/echo",
    });

    const error = await refused(
      editor.mcpServers.setEnabledTools({ id: created.id, tools: ["get-sum", "echo"] }),
      "CONFLICT",
    );
    expect(error.message).toBe(
      'The tool name everything__echo is already used by the HTTP tool (GET api.example.com) in this workspace; tool names are unique across the catalog. Rename or delete that tool before enabling echo of MCP server "everything".',
    );
    const row = await db.prisma.mcpServer.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.enabledTools).toEqual(["get-sum"]);
    expect((await mcpToolSource.catalog(db.prisma, workspaceId)).map((tool) => tool.name)).toEqual([
      "everything__get-sum",
    ]);

    // Enabling what does not collide still works.
    const ok = await editor.mcpServers.setEnabledTools({ id: created.id, tools: ["get-sum", "get-env"] });
    expect(ok.enabledTools.sort()).toEqual(["get-env", "get-sum"]);
  });

  it("refuses to rename a server when an enabled tool's new catalog name is an HTTP tool's, and changes nothing", async () => {
    const created = await addStdio();
    await editor.mcpServers.refresh({ id: created.id });
    await editor.mcpServers.setEnabledTools({ id: created.id, tools: ["echo"] });
    await editor.httpTools.create({ name: "renamed__echo", method: "GET", urlTemplate: "https://api.example.com/e" });
    const { command, args } = everythingStdio();
    const settings = { transport: "stdio" as const, command, args, env: [{ name: "API_TOKEN" }] };

    const error = await refused(
      owner.mcpServers.update({ id: created.id, settings: { ...settings, name: "renamed" } }),
      "CONFLICT",
    );
    expect(error.message).toBe(
      'The tool name renamed__echo is already used by the HTTP tool (GET api.example.com) in this workspace; tool names are unique across the catalog. Renaming MCP server to "renamed" would give its enabled tool echo that name: rename or delete that tool, disable echo, or choose another server name.',
    );
    const row = await db.prisma.mcpServer.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.name).toBe("everything");
    expect(row.enabledTools).toEqual(["echo"]);

    // Another name is fine, and a tool that is not enabled never blocks a rename.
    await owner.mcpServers.update({ id: created.id, settings: { ...settings, name: "other" } });
    await editor.httpTools.create({ name: "third__get-sum", method: "GET", urlTemplate: "https://api.example.com/s" });
    const renamed = await owner.mcpServers.update({ id: created.id, settings: { ...settings, name: "third" } });
    expect(renamed.tools.find((tool) => tool.enabled)?.catalogName).toBe("third__echo");
  });

  it("deletes a server (owner only) and its tools leave the catalog", async () => {
    const created = await addStdio();
    await editor.mcpServers.refresh({ id: created.id });
    await editor.mcpServers.setEnabledTools({ id: created.id, tools: ["echo"] });
    await refused(editor.mcpServers.delete({ id: created.id }), "FORBIDDEN");
    await owner.mcpServers.delete({ id: created.id });
    expect(await mcpToolSource.catalog(db.prisma, workspaceId)).toEqual([]);
    await refused(owner.mcpServers.delete({ id: created.id }), "NOT_FOUND");
  });

  it("stores why a listed tool's input schema does not compile and refuses to enable it, changing nothing", async () => {
    await listSchemas(BAD_SCHEMA);
    const created = await addSchemasServer();
    const refreshed = await editor.mcpServers.refresh({ id: created.id });
    expect(refreshed).toMatchObject({ ok: true, error: null, turnedOff: [] });
    const reason = `its input schema is not a valid JSON schema (${BAD_PROBLEM}), so no call of it could be checked; the server must fix the schema, then refresh the tools`;
    expect(refreshed.server.tools).toEqual([
      {
        name: "good",
        description: "A tool with a valid schema",
        catalogName: "schemas__good",
        unusableReason: null,
        enabled: false,
      },
      {
        name: "broken",
        description: "A tool whose schema may not compile",
        catalogName: null,
        unusableReason: reason,
        enabled: false,
      },
    ]);
    // Stored with the tool, in the JSON the listing already lives in.
    const stored = await db.prisma.mcpServer.findUniqueOrThrow({ where: { id: created.id } });
    expect(stored.tools).toEqual([
      expect.objectContaining({ name: "good", inputSchema: GOOD_SCHEMA, schemaProblem: null }),
      expect.objectContaining({ name: "broken", inputSchema: BAD_SCHEMA, schemaProblem: BAD_PROBLEM }),
    ]);

    await editor.mcpServers.setEnabledTools({ id: created.id, tools: ["good"] });
    const before = await db.prisma.mcpServer.findUniqueOrThrow({ where: { id: created.id } });
    const error = await refused(
      editor.mcpServers.setEnabledTools({ id: created.id, tools: ["good", "broken"] }),
      "BAD_REQUEST",
    );
    expect(error.message).toBe(`The tool broken of MCP server "schemas" cannot be given to agents: ${reason}.`);
    const row = await db.prisma.mcpServer.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toEqual(before);
    expect(row.enabledTools).toEqual(["good"]);
    expect((await mcpToolSource.catalog(db.prisma, workspaceId)).map((tool) => tool.name)).toEqual(["schemas__good"]);
  });

  it("turns off an enabled tool whose schema stops compiling at a refresh: out of the catalog, the reason shown", async () => {
    await listSchemas(GOOD_SCHEMA);
    const created = await addSchemasServer();
    await editor.mcpServers.refresh({ id: created.id });
    await editor.mcpServers.setEnabledTools({ id: created.id, tools: ["good", "broken"] });
    expect((await knownToolsOf(db.prisma, workspaceId)).map((tool) => tool.name)).toEqual([
      "schemas__good",
      "schemas__broken",
    ]);

    await listSchemas(BAD_SCHEMA);
    const refreshed = await editor.mcpServers.refresh({ id: created.id });
    const reason = `its input schema is not a valid JSON schema (${BAD_PROBLEM}), so no call of it could be checked; the server must fix the schema, then refresh the tools`;
    expect(refreshed.ok).toBe(true);
    expect(refreshed.turnedOff).toEqual([{ name: "broken", reason }]);
    expect(refreshed.server.enabledTools).toEqual(["good"]);
    expect(refreshed.server.tools.find((tool) => tool.name === "broken")).toMatchObject({
      enabled: false,
      unusableReason: reason,
    });
    const row = await db.prisma.mcpServer.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.enabledTools).toEqual(["good"]);
    // Neither the compiler's catalog nor the editor's lists it.
    expect((await knownToolsOf(db.prisma, workspaceId)).map((tool) => tool.name)).toEqual(["schemas__good"]);
    const editorCatalog = await editor.tools.catalog();
    expect(editorCatalog.map((tool) => tool.name)).toContain("schemas__good");
    expect(editorCatalog.map((tool) => tool.name)).not.toContain("schemas__broken");

    // Fixed by the server: listed usable again, for an editor to enable.
    await listSchemas(GOOD_SCHEMA);
    const fixed = await editor.mcpServers.refresh({ id: created.id });
    expect(fixed.turnedOff).toEqual([]);
    expect(fixed.server.tools.find((tool) => tool.name === "broken")).toMatchObject({
      catalogName: "schemas__broken",
      unusableReason: null,
      enabled: false,
    });
    await editor.mcpServers.setEnabledTools({ id: created.id, tools: ["good", "broken"] });
    expect((await knownToolsOf(db.prisma, workspaceId)).map((tool) => tool.name)).toEqual([
      "schemas__good",
      "schemas__broken",
    ]);
  });

  it("leaves out of the catalog an enabled tool stored, before schemas were checked, with a schema that does not compile", async () => {
    await listSchemas(GOOD_SCHEMA);
    const created = await addSchemasServer();
    await editor.mcpServers.refresh({ id: created.id });
    await editor.mcpServers.setEnabledTools({ id: created.id, tools: ["good", "broken"] });
    // As an older version stored it: no schemaProblem.
    await db.prisma.mcpServer.update({
      where: { id: created.id },
      data: {
        tools: [
          { name: "good", description: "", inputSchema: GOOD_SCHEMA },
          { name: "broken", description: "", inputSchema: BAD_SCHEMA },
        ],
      },
    });
    expect((await mcpToolSource.catalog(db.prisma, workspaceId)).map((tool) => tool.name)).toEqual(["schemas__good"]);
    const [listed] = await viewer.mcpServers.list();
    expect(listed!.enabledTools).toEqual(["good"]);
    expect(listed!.tools.find((tool) => tool.name === "broken")).toMatchObject({ enabled: false });
    expect(listed!.tools.find((tool) => tool.name === "broken")!.unusableReason).toContain(BAD_PROBLEM);
  });

  it("gives each role its rights: viewers read, editors refresh and choose tools, owners change servers", async () => {
    const created = await addStdio();
    const { command, args } = everythingStdio();
    const settings = { name: "x", transport: "stdio" as const, command, args, env: [] };
    await refused(editor.mcpServers.create(settings), "FORBIDDEN");
    await refused(editor.mcpServers.update({ id: created.id, settings }), "FORBIDDEN");
    await refused(viewer.mcpServers.refresh({ id: created.id }), "FORBIDDEN");
    await refused(viewer.mcpServers.setEnabledTools({ id: created.id, tools: [] }), "FORBIDDEN");
    expect(await viewer.mcpServers.list()).toHaveLength(1);
  });
});
