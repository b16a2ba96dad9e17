/**
 * Queries for the members of one workspace. Every query names the
 * workspace, so a user id from another workspace finds nothing here.
 */
import type { MembershipRole } from "@/generated/prisma/client";
import type { DbClient } from "./db-client";

/** A member as stored: the user and their role. */
export interface MemberRecord {
  userId: string;
  name: string;
  email: string;
  role: MembershipRole;
  joinedAt: Date;
}

/** Stores and reads memberships of one workspace. */
export class MemberRepository {
  constructor(
    private readonly db: DbClient,
    private readonly workspaceId: string,
  ) {}

  /** Every member, earliest first. */
  async list(): Promise<MemberRecord[]> {
    const rows = await this.db.membership.findMany({
      where: { workspaceId: this.workspaceId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { role: true, createdAt: true, user: { select: { id: true, name: true, email: true } } },
    });
    return rows.map((row) => ({
      userId: row.user.id,
      name: row.user.name,
      email: row.user.email,
      role: row.role,
      joinedAt: row.createdAt,
    }));
  }

  /** The user's role here, or null when they are not a member. */
  async findRole(userId: string): Promise<MembershipRole | null> {
    const row = await this.db.membership.findUnique({
      where: { workspaceId_userId: { workspaceId: this.workspaceId, userId } },
      select: { role: true },
    });
    return row?.role ?? null;
  }

  /**
   * The owners' user ids, their rows locked until the transaction ends: two
   * owner changes at once (each demoting the other) run one after the other,
   * so the second sees the first's result and cannot leave no owner.
   */
  async lockOwners(): Promise<string[]> {
    const rows = await this.db.$queryRaw<{ user_id: string }[]>`
      SELECT user_id::text AS user_id FROM memberships
       WHERE workspace_id = ${this.workspaceId}::uuid AND role = 'owner'
       ORDER BY user_id
         FOR UPDATE`;
    return rows.map((row) => row.user_id);
  }

  /** Sets an existing member's role. */
  async setRole(userId: string, role: MembershipRole): Promise<void> {
    await this.db.membership.update({
      where: { workspaceId_userId: { workspaceId: this.workspaceId, userId } },
      data: { role },
      select: { id: true },
    });
  }

  /** Adds the user with `role`, or sets the role of an existing member. */
  async upsert(userId: string, role: MembershipRole): Promise<void> {
    await this.db.membership.upsert({
      where: { workspaceId_userId: { workspaceId: this.workspaceId, userId } },
      create: { workspaceId: this.workspaceId, userId, role },
      update: { role },
      select: { id: true },
    });
  }

  /** Removes the member. */
  async remove(userId: string): Promise<void> {
    await this.db.membership.delete({
      where: { workspaceId_userId: { workspaceId: this.workspaceId, userId } },
      select: { id: true },
    });
  }
}
