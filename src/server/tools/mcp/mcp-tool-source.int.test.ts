/**
 * The "mcp" tool source's runner on its own: one connection per server per
 * run (opened on the first call, reused, closed with the run), HTTP servers
 * through the address guard, and a down server as a quick error in words
 * on every call.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { ToolRunContext } from "@/core/runtime/ports";
import { setupTestDatabase } from "@/server/db/test-db";
import { createGraph } from "@/server/runs/worker/testing/run-fixtures";
import { McpServerService } from "@/server/services/mcp-servers";
import { mcpToolSource } from "./mcp-tool-source";
import { type EverythingHttp, everythingStdio, processesWith, startEverythingHttp } from "./testing/everything-server";

const db = setupTestDatabase();
let http: EverythingHttp;

beforeAll(async () => {
  http = await startEverythingHttp();
});

afterAll(async () => {
  await http?.close();
});

function context(): ToolRunContext {
  return {
    runId: randomUUID(),
    conversationId: randomUUID(),
    agentId: "main",
    agentPath: "main",
    workspaceId: "w",
    signal: new AbortController().signal,
  };
}

const call = (name: string, args: unknown) => ({
  callId: randomUUID(),
  name,
  args,
  rawArguments: JSON.stringify(args),
});

describe("the mcp tool source's runner", () => {
  it("connects on the first call, reuses the connection, and stops the server when closed", async () => {
    const { workspaceId } = await createGraph(db.prisma);
    const service = new McpServerService(db.prisma, workspaceId);
    const marker = `ags-source-${randomUUID()}`;
    const { command, args } = everythingStdio();
    const server = await service.create({
      name: "everything",
      transport: "stdio",
      command,
      args: [...args, marker],
      env: [{ name: "TOKEN", value: "source-secret-1" }],
      timeoutMs: 15_000,
    });
    await service.refresh(server.id);
    await service.setEnabledTools(server.id, ["echo", "get-sum"]);

    const source = (await mcpToolSource.runner(db.prisma, workspaceId))!;
    expect(source.secrets).toEqual(["source-secret-1"]);
    expect(source.runner.spec("everything__echo")).toMatchObject({
      name: "everything__echo",
      description: "Echoes back the input string",
      parameters: { type: "object", properties: { message: { type: "string" } } },
    });
    expect(source.runner.spec("everything__get-env")).toBeNull(); // listed, not enabled
    expect(processesWith(marker)).toEqual([]); // nothing started before a call

    const ctx = context();
    const [a, b] = await Promise.all([
      source.runner.run(call("everything__echo", { message: "one" }), ctx),
      source.runner.run(call("everything__get-sum", { a: 1, b: 2 }), ctx),
    ]);
    expect([a, b]).toEqual(["Echo: one", "The sum of 1 and 2 is 3."]);
    expect(await source.runner.run(call("everything__echo", { message: "two" }), ctx)).toBe("Echo: two");
    expect(processesWith(marker)).toHaveLength(1);

    await expect(source.runner.run(call("everything__echo", ["not", "an", "object"]), ctx)).rejects.toThrow(
      "the arguments of everything__echo must be a JSON object",
    );

    await source.close();
    const deadline = Date.now() + 10_000;
    while (processesWith(marker).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(processesWith(marker)).toEqual([]);
  });

  it("calls an HTTP server through the address guard with the workspace's allowed hosts", async () => {
    const { workspaceId } = await createGraph(db.prisma);
    const service = new McpServerService(db.prisma, workspaceId);
    await db.prisma.allowedHost.create({ data: { workspaceId, host: "127.0.0.1" } });
    const server = await service.create({
      name: "remote",
      transport: "http",
      url: http.url,
      headers: [],
      timeoutMs: 15_000,
    });
    expect((await service.refresh(server.id)).ok).toBe(true);
    await service.setEnabledTools(server.id, ["echo"]);
    const source = (await mcpToolSource.runner(db.prisma, workspaceId))!;
    try {
      expect(await source.runner.run(call("remote__echo", { message: "via http" }), context())).toBe("Echo: via http");
    } finally {
      await source.close();
    }

    // Once the owner removes the allowed host, the next run's calls are refused before any request.
    await db.prisma.allowedHost.deleteMany({ where: { workspaceId } });
    const guarded = (await mcpToolSource.runner(db.prisma, workspaceId))!;
    try {
      await expect(guarded.runner.run(call("remote__echo", { message: "x" }), context())).rejects.toThrow(
        `MCP server "remote" was not contacted: ${http.url} resolves to 127.0.0.1, a loopback address`,
      );
    } finally {
      await guarded.close();
    }
  });

  it("fails every call of a down server quickly, in words", async () => {
    const { workspaceId } = await createGraph(db.prisma);
    const down = await startEverythingHttp();
    await db.prisma.allowedHost.create({ data: { workspaceId, host: "127.0.0.1" } });
    const service = new McpServerService(db.prisma, workspaceId);
    const server = await service.create({
      name: "flaky",
      transport: "http",
      url: down.url,
      headers: [],
      timeoutMs: 15_000,
    });
    await service.refresh(server.id);
    await service.setEnabledTools(server.id, ["echo"]);
    await down.close();

    const source = (await mcpToolSource.runner(db.prisma, workspaceId))!;
    try {
      const started = Date.now();
      for (let i = 0; i < 2; i++) {
        await expect(source.runner.run(call("flaky__echo", { message: "x" }), context())).rejects.toThrow(
          /^MCP server "flaky" is not reachable/,
        );
      }
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await source.close();
    }
  });

  it("checks arguments against the tool's inputSchema before connecting: bad ones never reach the server", async () => {
    const { workspaceId } = await createGraph(db.prisma);
    const service = new McpServerService(db.prisma, workspaceId);
    const { command, args } = everythingStdio();
    const server = await service.create({
      name: "everything",
      transport: "stdio",
      command,
      args,
      env: [],
      timeoutMs: 15_000,
    });
    await service.refresh(server.id);
    await service.setEnabledTools(server.id, ["get-sum"]);
    // Its process cannot start now: a call that got as far as connecting would fail with "could not start".
    await service.update(server.id, {
      name: "everything",
      transport: "stdio",
      command: "ags-no-such-mcp",
      args: [],
      env: [],
      timeoutMs: 15_000,
    });

    const source = (await mcpToolSource.runner(db.prisma, workspaceId))!;
    try {
      await expect(source.runner.run(call("everything__get-sum", { a: "one", b: 2 }), context())).rejects.toThrow(
        "everything__get-sum was not called: its arguments do not match its parameters schema: arguments.a must be number. Call it again with arguments that match the schema.",
      );
      await expect(source.runner.run(call("everything__get-sum", { a: 1 }), context())).rejects.toThrow(
        "arguments.b is required",
      );
      await expect(source.runner.run(call("everything__get-sum", { a: 1, b: 2 }), context())).rejects.toThrow(
        /could not start/,
      );
    } finally {
      await source.close();
    }
  });

  it("serves nothing for a workspace without enabled tools", async () => {
    const { workspaceId } = await createGraph(db.prisma);
    expect(await mcpToolSource.runner(db.prisma, workspaceId)).toBeNull();
    expect(await mcpToolSource.catalog(db.prisma, workspaceId)).toEqual([]);
  });
});
