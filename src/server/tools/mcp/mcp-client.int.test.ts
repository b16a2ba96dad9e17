/**
 * The MCP client against @modelcontextprotocol/server-everything started
 * here: stdio and streamable HTTP, a server that never answers, a command
 * that does not exist and a server that is down — each with its error in
 * words and no process left behind.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { McpConnection } from "./mcp-client";
import { McpServerError, McpToolError } from "./mcp-server-error";
import {
  type EverythingHttp,
  everythingStdio,
  isRunning,
  processGroupOf,
  processesWith,
  silentStdio,
  startEverythingHttp,
  wrappedEverythingStdio,
} from "./testing/everything-server";

async function failure(promise: Promise<unknown>): Promise<McpServerError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(McpServerError);
  return error as McpServerError;
}

describe("stdio", () => {
  it("lists server-everything's tools and calls echo and get-sum", async () => {
    const marker = `ags-mcp-${randomUUID()}`;
    const { command, args } = everythingStdio();
    const connection = await McpConnection.connect({
      name: "everything",
      endpoint: { transport: "stdio", command, args: [...args], env: { AGS_TEST_MARKER: marker } },
      timeoutMs: 15_000,
    });
    try {
      const tools = await connection.listTools();
      const echo = tools.find((tool) => tool.name === "echo");
      expect(echo?.description).toBe("Echoes back the input string");
      expect(echo?.inputSchema).toMatchObject({ type: "object", properties: { message: { type: "string" } } });
      expect(tools.map((tool) => tool.name)).toContain("get-sum");

      expect(await connection.callTool("echo", { message: "hello" })).toBe("Echo: hello");
      expect(await connection.callTool("get-sum", { a: 2, b: 3 })).toBe("The sum of 2 and 3 is 5.");
      // The server's environment holds the configured variable (get-env returns it as JSON).
      expect(await connection.callTool("get-env", {})).toContain(marker);
    } finally {
      await connection.close();
    }
  });

  it("reports a tool's error result as a tool error, and a call of an unknown tool in words", async () => {
    const { command, args } = everythingStdio();
    const connection = await McpConnection.connect({
      name: "everything",
      endpoint: { transport: "stdio", command, args, env: {} },
      timeoutMs: 15_000,
    });
    try {
      const error = await connection.callTool("get-sum", { a: "not a number" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message.length).toBeGreaterThan(5);
      const unknown = await connection.callTool("no-such-tool", {}).catch((e: unknown) => e);
      expect(unknown instanceof McpToolError || unknown instanceof McpServerError).toBe(true);
      expect((unknown as Error).message).toMatch(/no-such-tool/);
    } finally {
      await connection.close();
    }
  });

  it("gives up on a server that never answers, in words, and leaves nothing running", async () => {
    const marker = `ags-silent-${randomUUID()}`;
    const { command, args } = silentStdio(marker);
    const started = Date.now();
    const error = await failure(
      McpConnection.connect({
        name: "silent",
        endpoint: { transport: "stdio", command, args, env: {} },
        timeoutMs: 1500,
      }),
    );
    expect(error.message).toBe('MCP server "silent" did not answer within 1.5 s');
    expect(error.reason).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(10_000);
    // A failed connect closes before it throws, and close resolves once the process is gone.
    expect(processesWith(marker)).toEqual([]);
  });

  it("says when the command does not exist", async () => {
    const error = await failure(
      McpConnection.connect({
        name: "missing",
        endpoint: { transport: "stdio", command: "ags-no-such-command-7f3a", args: [], env: {} },
        timeoutMs: 5000,
      }),
    );
    expect(error.reason).toBe("command_not_found");
    expect(error.message).toBe(
      'MCP server "missing" could not start: the command "ags-no-such-command-7f3a" was not found on the server machine; check its spelling, install it, or give its full path',
    );
  });

  it("says when the command exits instead of serving, with what it printed, without repeating secrets", async () => {
    const error = await failure(
      McpConnection.connect({
        name: "crashes",
        endpoint: {
          transport: "stdio",
          command: process.execPath,
          args: ["-e", "console.error('bad token ' + process.env.TOKEN); process.exit(3)"],
          env: { TOKEN: "tok-secret-123" },
        },
        // Generous: the process must have time to start and exit on a busy machine.
        timeoutMs: 15_000,
        secrets: ["tok-secret-123"],
      }),
    );
    expect(error.reason).toBe("exited");
    expect(error.message).toContain('MCP server "crashes" exited before it answered');
    expect(error.message).toContain("bad token [redacted]");
    expect(error.message).not.toContain("tok-secret-123");
  });

  it("stops the server's process on close", async () => {
    const marker = `ags-close-${randomUUID()}`;
    const { command, args } = everythingStdio();
    const connection = await McpConnection.connect({
      name: "everything",
      endpoint: { transport: "stdio", command, args: [...args, marker], env: {} },
      timeoutMs: 15_000,
    });
    expect(processesWith(marker).length).toBe(1);
    await connection.close();
    expect(processesWith(marker)).toEqual([]);
  });

  it("stops the whole process tree of a server started through a wrapper on close", async () => {
    const marker = `ags-tree-${randomUUID()}`;
    const { command, args } = wrappedEverythingStdio(marker);
    const connection = await McpConnection.connect({
      name: "wrapped",
      endpoint: { transport: "stdio", command, args, env: {} },
      timeoutMs: 15_000,
    });
    let pids: number[] = [];
    try {
      expect(await connection.callTool("echo", { message: "through sh" })).toBe("Echo: through sh");
      // The wrapper, the server and the helper: one process group, led by the wrapper.
      pids = processesWith(marker);
      expect(pids.length).toBe(3);
      const groups = new Set(pids.map(processGroupOf));
      expect(groups.size).toBe(1);
      expect(pids).toContain([...groups][0]);
    } finally {
      await connection.close();
    }
    // close() resolves once the group is gone: nothing to wait for, even the helper that ignores SIGTERM.
    expect(pids.filter(isRunning)).toEqual([]);
  });
});

describe("streamable HTTP", () => {
  let server: EverythingHttp;

  beforeAll(async () => {
    server = await startEverythingHttp();
  });

  afterAll(async () => {
    await server?.close();
  });

  it("lists tools and calls echo, sending the configured headers", async () => {
    const seen: string[] = [];
    const connection = await McpConnection.connect({
      name: "remote",
      endpoint: { transport: "http", url: server.url, headers: { "X-Api-Key": "k-123" } },
      timeoutMs: 15_000,
      fetch: (url, init) => {
        seen.push(new Headers(init?.headers).get("x-api-key") ?? "none");
        return fetch(url, init);
      },
    });
    try {
      const tools = await connection.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["echo", "get-sum"]));
      expect(await connection.callTool("echo", { message: "over http" })).toBe("Echo: over http");
    } finally {
      await connection.close();
    }
    expect(seen.length).toBeGreaterThan(1);
    expect(new Set(seen)).toEqual(new Set(["k-123"]));
  });

  it("says when the server is down", async () => {
    const down = await startEverythingHttp();
    await down.close();
    expect(isRunning(down.pid)).toBe(false);
    const error = await failure(
      McpConnection.connect({
        name: "remote",
        endpoint: { transport: "http", url: down.url, headers: {} },
        timeoutMs: 5000,
      }),
    );
    expect(error.reason).toBe("unreachable");
    expect(error.message).toBe(
      `MCP server "remote" is not reachable at ${down.url}: the connection was refused (is the server running?)`,
    );
  });

  it("says which HTTP status a wrong URL got", async () => {
    const error = await failure(
      McpConnection.connect({
        name: "remote",
        endpoint: { transport: "http", url: server.url.replace("/mcp", "/nope"), headers: {} },
        timeoutMs: 5000,
      }),
    );
    expect(error.reason).toBe("http_status");
    expect(error.message).toContain('MCP server "remote" answered HTTP 404');
  });
});
