/**
 * The members of one workspace: list them, change a role, remove someone,
 * leave. Every change keeps at least one owner (`LastOwnerError`) and names
 * members only inside this workspace (`MemberNotFoundError` for anyone else).
 */
import type { WorkspaceRoleValue } from "@/core/workspaces/roles";
import type { PrismaClient } from "@/generated/prisma/client";
import { LastOwnerError } from "@/server/errors/last-owner-error";
import { MemberNotFoundError } from "@/server/errors/member-not-found-error";
import { MemberRepository } from "@/server/repositories/member-repository";

/** A member as Settings → Members lists them. Dates are ISO strings. */
export interface MemberView {
  userId: string;
  name: string;
  email: string;
  role: WorkspaceRoleValue;
  joinedAt: string;
  /** True for the caller's own row. */
  you: boolean;
}

/** The member service of one workspace, acting for `callerId`. */
export class MemberService {
  constructor(
    private readonly db: PrismaClient,
    private readonly workspaceId: string,
    private readonly callerId: string,
  ) {}

  /** Every member, earliest first. */
  async list(): Promise<MemberView[]> {
    const members = await new MemberRepository(this.db, this.workspaceId).list();
    return members.map((member) => ({
      userId: member.userId,
      name: member.name,
      email: member.email,
      role: member.role,
      joinedAt: member.joinedAt.toISOString(),
      you: member.userId === this.callerId,
    }));
  }

  /** Gives a member another role; demoting the only owner is refused. */
  async setRole(userId: string, role: WorkspaceRoleValue): Promise<{ userId: string; role: WorkspaceRoleValue }> {
    await this.changeMember(userId, async (members, current, owners) => {
      if (current === role) return;
      if (current === "owner" && owners.length === 1) throw new LastOwnerError(this.workspaceId, userId);
      await members.setRole(userId, role);
    });
    return { userId, role };
  }

  /** Removes a member (an owner only while another owner stays). */
  async remove(userId: string): Promise<{ userId: string }> {
    await this.changeMember(userId, async (members, current, owners) => {
      if (current === "owner" && owners.length === 1) throw new LastOwnerError(this.workspaceId, userId);
      await members.remove(userId);
    });
    return { userId };
  }

  /** The caller leaves the workspace (its only owner cannot). */
  async leave(): Promise<{ workspaceId: string }> {
    await this.remove(this.callerId);
    return { workspaceId: this.workspaceId };
  }

  /**
   * Runs `change` in a transaction holding the owners' rows, with the
   * member's current role and the owners, so the one-owner rule holds under
   * concurrent changes.
   */
  private async changeMember(
    userId: string,
    change: (members: MemberRepository, current: WorkspaceRoleValue, owners: string[]) => Promise<void>,
  ): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const members = new MemberRepository(tx, this.workspaceId);
      const owners = await members.lockOwners();
      const current = await members.findRole(userId);
      if (!current) throw new MemberNotFoundError(userId, this.workspaceId);
      await change(members, current, owners);
    });
  }
}
