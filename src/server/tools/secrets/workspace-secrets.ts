/**
 * Workspace secrets (Settings → Tools → Secrets): values HTTP tool headers
 * reference as `{{secrets.NAME}}`. Stored sealed with the secret box, bound
 * to the workspace and name; only the name and last four characters ever
 * leave the server. `openWorkspaceSecrets` opens them for a tool call.
 */
import { lastFour, getSecretBox, type SecretBox } from "@/server/secrets/secret-box";
import type { DbClient } from "@/server/repositories/db-client";
import { SecretInUseError } from "@/server/errors/secret-in-use-error";
import { WorkspaceSecretNotFoundError } from "@/server/errors/workspace-secret-not-found-error";
import { secretReferences } from "@/core/tools/http-tool-schema";

/** A secret as the UI sees it. */
export interface SecretSummary {
  name: string;
  last4: string;
  updatedAt: Date;
}

/** The sealing context of a secret: a sealed value copied to another name or workspace does not open. */
export function secretContext(workspaceId: string, name: string): string {
  return `workspace-secret:${workspaceId}:${name}`;
}

/** Every secret of the workspace, opened, by name. */
export async function openWorkspaceSecrets(
  db: DbClient,
  workspaceId: string,
  box: SecretBox = getSecretBox(),
): Promise<Map<string, string>> {
  const rows = await db.workspaceSecret.findMany({ where: { workspaceId }, select: { name: true, valueSealed: true } });
  return new Map(rows.map((row) => [row.name, box.open(row.valueSealed, secretContext(workspaceId, row.name))]));
}

/** The names of the HTTP tools whose headers reference `name`. */
async function toolsUsing(db: DbClient, workspaceId: string, name: string): Promise<string[]> {
  const tools = await db.httpTool.findMany({
    where: { workspaceId },
    select: { name: true, headers: true },
    orderBy: { name: "asc" },
  });
  return tools
    .filter((tool) =>
      (Array.isArray(tool.headers) ? tool.headers : []).some(
        (h) => typeof h === "object" && h !== null && "value" in h && secretReferences(String(h.value)).includes(name),
      ),
    )
    .map((tool) => tool.name);
}

export class WorkspaceSecretService {
  constructor(
    private readonly db: DbClient,
    private readonly workspaceId: string,
  ) {}

  async list(): Promise<SecretSummary[]> {
    return this.db.workspaceSecret.findMany({
      where: { workspaceId: this.workspaceId },
      select: { name: true, last4: true, updatedAt: true },
      orderBy: { name: "asc" },
    });
  }

  /** Creates the secret or replaces its value. */
  async set(name: string, value: string): Promise<SecretSummary> {
    const valueSealed = getSecretBox().seal(value, secretContext(this.workspaceId, name));
    const last4 = lastFour(value);
    return this.db.workspaceSecret.upsert({
      where: { workspaceId_name: { workspaceId: this.workspaceId, name } },
      create: { workspaceId: this.workspaceId, name, valueSealed, last4 },
      update: { valueSealed, last4 },
      select: { name: true, last4: true, updatedAt: true },
    });
  }

  /** Deletes the secret; refused while an HTTP tool's headers reference it. */
  async delete(name: string): Promise<{ name: string }> {
    const users = await toolsUsing(this.db, this.workspaceId, name);
    if (users.length > 0) throw new SecretInUseError(name, users);
    const { count } = await this.db.workspaceSecret.deleteMany({ where: { workspaceId: this.workspaceId, name } });
    if (count === 0) throw new WorkspaceSecretNotFoundError(name);
    return { name };
  }

  /** The names of the workspace's secrets. */
  async names(): Promise<Set<string>> {
    const rows = await this.db.workspaceSecret.findMany({
      where: { workspaceId: this.workspaceId },
      select: { name: true },
    });
    return new Set(rows.map((r) => r.name));
  }
}
