/**
 * The owner's exceptions to the address guard (Settings → Tools → Allowed
 * hosts): hosts tools may call although they resolve to loopback, private or
 * link-local addresses. Entries are normalised by `allowedHostSchema`
 * ("localhost", "localhost:8080", "[::1]"); see address-guard.ts for how
 * they match.
 */
import type { DbClient } from "@/server/repositories/db-client";
import { AllowedHostNotFoundError } from "@/server/errors/allowed-host-not-found-error";

export interface AllowedHostSummary {
  host: string;
  createdAt: Date;
}

/** The allowed host entries of a workspace, for the guard. */
export async function workspaceAllowedHosts(db: DbClient, workspaceId: string): Promise<string[]> {
  const rows = await db.allowedHost.findMany({
    where: { workspaceId },
    select: { host: true },
    orderBy: { host: "asc" },
  });
  return rows.map((row) => row.host);
}

export class AllowedHostService {
  constructor(
    private readonly db: DbClient,
    private readonly workspaceId: string,
  ) {}

  async list(): Promise<AllowedHostSummary[]> {
    return this.db.allowedHost.findMany({
      where: { workspaceId: this.workspaceId },
      select: { host: true, createdAt: true },
      orderBy: { host: "asc" },
    });
  }

  /** Adds a normalised host; adding one already there changes nothing. */
  async add(host: string, userId: string): Promise<AllowedHostSummary> {
    return this.db.allowedHost.upsert({
      where: { workspaceId_host: { workspaceId: this.workspaceId, host } },
      create: { workspaceId: this.workspaceId, host, createdById: userId },
      update: {},
      select: { host: true, createdAt: true },
    });
  }

  async remove(host: string): Promise<{ host: string }> {
    const { count } = await this.db.allowedHost.deleteMany({ where: { workspaceId: this.workspaceId, host } });
    if (count === 0) throw new AllowedHostNotFoundError(host);
    return { host };
  }
}
