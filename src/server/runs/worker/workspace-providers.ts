/**
 * The model providers a run in a workspace uses. Until workspaces hold
 * their own providers (Settings → Providers), the worker's environment.
 */
import type { PriceTable } from "@/core/models/pricing";
import type { PrismaClient } from "@/generated/prisma/client";
import type { ResolveCredential } from "@/server/models/credentials";
import type { WorkerProviders } from "./provider-env";

/** Credentials, prices and key values of a workspace's providers. */
export interface WorkspaceProviders {
  resolveCredential: ResolveCredential;
  priceTable?: PriceTable;
  secrets: string[];
}

export async function workspaceProviders(
  _db: PrismaClient,
  _workspaceId: string,
  fallback: WorkerProviders,
): Promise<WorkspaceProviders> {
  return { resolveCredential: fallback.resolveCredential, secrets: fallback.secrets };
}
