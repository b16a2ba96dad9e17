/**
 * Queries for invitations. Only the SHA-256 of an invite token is stored and
 * looked up; the token itself never reaches the database. Queries by id name
 * the workspace.
 */
import type { MembershipRole } from "@/generated/prisma/client";
import type { DbClient } from "./db-client";

/** An invitation as stored (without its token hash). */
export interface InvitationRecord {
  id: string;
  workspaceId: string;
  role: MembershipRole;
  email: string | null;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
  createdBy: { id: string; name: string; email: string } | null;
  acceptedBy: { id: string; name: string; email: string } | null;
}

/** An invitation found by its token, with what the invite page shows. */
export interface InvitationByToken extends InvitationRecord {
  workspaceName: string;
}

const person = { select: { id: true, name: true, email: true } } as const;

const invitationSelect = {
  id: true,
  workspaceId: true,
  role: true,
  email: true,
  expiresAt: true,
  acceptedAt: true,
  revokedAt: true,
  createdAt: true,
  createdBy: person,
  acceptedBy: person,
} as const;

/** Stores and reads invitations. */
export class InvitationRepository {
  constructor(private readonly db: DbClient) {}

  /** Stores a new invitation under the hash of its token. */
  async create(input: {
    workspaceId: string;
    role: MembershipRole;
    email: string | null;
    tokenHash: string;
    expiresAt: Date;
    createdById: string;
  }): Promise<InvitationRecord> {
    return this.db.invitation.create({ data: input, select: invitationSelect });
  }

  /** The workspace's invitations, newest first. */
  async list(workspaceId: string): Promise<InvitationRecord[]> {
    return this.db.invitation.findMany({
      where: { workspaceId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: invitationSelect,
    });
  }

  /** One invitation of the workspace, or null. */
  async find(workspaceId: string, id: string): Promise<InvitationRecord | null> {
    return this.db.invitation.findFirst({ where: { id, workspaceId }, select: invitationSelect });
  }

  /** The invitation whose token hashes to `tokenHash`, with its workspace's name, or null. */
  async findByTokenHash(tokenHash: string): Promise<InvitationByToken | null> {
    const row = await this.db.invitation.findUnique({
      where: { tokenHash },
      select: { ...invitationSelect, workspace: { select: { name: true } } },
    });
    if (!row) return null;
    const { workspace, ...invitation } = row;
    return { ...invitation, workspaceName: workspace.name };
  }

  /**
   * Marks a pending invitation accepted by `userId` — one conditional UPDATE,
   * so two people racing for one link cannot both win. False when it was no
   * longer pending (accepted, revoked or expired at `now`).
   */
  async markAccepted(id: string, userId: string, now: Date): Promise<boolean> {
    const { count } = await this.db.invitation.updateMany({
      where: { id, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { acceptedAt: now, acceptedById: userId },
    });
    return count === 1;
  }

  /** Revokes a not yet accepted invitation of the workspace; false when it was accepted or revoked meanwhile. */
  async markRevoked(workspaceId: string, id: string, now: Date): Promise<boolean> {
    const { count } = await this.db.invitation.updateMany({
      where: { id, workspaceId, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    return count === 1;
  }
}
