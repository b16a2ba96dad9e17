/**
 * Queries on a workspace's model providers. Every query names the
 * workspace; the sealed key is read only by `findSecret` (the server's own
 * uses: test connection, runs), never by what procedures return.
 */
import type { ProviderKind } from "@/generated/prisma/client";
import type { DbClient } from "./db-client";

/** A provider as procedures may show it: no key, sealed or not. */
export interface ProviderRecord {
  id: string;
  kind: ProviderKind;
  name: string;
  baseUrl: string | null;
  keyLast4: string | null;
  hasKey: boolean;
  models: string[];
  checkedAt: Date | null;
  checkOk: boolean | null;
  checkMessage: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A provider with its sealed key, for the server's own calls to it. */
export interface ProviderSecretRecord {
  id: string;
  workspaceId: string;
  kind: ProviderKind;
  name: string;
  baseUrl: string | null;
  keySealed: string | null;
}

const PUBLIC_SELECT = {
  id: true,
  kind: true,
  name: true,
  baseUrl: true,
  keyLast4: true,
  keySealed: true,
  models: true,
  checkedAt: true,
  checkOk: true,
  checkMessage: true,
  createdAt: true,
  updatedAt: true,
} as const;

const SECRET_SELECT = { id: true, workspaceId: true, kind: true, name: true, baseUrl: true, keySealed: true } as const;

function toRecord(row: {
  id: string;
  kind: ProviderKind;
  name: string;
  baseUrl: string | null;
  keyLast4: string | null;
  keySealed: string | null;
  models: string[];
  checkedAt: Date | null;
  checkOk: boolean | null;
  checkMessage: string | null;
  createdAt: Date;
  updatedAt: Date;
}): ProviderRecord {
  const { keySealed, ...rest } = row;
  return { ...rest, hasKey: keySealed !== null };
}

export class ProviderRepository {
  constructor(
    private readonly db: DbClient,
    private readonly workspaceId: string,
  ) {}

  /** The workspace's providers by name. */
  async list(): Promise<ProviderRecord[]> {
    const rows = await this.db.modelProvider.findMany({
      where: { workspaceId: this.workspaceId },
      select: PUBLIC_SELECT,
      orderBy: [{ name: "asc" }, { id: "asc" }],
    });
    return rows.map(toRecord);
  }

  async find(id: string): Promise<ProviderRecord | null> {
    const row = await this.db.modelProvider.findFirst({
      where: { id, workspaceId: this.workspaceId },
      select: PUBLIC_SELECT,
    });
    return row ? toRecord(row) : null;
  }

  async findSecret(id: string): Promise<ProviderSecretRecord | null> {
    return this.db.modelProvider.findFirst({ where: { id, workspaceId: this.workspaceId }, select: SECRET_SELECT });
  }

  /** Every provider with its sealed key (a run's credentials). */
  async listSecrets(): Promise<ProviderSecretRecord[]> {
    return this.db.modelProvider.findMany({ where: { workspaceId: this.workspaceId }, select: SECRET_SELECT });
  }

  async nameTaken(name: string, exceptId?: string): Promise<boolean> {
    const row = await this.db.modelProvider.findFirst({
      where: {
        workspaceId: this.workspaceId,
        name: { equals: name, mode: "insensitive" },
        ...(exceptId && { id: { not: exceptId } }),
      },
      select: { id: true },
    });
    return row !== null;
  }

  async create(data: {
    id: string;
    kind: ProviderKind;
    name: string;
    baseUrl: string | null;
    keySealed: string | null;
    keyLast4: string | null;
  }): Promise<void> {
    await this.db.modelProvider.create({ data: { ...data, workspaceId: this.workspaceId }, select: { id: true } });
  }

  /** Updates the row; false when it is not in the workspace. */
  async update(
    id: string,
    data: {
      name?: string;
      baseUrl?: string | null;
      keySealed?: string | null;
      keyLast4?: string | null;
      models?: string[];
      checkedAt?: Date | null;
      checkOk?: boolean | null;
      checkMessage?: string | null;
    },
  ): Promise<boolean> {
    const { count } = await this.db.modelProvider.updateMany({ where: { id, workspaceId: this.workspaceId }, data });
    return count === 1;
  }

  async delete(id: string): Promise<boolean> {
    const { count } = await this.db.modelProvider.deleteMany({ where: { id, workspaceId: this.workspaceId } });
    return count === 1;
  }
}
