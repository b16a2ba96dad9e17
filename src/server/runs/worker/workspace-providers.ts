/**
 * The model providers and prices a run in a workspace uses, read once when
 * it starts. A chain entry naming a provider (`credentialId`) gets that
 * provider's key and base URL — only from the run's own workspace; an entry
 * naming none gets the worker's environment (OPENAI_API_KEY…), as before
 * providers were per workspace.
 */
import type { ModelRef } from "@/core/models/model-ref";
import type { PriceTable } from "@/core/models/pricing";
import { CHAIN_PROVIDER_OF_KIND, PROVIDER_KIND_LABELS } from "@/core/providers/provider-input";
import type { PrismaClient } from "@/generated/prisma/client";
import type { ProviderCredential, ResolveCredential } from "@/server/models/credentials";
import { openProviderKey } from "@/server/providers/provider-key";
import { ProviderRepository, type ProviderSecretRecord } from "@/server/repositories/provider-repository";
import { workspacePriceTable } from "@/server/services/prices";
import type { WorkerProviders } from "./provider-env";

/** Credentials, prices and key values of a workspace's providers. */
export interface WorkspaceProviders {
  resolveCredential: ResolveCredential;
  priceTable?: PriceTable;
  secrets: string[];
}

interface OpenedProvider {
  record: ProviderSecretRecord;
  /** The plain key, or the reason it could not be opened. */
  key: { ok: true; value: string | null } | { ok: false; error: string };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

export async function workspaceProviders(
  db: PrismaClient,
  workspaceId: string,
  fallback: WorkerProviders,
): Promise<WorkspaceProviders> {
  const [records, priceTable] = await Promise.all([
    new ProviderRepository(db, workspaceId).listSecrets(),
    workspacePriceTable(db, workspaceId),
  ]);
  const providers = new Map<string, OpenedProvider>(records.map((record) => [record.id, open(workspaceId, record)]));
  const secrets = [...providers.values()].flatMap(({ key }) => (key.ok && key.value ? [key.value] : []));

  const resolveCredential: ResolveCredential = (entry: ModelRef) => {
    if (entry.provider === "scripted") return null;
    if (!entry.credentialId) return fallback.resolveCredential(entry);
    return credentialOf(entry, providers.get(entry.credentialId));
  };
  return { resolveCredential, priceTable, secrets: [...new Set([...fallback.secrets, ...secrets])] };
}

function open(workspaceId: string, record: ProviderSecretRecord): OpenedProvider {
  if (!record.keySealed) return { record, key: { ok: true, value: null } };
  try {
    return { record, key: { ok: true, value: openProviderKey(workspaceId, record.id, record.keySealed) } };
  } catch (error) {
    return { record, key: { ok: false, error: (error as Error).message } };
  }
}

/**
 * The credential of `entry` from its workspace's provider. Throws (a model
 * error of the call, see ai-sdk-model-client) when the provider is gone,
 * of another kind, its key cannot be opened, or the entry would send the
 * key to a base URL of its own.
 */
function credentialOf(
  entry: Exclude<ModelRef, { provider: "scripted" }>,
  provider: OpenedProvider | undefined,
): ProviderCredential {
  if (!provider)
    throw new Error(
      "the model provider this chain entry names does not exist in this workspace (it was deleted, or the graph came from another workspace): pick a provider for it in the model chain",
    );
  const { record, key } = provider;
  const expected = CHAIN_PROVIDER_OF_KIND[record.kind];
  if (entry.provider !== expected)
    throw new Error(
      `provider "${record.name}" is ${PROVIDER_KIND_LABELS[record.kind]}, but this chain entry is ${entry.provider}: pick the provider again in the model chain`,
    );
  if (!key.ok) throw new Error(`the key of provider "${record.name}" cannot be opened: ${key.error}`);
  if (
    entry.provider === "openai-compatible" &&
    entry.baseURL &&
    (!record.baseUrl || trimSlash(entry.baseURL) !== trimSlash(record.baseUrl))
  )
    throw new Error(
      `this chain entry sets its own base URL, which differs from provider "${record.name}"'s: remove the entry's base URL (the provider's is used)`,
    );
  return {
    ...(key.value && { apiKey: key.value }),
    ...(record.baseUrl && { baseURL: record.baseUrl }),
  };
}
