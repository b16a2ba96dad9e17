/**
 * What every workspace starts with besides its owner: the price table,
 * seeded from the core's defaults (then edited in Settings → Prices).
 * Called in the transaction that creates a workspace (the seed's default
 * workspace, a sign-up's own workspace, `workspaces.create`).
 */
import { DEFAULT_PRICE_TABLE } from "@/core/models/default-prices";
import type { DbClient } from "@/server/repositories/db-client";

/**
 * Seeds the workspace's price table when it has none yet (a workspace made
 * before prices were per workspace gets them on the next start; one whose
 * owner edited its prices keeps them). Returns how many rows it added.
 */
export async function setUpWorkspace(db: DbClient, workspaceId: string): Promise<number> {
  if ((await db.modelPrice.count({ where: { workspaceId } })) > 0) return 0;
  const rows = DEFAULT_PRICE_TABLE.filter((entry) => entry.provider).map((entry) => ({
    workspaceId,
    provider: entry.provider!,
    model: entry.model,
    inputPerMTok: entry.inputPerMTok,
    outputPerMTok: entry.outputPerMTok,
    cachedInputPerMTok: entry.cachedInputPerMTok ?? null,
  }));
  const { count } = await db.modelPrice.createMany({ data: rows, skipDuplicates: true });
  return count;
}
