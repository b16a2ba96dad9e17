/**
 * What one run gets from its workspace: the credentials of its model
 * providers, the prices its model calls are charged at, the tools of the
 * workspace catalog, and every secret value those hold (masked in stored
 * events and sessions). Read once when the run starts, so a change in
 * Settings applies to the next run, never half-way through one.
 */
import type { PriceTable } from "@/core/models/pricing";
import type { ToolRunner } from "@/core/runtime/ports";
import type { PrismaClient } from "@/generated/prisma/client";
import type { ResolveCredential } from "@/server/models/credentials";
import type { WorkerProviders } from "./provider-env";
import { workspaceProviders } from "./workspace-providers";
import { workspaceTools } from "./workspace-tools";

/** The workspace-specific ports of one run. */
export interface RunResources {
  resolveCredential: ResolveCredential;
  /** Prices of the workspace; undefined: the core's defaults. */
  priceTable?: PriceTable;
  /** Serves the workspace's catalog tools (HTTP, MCP); undefined: built-in tools only. */
  tools?: ToolRunner;
  /** Every secret value the run may meet (provider keys, tool secrets): masked in what is stored. */
  secrets: string[];
  /** Releases what the run held (MCP connections); called once the run has ended. */
  close(): Promise<void>;
}

/** What resolving a run's resources needs from its worker. */
export interface RunResourceContext {
  db: PrismaClient;
  /** The worker's environment providers (OPENAI_API_KEY…): the fallback when a workspace has none. */
  providers: WorkerProviders;
}

/** The resources of a run in `workspaceId`. */
export async function resolveRunResources(ctx: RunResourceContext, workspaceId: string): Promise<RunResources> {
  const providers = await workspaceProviders(ctx.db, workspaceId, ctx.providers);
  const tools = await workspaceTools(ctx.db, workspaceId);
  return {
    resolveCredential: providers.resolveCredential,
    priceTable: providers.priceTable,
    tools: tools.runner,
    secrets: [...new Set([...providers.secrets, ...tools.secrets])],
    close: tools.close,
  };
}
