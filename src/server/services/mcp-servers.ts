/**
 * A workspace's MCP servers: add, change and delete them, list their tools
 * from the server itself (refresh) and choose which of those agents may
 * use. Environment and header values are sealed at rest and never leave
 * the server: views carry their names only.
 */
import { randomUUID } from "node:crypto";

import { type McpListedTool, type McpServerSettings } from "@/core/tools/mcp-server-schema";
import { mcpToolUsability } from "@/core/tools/mcp-tool-names";
import type { PrismaClient } from "@/generated/prisma/client";
import { InvalidInputError } from "@/server/errors/invalid-input-error";
import { McpServerNameTakenError } from "@/server/errors/mcp-server-name-taken-error";
import { McpServerNotFoundError } from "@/server/errors/mcp-server-not-found-error";
import {
  McpServerRepository,
  type McpServerSealedRecord,
  type McpServerWrite,
} from "@/server/repositories/mcp-server-repository";
import { ToolNameTakenError } from "@/server/errors/tool-name-taken-error";
import { SecretDecryptError } from "@/server/secrets/secret-box";
import { McpConnection } from "@/server/tools/mcp/mcp-client";
import { McpServerError } from "@/server/tools/mcp/mcp-server-error";
import { checkedTools, storedTools, type StoredMcpTool } from "@/server/tools/mcp/stored-tools";
import { TOOL_SOURCES } from "@/server/tools/tool-sources";
import {
  allowedHostsOf,
  connectOptionsOf,
  mcpSealContext,
  openValues,
  sealValues,
} from "@/server/tools/mcp/mcp-server-config";

/** A listed tool as Settings shows it. */
export interface McpToolView {
  name: string;
  description: string;
  /** What agents and graph documents call it (`<server>__<tool>`), or null when it cannot be given to models. */
  catalogName: string | null;
  /** Why agents cannot be given it (name too long or taken, input schema not valid), in words; null when they can. */
  unusableReason: string | null;
  /** Whether agents may use it: chosen by an editor and usable. */
  enabled: boolean;
}

/** A server as Settings shows it: never an environment or header value. Dates are ISO strings. */
export interface McpServerView {
  id: string;
  name: string;
  transport: "stdio" | "http";
  command: string | null;
  args: string[];
  /** Names of the environment variables set for a stdio server (values are write-only). */
  envNames: string[];
  url: string | null;
  /** Names of the headers sent to an HTTP server (values are write-only). */
  headerNames: string[];
  /** Set when the stored values cannot be decrypted (the secret key changed). */
  secretsError: string | null;
  timeoutMs: number;
  tools: McpToolView[];
  /** The enabled tools agents can use (a chosen tool that became unusable is not among them). */
  enabledTools: string[];
  listedAt: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What `refresh` found. */
export interface McpRefreshResult {
  ok: boolean;
  /** Why listing failed, in words (also stored as the server's last error). */
  error: string | null;
  /** Tools that were enabled and no longer are after this listing, each with why. */
  turnedOff: { name: string; reason: string }[];
  server: McpServerView;
}

function secretNames(server: McpServerSealedRecord): { names: string[]; error: string | null } {
  const part = server.transport === "stdio" ? "env" : "headers";
  const sealed = server.transport === "stdio" ? server.envSealed : server.headersSealed;
  try {
    return { names: Object.keys(openValues(sealed, mcpSealContext(server.workspaceId, server.id, part))), error: null };
  } catch (error) {
    if (error instanceof SecretDecryptError) return { names: [], error: error.message };
    throw error;
  }
}

function view(server: McpServerSealedRecord): McpServerView {
  const tools = storedTools(server.tools);
  const enabled = new Set(server.enabledTools);
  const namings = mcpToolUsability(server.name, tools);
  const usable = new Set(namings.filter((naming) => naming.unusableReason === null).map((naming) => naming.tool));
  const secrets = secretNames(server);
  return {
    id: server.id,
    name: server.name,
    transport: server.transport,
    command: server.command,
    args: server.args,
    envNames: server.transport === "stdio" ? secrets.names : [],
    url: server.url,
    headerNames: server.transport === "http" ? secrets.names : [],
    secretsError: secrets.error,
    timeoutMs: server.timeoutMs,
    tools: tools.map((tool, i) => ({
      name: tool.name,
      description: tool.description,
      catalogName: namings[i]!.catalogName,
      unusableReason: namings[i]!.unusableReason,
      enabled: enabled.has(tool.name) && usable.has(tool.name),
    })),
    enabledTools: server.enabledTools.filter((name) => usable.has(name)),
    listedAt: server.listedAt?.toISOString() ?? null,
    lastError: server.lastError,
    createdAt: server.createdAt.toISOString(),
    updatedAt: server.updatedAt.toISOString(),
  };
}

/**
 * The name → value map a settings' rows describe: a row with a value sets
 * it, a row without one keeps the stored value of that name (a form never
 * sees stored values), a name that is not listed is dropped.
 */
function mergeValues(
  rows: { name: string; value?: string | undefined }[],
  stored: Record<string, string>,
  what: "environment variable" | "header",
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const row of rows) {
    const value = row.value ?? stored[row.name];
    if (value === undefined) throw new InvalidInputError(`Give a value for the ${what} ${row.name}.`);
    values[row.name] = value;
  }
  return values;
}

/** MCP servers of one workspace. */
export class McpServerService {
  private readonly repository: McpServerRepository;

  constructor(
    private readonly db: PrismaClient,
    private readonly workspaceId: string,
  ) {
    this.repository = new McpServerRepository(db);
  }

  /** Every server of the workspace, by name. */
  async list(): Promise<McpServerView[]> {
    const rows = await this.repository.listWithSecrets(this.workspaceId);
    return rows.map(view);
  }

  /** Adds a server (its tools are listed by `refresh`). */
  async create(settings: McpServerSettings): Promise<McpServerView> {
    if (await this.repository.nameTaken(this.workspaceId, settings.name))
      throw new McpServerNameTakenError(settings.name);
    const id = randomUUID();
    await this.repository.create(this.workspaceId, id, this.write(id, settings, {}));
    return this.get(id);
  }

  /** Changes a server's settings; environment and header rows without a value keep theirs. */
  async update(id: string, settings: McpServerSettings): Promise<McpServerView> {
    const current = await this.sealed(id);
    if (await this.repository.nameTaken(this.workspaceId, settings.name, id))
      throw new McpServerNameTakenError(settings.name);
    if (settings.name !== current.name) {
      await this.checkCatalogNamesFree(settings.name, storedTools(current.tools), current.enabledTools, "rename");
    }
    const part = current.transport === "stdio" ? "env" : "headers";
    const stored =
      current.transport === settings.transport
        ? openValues(
            current.transport === "stdio" ? current.envSealed : current.headersSealed,
            mcpSealContext(this.workspaceId, id, part),
          )
        : {};
    const updated = await this.repository.update(this.workspaceId, id, this.write(id, settings, stored));
    if (!updated) throw new McpServerNotFoundError(id, this.workspaceId);
    return this.get(id);
  }

  /** Deletes a server; its tools leave the catalog. */
  async delete(id: string): Promise<{ id: string }> {
    if (!(await this.repository.delete(this.workspaceId, id))) throw new McpServerNotFoundError(id, this.workspaceId);
    return { id };
  }

  /**
   * Connects to the server and lists its tools: stores them, each with
   * whether its input schema compiles under the argument checker (enabled
   * tools still listed and usable stay enabled; the others are turned off
   * and named in `turnedOff` with why) or, when the server cannot be
   * reached, the error in words, keeping the last list.
   */
  async refresh(id: string): Promise<McpRefreshResult> {
    const server = await this.sealed(id);
    const { options } = connectOptionsOf(server, await allowedHostsOf(this.db, this.workspaceId));
    let tools: McpListedTool[];
    try {
      const connection = await McpConnection.connect(options);
      try {
        tools = await connection.listTools();
      } finally {
        await connection.close();
      }
    } catch (error) {
      if (!(error instanceof McpServerError)) throw error;
      await this.repository.saveListing(this.workspaceId, id, { lastError: error.message });
      return { ok: false, error: error.message, turnedOff: [], server: await this.get(id) };
    }
    const checked = checkedTools(tools);
    const namings = new Map(mcpToolUsability(server.name, checked).map((naming) => [naming.tool, naming]));
    const turnedOff: McpRefreshResult["turnedOff"] = [];
    const enabledTools = server.enabledTools.filter((name) => {
      const naming = namings.get(name);
      if (naming?.unusableReason === null) return true;
      turnedOff.push({ name, reason: naming ? naming.unusableReason : "the server no longer lists it" });
      return false;
    });
    await this.repository.saveListing(this.workspaceId, id, {
      tools: checked as unknown as object[],
      enabledTools,
      listedAt: new Date(),
    });
    return { ok: true, error: null, turnedOff, server: await this.get(id) };
  }

  /**
   * Sets which of the listed tools agents may use; refuses, changing
   * nothing, names the server did not list and tools that cannot be used
   * (name too long or taken, input schema not valid), naming the reason.
   */
  async setEnabledTools(id: string, names: string[]): Promise<McpServerView> {
    const server = await this.sealed(id);
    const tools = storedTools(server.tools);
    const namings = mcpToolUsability(server.name, tools);
    const byName = new Map(namings.map((naming) => [naming.tool, naming]));
    for (const name of names) {
      const naming = byName.get(name);
      if (!naming) {
        throw new InvalidInputError(
          `MCP server "${server.name}" does not list a tool named ${name}${
            tools.length === 0 ? ": refresh its tools first" : ` (it lists ${tools.map((t) => t.name).join(", ")})`
          }.`,
        );
      }
      if (naming.unusableReason)
        throw new InvalidInputError(
          `The tool ${name} of MCP server "${server.name}" cannot be given to agents: ${naming.unusableReason}.`,
        );
    }
    const enabled = tools.map((tool) => tool.name).filter((name) => names.includes(name));
    await this.checkCatalogNamesFree(server.name, tools, enabled, "enable");
    await this.repository.setEnabledTools(this.workspaceId, id, enabled);
    return this.get(id);
  }

  /**
   * Refuses when a catalog name the server's enabled tools would have
   * (`<server>__<tool>`) is already another source's tool (an HTTP tool
   * named `docs__search`): names are unique across the catalog. Other MCP
   * servers cannot collide (server names are unique and never hold `_`).
   */
  private async checkCatalogNamesFree(
    serverName: string,
    tools: StoredMcpTool[],
    enabled: readonly string[],
    action: "enable" | "rename",
  ): Promise<void> {
    const on = new Set(enabled);
    const names = mcpToolUsability(serverName, tools).filter(
      (naming) => naming.catalogName !== null && on.has(naming.tool),
    );
    if (names.length === 0) return;
    for (const source of TOOL_SOURCES) {
      if (source.kind === "mcp") continue;
      const taken = new Map((await source.catalog(this.db, this.workspaceId)).map((tool) => [tool.name, tool]));
      for (const naming of names) {
        const holder = taken.get(naming.catalogName!);
        if (!holder) continue;
        throw new ToolNameTakenError(
          naming.catalogName!,
          `the ${holder.source}`,
          action === "enable"
            ? `Rename or delete that tool before enabling ${naming.tool} of MCP server "${serverName}".`
            : `Renaming MCP server to "${serverName}" would give its enabled tool ${naming.tool} that name: rename or delete that tool, disable ${naming.tool}, or choose another server name.`,
        );
      }
    }
  }

  private async sealed(id: string): Promise<McpServerSealedRecord> {
    const server = await this.repository.withSecrets(this.workspaceId, id);
    if (!server) throw new McpServerNotFoundError(id, this.workspaceId);
    return server;
  }

  private async get(id: string): Promise<McpServerView> {
    return view(await this.sealed(id));
  }

  private write(id: string, settings: McpServerSettings, stored: Record<string, string>): McpServerWrite {
    if (settings.transport === "stdio") {
      const env = mergeValues(settings.env, stored, "environment variable");
      return {
        name: settings.name,
        transport: "stdio",
        command: settings.command,
        args: settings.args,
        envSealed: sealValues(env, mcpSealContext(this.workspaceId, id, "env")),
        url: null,
        headersSealed: null,
        timeoutMs: settings.timeoutMs,
      };
    }
    const headers = mergeValues(settings.headers, stored, "header");
    return {
      name: settings.name,
      transport: "http",
      command: null,
      args: [],
      envSealed: null,
      url: settings.url,
      headersSealed: sealValues(headers, mcpSealContext(this.workspaceId, id, "headers")),
      timeoutMs: settings.timeoutMs,
    };
  }
}
