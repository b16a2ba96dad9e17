/**
 * The catalog tools (HTTP, MCP) a run in a workspace may call. Until the
 * workspace tool catalog lands (Settings → Tools), none: built-in tools only.
 */
import type { ToolRunner } from "@/core/runtime/ports";
import type { PrismaClient } from "@/generated/prisma/client";

/** A run's tool runner, the secrets its tools hold, and how to release it. */
export interface WorkspaceTools {
  runner?: ToolRunner;
  secrets: string[];
  close(): Promise<void>;
}

export async function workspaceTools(_db: PrismaClient, _workspaceId: string): Promise<WorkspaceTools> {
  return { secrets: [], close: async () => {} };
}
