/**
 * Queries for a workspace's MCP servers. Every query names the workspace;
 * sealed environment and header values are read only by `withSecrets`.
 */
import type { McpTransport, Prisma } from "@/generated/prisma/client";
import type { DbClient } from "./db-client";

/** A server row without its sealed values. */
export interface McpServerRecord {
  id: string;
  workspaceId: string;
  name: string;
  transport: McpTransport;
  command: string | null;
  args: string[];
  url: string | null;
  timeoutMs: number;
  /** As stored: [{ name, description, inputSchema }] (parse before use). */
  tools: unknown;
  enabledTools: string[];
  listedAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A server row with its sealed environment and headers. */
export interface McpServerSealedRecord extends McpServerRecord {
  envSealed: string | null;
  headersSealed: string | null;
}

const select = {
  id: true,
  workspaceId: true,
  name: true,
  transport: true,
  command: true,
  args: true,
  url: true,
  timeoutMs: true,
  tools: true,
  enabledTools: true,
  listedAt: true,
  lastError: true,
  createdAt: true,
  updatedAt: true,
} as const;

const sealedSelect = { ...select, envSealed: true, headersSealed: true } as const;

/** What a create or an update writes. */
export interface McpServerWrite {
  name: string;
  transport: McpTransport;
  command: string | null;
  args: string[];
  envSealed: string | null;
  url: string | null;
  headersSealed: string | null;
  timeoutMs: number;
}

/** Stores and reads MCP servers. */
export class McpServerRepository {
  constructor(private readonly db: DbClient) {}

  /** The workspace's servers by name. */
  list(workspaceId: string): Promise<McpServerRecord[]> {
    return this.db.mcpServer.findMany({ where: { workspaceId }, select, orderBy: { name: "asc" } });
  }

  /** The workspace's servers by name, with their sealed values. */
  listWithSecrets(workspaceId: string): Promise<McpServerSealedRecord[]> {
    return this.db.mcpServer.findMany({ where: { workspaceId }, select: sealedSelect, orderBy: { name: "asc" } });
  }

  /** The workspace's servers with at least one enabled tool, with their sealed values (for runs). */
  listUsableWithSecrets(workspaceId: string): Promise<McpServerSealedRecord[]> {
    return this.db.mcpServer.findMany({
      where: { workspaceId, NOT: { enabledTools: { isEmpty: true } } },
      select: sealedSelect,
      orderBy: { name: "asc" },
    });
  }

  /** One server of the workspace, or null. */
  find(workspaceId: string, id: string): Promise<McpServerRecord | null> {
    return this.db.mcpServer.findFirst({ where: { id, workspaceId }, select });
  }

  /** One server of the workspace with its sealed values, or null. */
  withSecrets(workspaceId: string, id: string): Promise<McpServerSealedRecord | null> {
    return this.db.mcpServer.findFirst({ where: { id, workspaceId }, select: sealedSelect });
  }

  /** Whether another server of the workspace has this name. */
  async nameTaken(workspaceId: string, name: string, exceptId?: string): Promise<boolean> {
    const found = await this.db.mcpServer.findFirst({
      where: { workspaceId, name, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
      select: { id: true },
    });
    return found !== null;
  }

  create(workspaceId: string, id: string, data: McpServerWrite): Promise<McpServerRecord> {
    return this.db.mcpServer.create({ data: { id, workspaceId, ...data }, select });
  }

  /** Updates the server's settings; null when it is not in the workspace. */
  async update(workspaceId: string, id: string, data: McpServerWrite): Promise<McpServerRecord | null> {
    const { count } = await this.db.mcpServer.updateMany({ where: { id, workspaceId }, data });
    return count === 0 ? null : this.find(workspaceId, id);
  }

  /** Deletes the server; false when it is not in the workspace. */
  async delete(workspaceId: string, id: string): Promise<boolean> {
    const { count } = await this.db.mcpServer.deleteMany({ where: { id, workspaceId } });
    return count > 0;
  }

  /** Stores what a refresh found: the listed tools (or the error, keeping the last list). */
  async saveListing(
    workspaceId: string,
    id: string,
    listing: { tools: Prisma.InputJsonValue; enabledTools: string[]; listedAt: Date } | { lastError: string },
  ): Promise<McpServerRecord | null> {
    const data = "lastError" in listing ? { lastError: listing.lastError } : { ...listing, lastError: null };
    const { count } = await this.db.mcpServer.updateMany({ where: { id, workspaceId }, data });
    return count === 0 ? null : this.find(workspaceId, id);
  }

  /** Sets which listed tools agents may use. */
  async setEnabledTools(workspaceId: string, id: string, enabledTools: string[]): Promise<McpServerRecord | null> {
    const { count } = await this.db.mcpServer.updateMany({ where: { id, workspaceId }, data: { enabledTools } });
    return count === 0 ? null : this.find(workspaceId, id);
  }
}
