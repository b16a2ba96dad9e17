/**
 * A workspace's price table (Settings → Prices): USD per 1M tokens per
 * provider and model. Runs read it when they start (workspace-providers.ts);
 * a model without a row is priced "unknown", never zero.
 */
import type { PriceTable } from "@/core/models/pricing";
import type { PriceProvider, PriceRow } from "@/core/providers/price-input";
import type { PrismaClient } from "@/generated/prisma/client";
import { PriceConflictError } from "@/server/errors/price-conflict-error";
import { PriceNotFoundError } from "@/server/errors/price-not-found-error";
import type { DbClient } from "@/server/repositories/db-client";
import { setUpWorkspace } from "./workspace-setup";

/** One row as the browser sees it. */
export interface PriceView {
  id: string;
  provider: PriceProvider;
  model: string;
  inputPerMTok: number;
  outputPerMTok: number;
  cachedInputPerMTok: number | null;
  updatedAt: string;
}

const SELECT = {
  id: true,
  provider: true,
  model: true,
  inputPerMTok: true,
  outputPerMTok: true,
  cachedInputPerMTok: true,
  updatedAt: true,
} as const;

/** The workspace's rows as the core's price table (what a run is charged at). */
export async function workspacePriceTable(db: DbClient, workspaceId: string): Promise<PriceTable> {
  const rows = await db.modelPrice.findMany({
    where: { workspaceId },
    select: SELECT,
    orderBy: [{ provider: "asc" }, { model: "asc" }],
  });
  return rows.map((row) => ({
    provider: row.provider,
    model: row.model,
    inputPerMTok: row.inputPerMTok,
    outputPerMTok: row.outputPerMTok,
    ...(row.cachedInputPerMTok !== null && { cachedInputPerMTok: row.cachedInputPerMTok }),
  }));
}

/** Rows are only written through `priceInputSchema`, so their provider is one of PRICE_PROVIDERS. */
function toView(row: {
  id: string;
  provider: string;
  model: string;
  inputPerMTok: number;
  outputPerMTok: number;
  cachedInputPerMTok: number | null;
  updatedAt: Date;
}): PriceView {
  return { ...row, provider: row.provider as PriceProvider, updatedAt: row.updatedAt.toISOString() };
}

export class PriceService {
  constructor(
    private readonly db: PrismaClient,
    private readonly workspaceId: string,
  ) {}

  /** Every row, by provider then model. */
  async list(): Promise<PriceView[]> {
    const rows = await this.db.modelPrice.findMany({
      where: { workspaceId: this.workspaceId },
      select: SELECT,
      orderBy: [{ provider: "asc" }, { model: "asc" }],
    });
    return rows.map(toView);
  }

  /**
   * With `id`: changes that row (refused when another row has the new
   * provider and model). Without: adds the row, or replaces the prices of
   * the row with the same provider and model.
   */
  async set(input: PriceRow & { id?: string }): Promise<PriceView> {
    const { id, ...row } = input;
    const data = { ...row, workspaceId: this.workspaceId };
    const same = await this.db.modelPrice.findFirst({
      where: {
        workspaceId: this.workspaceId,
        provider: row.provider,
        model: { equals: row.model, mode: "insensitive" },
      },
      select: { id: true },
    });
    if (id) {
      if (same && same.id !== id) throw new PriceConflictError(row.provider, row.model);
      const { count } = await this.db.modelPrice.updateMany({ where: { id, workspaceId: this.workspaceId }, data });
      if (count !== 1) throw new PriceNotFoundError(id, this.workspaceId);
      return this.view(id);
    }
    if (same) {
      await this.db.modelPrice.update({ where: { id: same.id }, data, select: { id: true } });
      return this.view(same.id);
    }
    const created = await this.db.modelPrice.create({ data, select: { id: true } });
    return this.view(created.id);
  }

  async delete(id: string): Promise<{ id: string }> {
    const { count } = await this.db.modelPrice.deleteMany({ where: { id, workspaceId: this.workspaceId } });
    if (count !== 1) throw new PriceNotFoundError(id, this.workspaceId);
    return { id };
  }

  /** Replaces the whole table with the core's defaults (edits and added rows are lost). */
  async resetToDefaults(): Promise<PriceView[]> {
    await this.db.$transaction(async (tx) => {
      await tx.modelPrice.deleteMany({ where: { workspaceId: this.workspaceId } });
      await setUpWorkspace(tx, this.workspaceId);
    });
    return this.list();
  }

  private async view(id: string): Promise<PriceView> {
    const row = await this.db.modelPrice.findFirst({ where: { id, workspaceId: this.workspaceId }, select: SELECT });
    if (!row) throw new PriceNotFoundError(id, this.workspaceId);
    return toView(row);
  }
}
