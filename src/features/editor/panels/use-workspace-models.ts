"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";

import { DEFAULT_PRICE_TABLE } from "@/core/models/default-prices";
import type { PriceTable } from "@/core/models/pricing";
import { useTRPC } from "@/trpc/react";

import type { WorkspaceProvider } from "./provider-choice";

/**
 * The workspace's providers (for the model picker; never keys) and its price
 * table (what runs are charged at). Until the prices load, the core's
 * defaults label models.
 */
export function useWorkspaceModels(): {
  providers: WorkspaceProvider[];
  priceTable: PriceTable;
  /** False while the workspace's prices load (then `priceTable` is the core's defaults). */
  pricesLoaded: boolean;
} {
  const trpc = useTRPC();
  const providers = useQuery(trpc.providers.list.queryOptions(undefined, { staleTime: 30_000 }));
  const prices = useQuery(trpc.prices.list.queryOptions(undefined, { staleTime: 30_000 }));
  const priceTable = useMemo<PriceTable>(
    () =>
      prices.data
        ? prices.data.map((row) => ({
            provider: row.provider,
            model: row.model,
            inputPerMTok: row.inputPerMTok,
            outputPerMTok: row.outputPerMTok,
            ...(row.cachedInputPerMTok !== null && { cachedInputPerMTok: row.cachedInputPerMTok }),
          }))
        : DEFAULT_PRICE_TABLE,
    [prices.data],
  );
  const list = useMemo(() => providers.data ?? [], [providers.data]);
  return { providers: list, priceTable, pricesLoaded: prices.data !== undefined };
}
