/**
 * Queries for workspaces, users and memberships — what every procedure's
 * membership check and the seed need.
 */
import type { MembershipRole } from "@/generated/prisma/client";
import type { DbClient } from "./db-client";

export type { MembershipRole } from "@/generated/prisma/client";

/** A workspace. */
export interface WorkspaceRecord {
  id: string;
  slug: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A user. */
export interface UserRecord {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
}

/** A workspace as seen by one member. */
export interface MemberWorkspace extends WorkspaceRecord {
  role: MembershipRole;
}

const workspaceSelect = { id: true, slug: true, name: true, createdAt: true, updatedAt: true } as const;
const userSelect = { id: true, email: true, name: true, createdAt: true } as const;

/** Stores and reads workspaces, users and memberships. */
export class WorkspaceRepository {
  constructor(private readonly db: DbClient) {}

  /** Creates a workspace; the slug must be unused. */
  async createWorkspace(input: { slug: string; name: string }): Promise<WorkspaceRecord> {
    return this.db.workspace.create({ data: input, select: workspaceSelect });
  }

  /** Returns the workspace with this slug, creating it (with `name`) if missing; never renames. */
  async ensureWorkspace(input: { slug: string; name: string }): Promise<WorkspaceRecord> {
    return this.db.workspace.upsert({
      where: { slug: input.slug },
      create: input,
      update: {},
      select: workspaceSelect,
    });
  }

  /** The workspace with this slug, or null. */
  async findWorkspaceBySlug(slug: string): Promise<WorkspaceRecord | null> {
    return this.db.workspace.findUnique({ where: { slug }, select: workspaceSelect });
  }

  /** Returns the user with this email, creating it (with `name`) if missing; never renames. */
  async ensureUser(input: { email: string; name: string }): Promise<UserRecord> {
    return this.db.user.upsert({ where: { email: input.email }, create: input, update: {}, select: userSelect });
  }

  /** The user with this email, or null. */
  async findUserByEmail(email: string): Promise<UserRecord | null> {
    return this.db.user.findUnique({ where: { email }, select: userSelect });
  }

  /** Gives the user `role` in the workspace (adding the membership if needed). */
  async setMembership(input: { workspaceId: string; userId: string; role: MembershipRole }): Promise<void> {
    const key = { workspaceId: input.workspaceId, userId: input.userId };
    await this.db.membership.upsert({
      where: { workspaceId_userId: key },
      create: { ...key, role: input.role },
      update: { role: input.role },
      select: { id: true },
    });
  }

  /** The user's role in the workspace, or null when not a member. */
  async findRole(input: { workspaceId: string; userId: string }): Promise<MembershipRole | null> {
    const membership = await this.db.membership.findUnique({
      where: { workspaceId_userId: { workspaceId: input.workspaceId, userId: input.userId } },
      select: { role: true },
    });
    return membership?.role ?? null;
  }

  /** The workspaces the user belongs to, by name, with the user's role. */
  async listForUser(userId: string): Promise<MemberWorkspace[]> {
    const memberships = await this.db.membership.findMany({
      where: { userId },
      select: { role: true, workspace: { select: workspaceSelect } },
      orderBy: { workspace: { name: "asc" } },
    });
    return memberships.map(({ role, workspace }) => ({ ...workspace, role }));
  }
}
