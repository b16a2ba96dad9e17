/**
 * From a stored MCP server row to what the client connects with: its
 * environment and headers opened from the secret box, and — for HTTP — a
 * fetch through the outbound address guard with the workspace's allowed
 * hosts. One place for both, used by Settings' refresh and by runs.
 */
import { z } from "zod";

import type { DbClient } from "@/server/repositories/db-client";
import type { McpServerSealedRecord } from "@/server/repositories/mcp-server-repository";
import { getSecretBox } from "@/server/secrets/secret-box";
import { createGuardedFetch } from "@/server/tools/guarded-fetch";
import type { McpConnectOptions } from "./mcp-client";

/** The additional data a server's sealed values are bound to: its workspace, its row and which part. */
export function mcpSealContext(workspaceId: string, serverId: string, part: "env" | "headers"): string {
  return `mcp_servers:${workspaceId}:${serverId}:${part}`;
}

const valuesSchema = z.record(z.string(), z.string());

/** Seals a name → value map (null when empty). */
export function sealValues(values: Record<string, string>, context: string): string | null {
  if (Object.keys(values).length === 0) return null;
  return getSecretBox().seal(JSON.stringify(values), context);
}

/** Opens a sealed name → value map ({} when nothing is stored). */
export function openValues(sealed: string | null, context: string): Record<string, string> {
  if (!sealed) return {};
  return valuesSchema.parse(JSON.parse(getSecretBox().open(sealed, context)));
}

/** The owner-allowed hosts of a workspace (Settings → Tools), for the address guard. */
export async function allowedHostsOf(db: DbClient, workspaceId: string): Promise<string[]> {
  const rows = await db.allowedHost.findMany({ where: { workspaceId }, select: { host: true } });
  return rows.map((row) => row.host);
}

/** How to connect to `server`, and the secret values it holds (never to be shown or stored). */
export function connectOptionsOf(
  server: McpServerSealedRecord,
  allowedHosts: readonly string[],
): { options: McpConnectOptions; secrets: string[] } {
  if (server.transport === "stdio") {
    const env = openValues(server.envSealed, mcpSealContext(server.workspaceId, server.id, "env"));
    const secrets = Object.values(env).filter((value) => value.length > 0);
    return {
      options: {
        name: server.name,
        endpoint: { transport: "stdio", command: server.command ?? "", args: server.args, env },
        timeoutMs: server.timeoutMs,
        secrets,
      },
      secrets,
    };
  }
  const headers = openValues(server.headersSealed, mcpSealContext(server.workspaceId, server.id, "headers"));
  const secrets = Object.values(headers).filter((value) => value.length > 0);
  return {
    options: {
      name: server.name,
      endpoint: { transport: "http", url: server.url ?? "", headers },
      timeoutMs: server.timeoutMs,
      // Every request (and redirect) of the transport passes the address guard.
      fetch: createGuardedFetch({ allowedHosts }),
      secrets,
    },
    secrets,
  };
}
