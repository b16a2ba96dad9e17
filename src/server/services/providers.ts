/**
 * A workspace's model providers (Settings → Providers): add, change,
 * remove, test the connection, keep the model list. Keys are sealed before
 * they are stored and never returned; what callers get is `ProviderView`.
 */
import { randomUUID } from "node:crypto";

import { providerProblems, type ProviderCreate, type ProviderUpdate } from "@/core/providers/provider-input";
import { InvalidInputError } from "@/server/errors/invalid-input-error";
import { ProviderNameTakenError } from "@/server/errors/provider-name-taken-error";
import { ProviderNotFoundError } from "@/server/errors/provider-not-found-error";
import { checkConnection, type ConnectionCheck } from "@/server/providers/check-connection";
import { openProviderKey, sealProviderKey } from "@/server/providers/provider-key";
import { ProviderRepository, type ProviderRecord } from "@/server/repositories/provider-repository";
import type { DbClient } from "@/server/repositories/db-client";

/** A provider as the browser sees it: `keyLast4` and `hasKey`, never the key. Dates as ISO strings. */
export interface ProviderView {
  id: string;
  kind: ProviderRecord["kind"];
  name: string;
  baseUrl: string | null;
  keyLast4: string | null;
  hasKey: boolean;
  models: string[];
  lastCheck: { at: string; ok: boolean; message: string } | null;
  createdAt: string;
  updatedAt: string;
}

function toView(record: ProviderRecord): ProviderView {
  return {
    id: record.id,
    kind: record.kind,
    name: record.name,
    baseUrl: record.baseUrl,
    keyLast4: record.keyLast4,
    hasKey: record.hasKey,
    models: record.models,
    lastCheck:
      record.checkedAt && record.checkOk !== null
        ? { at: record.checkedAt.toISOString(), ok: record.checkOk, message: record.checkMessage ?? "" }
        : null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

/** What "test connection" returns: the check and the provider as stored after it. */
export interface ConnectionTestResult {
  ok: boolean;
  message: string;
  provider: ProviderView;
}

export class ProviderService {
  private readonly repository: ProviderRepository;

  constructor(
    db: DbClient,
    private readonly workspaceId: string,
    private readonly options: { checkTimeoutMs?: number } = {},
  ) {
    this.repository = new ProviderRepository(db, workspaceId);
  }

  async list(): Promise<ProviderView[]> {
    return (await this.repository.list()).map(toView);
  }

  async create(input: ProviderCreate): Promise<ProviderView> {
    if (await this.repository.nameTaken(input.name)) throw new ProviderNameTakenError(input.name, this.workspaceId);
    const id = randomUUID();
    const key = input.apiKey ? sealProviderKey(this.workspaceId, id, input.apiKey) : null;
    await this.repository.create({
      id,
      kind: input.kind,
      name: input.name,
      baseUrl: input.baseUrl ?? null,
      keySealed: key?.keySealed ?? null,
      keyLast4: key?.keyLast4 ?? null,
    });
    return this.view(id);
  }

  /** Changes name, base URL or key (empty key: keep it; `removeKey`: forget it). A new endpoint or key needs a new test. */
  async update(input: ProviderUpdate): Promise<ProviderView> {
    const current = await this.repository.findSecret(input.id);
    if (!current) throw new ProviderNotFoundError(input.id, this.workspaceId);
    const baseUrl = input.baseUrl === undefined ? current.baseUrl : input.baseUrl;
    const apiKey = input.apiKey ? input.apiKey : null;
    const problems = providerProblems(current.kind, { baseUrl, apiKey }, false);
    if (input.removeKey && current.kind !== "openai_compatible")
      problems.push({ path: "apiKey", message: "OpenAI and Anthropic providers need a key: replace it instead." });
    if (problems.length > 0) throw new InvalidInputError(problems.map((problem) => problem.message).join(" "));
    if (input.name !== undefined && (await this.repository.nameTaken(input.name, input.id)))
      throw new ProviderNameTakenError(input.name, this.workspaceId);
    const key = apiKey ? sealProviderKey(this.workspaceId, input.id, apiKey) : null;
    const endpointChanged = baseUrl !== current.baseUrl || key !== null || Boolean(input.removeKey);
    await this.repository.update(input.id, {
      ...(input.name !== undefined && { name: input.name }),
      baseUrl,
      ...(key && key),
      ...(input.removeKey && !key && { keySealed: null, keyLast4: null }),
      ...(endpointChanged && { checkedAt: null, checkOk: null, checkMessage: null }),
    });
    return this.view(input.id);
  }

  async delete(id: string): Promise<{ id: string }> {
    if (!(await this.repository.delete(id))) throw new ProviderNotFoundError(id, this.workspaceId);
    return { id };
  }

  /**
   * Calls the provider's models endpoint with the stored key, stores the
   * outcome (and the model list it read) and returns it in words.
   */
  async test(id: string): Promise<ConnectionTestResult> {
    const provider = await this.repository.findSecret(id);
    if (!provider) throw new ProviderNotFoundError(id, this.workspaceId);
    let check: ConnectionCheck;
    try {
      const apiKey = provider.keySealed ? openProviderKey(this.workspaceId, id, provider.keySealed) : null;
      check = await checkConnection(
        { kind: provider.kind, baseUrl: provider.baseUrl, apiKey },
        { timeoutMs: this.options.checkTimeoutMs },
      );
    } catch (error) {
      // The key cannot be opened (another AGS_SECRET_KEY): say so instead of calling without it.
      check = { ok: false, message: (error as Error).message, models: null };
    }
    await this.repository.update(id, {
      checkedAt: new Date(),
      checkOk: check.ok,
      checkMessage: check.message,
      ...(check.models && { models: check.models }),
    });
    return { ok: check.ok, message: check.message, provider: await this.view(id) };
  }

  /** Replaces the model list (providers without a models endpoint). */
  async setModels(id: string, models: string[]): Promise<ProviderView> {
    if (!(await this.repository.update(id, { models }))) throw new ProviderNotFoundError(id, this.workspaceId);
    return this.view(id);
  }

  private async view(id: string): Promise<ProviderView> {
    const record = await this.repository.find(id);
    if (!record) throw new ProviderNotFoundError(id, this.workspaceId);
    return toView(record);
  }
}
