/**
 * Invitations by link: an owner creates one (role, optional email, expiry)
 * and gets its link once; the token is random and only its SHA-256 is
 * stored. Anyone holding the link may see what it invites to; a signed-in
 * person accepts it once, in one transaction with their new membership.
 */
import {
  inviteLinkState,
  invitationState,
  type InvitationState,
  type InviteLinkState,
} from "@/core/workspaces/invitation-state";
import { higherRole, roleAtLeast, withArticle, type WorkspaceRoleValue } from "@/core/workspaces/roles";
import { invitePath } from "@/core/workspaces/workspace-inputs";
import type { PrismaClient } from "@/generated/prisma/client";
import { InvitationNotFoundError } from "@/server/errors/invitation-not-found-error";
import { InvitationUnusableError } from "@/server/errors/invitation-unusable-error";
import { InvitationRepository, type InvitationRecord } from "@/server/repositories/invitation-repository";
import { MemberRepository } from "@/server/repositories/member-repository";

import { hashInviteToken, newInviteToken } from "./invite-token";

const DAY_MS = 24 * 60 * 60 * 1000;

/** An invitation as owners list it: never its token or hash. Dates are ISO strings. */
export interface InvitationView {
  id: string;
  role: WorkspaceRoleValue;
  email: string | null;
  state: InvitationState;
  createdAt: string;
  expiresAt: string;
  createdBy: { name: string; email: string } | null;
  acceptedAt: string | null;
  acceptedBy: { name: string; email: string } | null;
  revokedAt: string | null;
}

/** A new invitation with its link: the only time the token is handed out. */
export interface CreatedInvitation extends InvitationView {
  /** `/invite/<token>`: the browser prefixes its origin. */
  link: string;
}

/** What the invite page may show to anyone holding the link, and nothing more. */
export interface InviteSummary {
  workspaceName: string;
  role: WorkspaceRoleValue;
  inviterName: string | null;
  state: InviteLinkState;
}

/** What accepting did. */
export interface AcceptedInvite {
  workspaceId: string;
  workspaceName: string;
  /** The caller's role in the workspace now. */
  role: WorkspaceRoleValue;
  /** joined: new member; promoted: an existing member got the invite's higher role; unchanged: they already had it or more. */
  outcome: "joined" | "promoted" | "unchanged";
  message: string;
}

function view(invitation: InvitationRecord, now: Date): InvitationView {
  const who = (user: InvitationRecord["createdBy"]) => (user ? { name: user.name, email: user.email } : null);
  return {
    id: invitation.id,
    role: invitation.role,
    email: invitation.email,
    state: invitationState(invitation, now),
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    createdBy: who(invitation.createdBy),
    acceptedAt: invitation.acceptedAt?.toISOString() ?? null,
    acceptedBy: who(invitation.acceptedBy),
    revokedAt: invitation.revokedAt?.toISOString() ?? null,
  };
}

/** The invitations of one workspace, as its owners manage them. */
export class InvitationService {
  private readonly invitations: InvitationRepository;

  constructor(
    db: PrismaClient,
    private readonly workspaceId: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.invitations = new InvitationRepository(db);
  }

  /** A new invitation valid for `expiresInDays`, with its link. */
  async create(input: {
    role: WorkspaceRoleValue;
    email?: string;
    expiresInDays: number;
    createdById: string;
  }): Promise<CreatedInvitation> {
    const now = this.now();
    const { token, tokenHash } = newInviteToken();
    const invitation = await this.invitations.create({
      workspaceId: this.workspaceId,
      role: input.role,
      email: input.email ?? null,
      tokenHash,
      expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
      createdById: input.createdById,
    });
    return { ...view(invitation, now), link: invitePath(token) };
  }

  /** Every invitation of the workspace, newest first, with its state. */
  async list(): Promise<InvitationView[]> {
    const now = this.now();
    return (await this.invitations.list(this.workspaceId)).map((invitation) => view(invitation, now));
  }

  /** Revokes a pending (or expired) invitation; an accepted or revoked one is refused. */
  async revoke(invitationId: string): Promise<InvitationView> {
    const now = this.now();
    const invitation = await this.invitations.find(this.workspaceId, invitationId);
    if (!invitation) throw new InvitationNotFoundError(invitationId, this.workspaceId);
    if (!(await this.invitations.markRevoked(this.workspaceId, invitationId, now))) {
      const latest = (await this.invitations.find(this.workspaceId, invitationId)) ?? invitation;
      throw new InvitationUnusableError(invitationId, latest.acceptedAt ? "used" : "revoked", "revoke");
    }
    return view({ ...invitation, revokedAt: now }, now);
  }
}

/** What the link `token` invites to (for anyone holding it); `InvitationNotFoundError` for an unknown token. */
export async function inspectInvite(db: PrismaClient, token: string, now: Date = new Date()): Promise<InviteSummary> {
  const invitation = await new InvitationRepository(db).findByTokenHash(hashInviteToken(token));
  if (!invitation) throw new InvitationNotFoundError(null);
  return {
    workspaceName: invitation.workspaceName,
    role: invitation.role,
    inviterName: invitation.createdBy?.name ?? null,
    state: inviteLinkState(invitation, now),
  };
}

/**
 * Accepts the invitation of `token` for `userId`, in one transaction: the
 * invitation is marked used (only once, even under a race) and the user gets
 * its role. A member who already has that role or a higher one keeps it and
 * the link stays unused for whoever it was meant for. Expired, revoked and
 * used links are refused and change nothing.
 */
export async function acceptInvite(
  db: PrismaClient,
  input: { token: string; userId: string },
  now: Date = new Date(),
): Promise<AcceptedInvite> {
  return db.$transaction(async (tx) => {
    const invitations = new InvitationRepository(tx);
    const invitation = await invitations.findByTokenHash(hashInviteToken(input.token));
    if (!invitation) throw new InvitationNotFoundError(null);
    const state = inviteLinkState(invitation, now);
    if (state !== "valid") throw new InvitationUnusableError(invitation.id, state);

    const members = new MemberRepository(tx, invitation.workspaceId);
    const base = { workspaceId: invitation.workspaceId, workspaceName: invitation.workspaceName };
    const current = await members.findRole(input.userId);
    if (current && roleAtLeast(current, invitation.role)) {
      return {
        ...base,
        role: current,
        outcome: "unchanged" as const,
        message: `You are already ${withArticle(current)} of “${invitation.workspaceName}”: you keep that role, and the invite stays unused.`,
      };
    }
    if (!(await invitations.markAccepted(invitation.id, input.userId, now))) {
      // Someone accepted or an owner revoked it between our read and our write.
      const latest = await invitations.findByTokenHash(hashInviteToken(input.token));
      const latestState = latest ? inviteLinkState(latest, now) : "revoked";
      throw new InvitationUnusableError(invitation.id, latestState === "valid" ? "used" : latestState);
    }
    const role = current ? higherRole(current, invitation.role) : invitation.role;
    await members.upsert(input.userId, role);
    return {
      ...base,
      role,
      outcome: current ? ("promoted" as const) : ("joined" as const),
      message: current
        ? `You were ${withArticle(current)} of “${invitation.workspaceName}”; you are now ${withArticle(role)}.`
        : `You joined “${invitation.workspaceName}” as ${withArticle(role)}.`,
    };
  });
}
