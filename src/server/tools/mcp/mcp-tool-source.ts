/**
 * The MCP servers' tools in the workspace tool catalog (kind "mcp"): each
 * server's enabled tools, named `<server>__<tool>` (see mcp-tool-names.ts),
 * with the description and input schema the server listed. An enabled tool
 * that cannot be used (its input schema does not compile, its name became
 * too long…) is left out: Settings shows why.
 *
 * A run's runner connects to a server on the first call of one of its
 * tools, reuses that connection for the rest of the run and closes it when
 * the run ends. A server that cannot be reached makes each call of its
 * tools a tool error in words (the connection failure is remembered for the
 * run, so a down server costs one timeout, not one per call); the runtime
 * decides what the agent does next. Nothing here waits longer than the
 * server's timeout.
 */
import { mcpToolUsability } from "@/core/tools/mcp-tool-names";
import type { ModelToolSpec } from "@/core/models/model-port";
import type { ToolInvocation, ToolRunContext, ToolRunner } from "@/core/runtime/ports";
import type { PrismaClient } from "@/generated/prisma/client";
import { McpServerRepository, type McpServerSealedRecord } from "@/server/repositories/mcp-server-repository";
import type { CatalogTool, SourceRunner, ToolSource } from "../tool-sources";
import { McpConnection, type McpConnectOptions } from "./mcp-client";
import { allowedHostsOf, connectOptionsOf } from "./mcp-server-config";
import { McpServerError } from "./mcp-server-error";
import { mcpToolParameters, storedTools } from "./stored-tools";
import { checkToolArguments } from "../tool-arguments";

/** One enabled tool of one server, under its catalog name. */
interface EnabledTool {
  catalogName: string;
  tool: string;
  description: string;
  parameters: Record<string, unknown>;
  server: McpServerSealedRecord;
}

/** The enabled, usable tools of `servers`, in server then listing order. */
function enabledTools(servers: McpServerSealedRecord[]): EnabledTool[] {
  return servers.flatMap((server) => {
    const tools = storedTools(server.tools);
    const namings = mcpToolUsability(server.name, tools);
    const enabled = new Set(server.enabledTools);
    return tools.flatMap((tool, i) => {
      const catalogName = namings[i]!.catalogName;
      if (!catalogName || namings[i]!.unusableReason !== null || !enabled.has(tool.name)) return [];
      return [
        {
          catalogName,
          tool: tool.name,
          description: tool.description,
          parameters: mcpToolParameters(tool),
          server,
        },
      ];
    });
  });
}

/** A server's connection for one run: opened on first use, its failure remembered. */
class ServerLink {
  private connection: Promise<McpConnection> | null = null;

  constructor(private readonly options: McpConnectOptions | Error) {}

  get(): Promise<McpConnection> {
    if (this.options instanceof Error) return Promise.reject(this.options);
    this.connection ??= McpConnection.connect(this.options);
    return this.connection;
  }

  /** Forgets a connection that broke (the server stopped): the next call connects again. */
  reset(broken: Promise<McpConnection>): void {
    if (this.connection !== broken) return;
    this.connection = null;
    void broken.then((connection) => connection.close()).catch(() => {});
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    if (connection) await connection.then((open) => open.close()).catch(() => {});
  }
}

/** `promise`, or a rejection as soon as `signal` aborts (a cancelled run does not wait for a slow connect). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal, server: string): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error(`the call to MCP server "${server}" was cancelled`));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error(`the call to MCP server "${server}" was cancelled`));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** The runner serving `tools` for one run. */
function createRunner(tools: EnabledTool[], allowedHosts: string[]): SourceRunner {
  const byName = new Map(tools.map((tool) => [tool.catalogName, tool]));
  const links = new Map<string, ServerLink>();
  const secrets = new Set<string>();
  for (const tool of tools) {
    if (links.has(tool.server.id)) continue;
    try {
      const { options, secrets: values } = connectOptionsOf(tool.server, allowedHosts);
      for (const value of values) secrets.add(value);
      links.set(tool.server.id, new ServerLink(options));
    } catch (error) {
      // A value that no longer decrypts (the secret key changed): this server's tools fail in words, the rest work.
      links.set(
        tool.server.id,
        new ServerLink(new Error(`MCP server "${tool.server.name}" cannot be used: ${(error as Error).message}`)),
      );
    }
  }
  let closed = false;

  const runner: ToolRunner = {
    spec(name: string): ModelToolSpec | null {
      const tool = byName.get(name);
      return tool ? { name, description: tool.description, parameters: tool.parameters } : null;
    },
    async run(invocation: ToolInvocation, context: ToolRunContext): Promise<string> {
      const tool = byName.get(invocation.name);
      if (!tool) throw new Error(`${invocation.name} is not a tool of this workspace's MCP servers`);
      if (closed) throw new Error(`the run has ended: MCP server "${tool.server.name}" is closed`);
      const args = invocation.args ?? {};
      if (typeof args !== "object" || Array.isArray(args)) {
        throw new Error(`the arguments of ${invocation.name} must be a JSON object`);
      }
      // Before connecting: arguments the tool's inputSchema refuses never reach the server.
      checkToolArguments(invocation.name, tool.parameters, args);
      const link = links.get(tool.server.id)!;
      const pending = link.get();
      const connection = await untilAborted(pending, context.signal, tool.server.name);
      try {
        return await connection.callTool(tool.tool, args as Record<string, unknown>, context.signal);
      } catch (error) {
        if (error instanceof McpServerError && (error.reason === "exited" || error.reason === "unreachable"))
          link.reset(pending);
        throw error;
      }
    },
  };

  return {
    runner,
    secrets: [...secrets],
    async close() {
      closed = true;
      await Promise.all([...links.values()].map((link) => link.close()));
    },
  };
}

/** The "mcp" tool source. */
export const mcpToolSource: ToolSource = {
  kind: "mcp",

  async catalog(db: PrismaClient, workspaceId: string): Promise<CatalogTool[]> {
    const servers = await new McpServerRepository(db).listUsableWithSecrets(workspaceId);
    return enabledTools(servers).map((tool) => ({
      name: tool.catalogName,
      kind: "mcp",
      description: tool.description,
      parameters: tool.parameters,
      source: `MCP server ${tool.server.name}`,
    }));
  },

  async runner(db: PrismaClient, workspaceId: string): Promise<SourceRunner | null> {
    const servers = await new McpServerRepository(db).listUsableWithSecrets(workspaceId);
    const tools = enabledTools(servers);
    if (tools.length === 0) return null;
    return createRunner(tools, await allowedHostsOf(db, workspaceId));
  },
};
