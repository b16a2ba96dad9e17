import { createHash } from "node:crypto";

import { beforeEach, describe, expect, it } from "vitest";

import { as, expectRefused, membersWorld, type MembersWorld } from "@/server/api/testing/member-fixtures";
import { setupTestDatabase } from "@/server/db/test-db";

const db = setupTestDatabase();
let w: MembersWorld;

const DAY_MS = 24 * 60 * 60 * 1000;

beforeEach(async () => {
  w = await membersWorld(db.prisma);
});

/** The token at the end of an invite link. */
function tokenOf(link: string): string {
  const match = /^\/invite\/([A-Za-z0-9_-]{43})$/.exec(link);
  expect(match, link).not.toBeNull();
  return match![1]!;
}

async function invite(role: "owner" | "editor" | "viewer" = "editor", email?: string) {
  const created = await as(db.prisma, w.owner, w.acme).invitations.create({ role, ...(email && { email }) });
  return { ...created, token: tokenOf(created.link) };
}

async function roleOf(workspaceId: string, userId: string): Promise<string | null> {
  const row = await db.prisma.membership.findUnique({ where: { workspaceId_userId: { workspaceId, userId } } });
  return row?.role ?? null;
}

/** Every invitations row as text, as a leaked table would show it. */
async function invitationRowsText(): Promise<string> {
  const rows = await db.prisma.$queryRaw<{ row: string }[]>`SELECT to_jsonb(i)::text AS row FROM invitations i`;
  return rows.map((row) => row.row).join("\n");
}

describe("the invite flow", () => {
  it("create → inspect → accept as another user → member with the role; a second accept is refused", async () => {
    const before = Date.now();
    const created = await invite("editor", "Nina@Members.test");
    expect(created).toMatchObject({ role: "editor", email: "nina@members.test", state: "pending" });
    expect(created.createdBy).toEqual({ name: "Olivia", email: "olivia@members.test" });
    // Seven days unless the owner says otherwise.
    const lifetime = new Date(created.expiresAt).getTime() - before;
    expect(lifetime).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(lifetime).toBeLessThan(7 * DAY_MS + 60_000);

    // Anyone holding the link, signed out, sees what it invites to.
    expect(await as(db.prisma, null).invitations.inspect({ token: created.token })).toEqual({
      workspaceName: "Acme",
      role: "editor",
      inviterName: "Olivia",
      state: "valid",
    });

    const accepted = await as(db.prisma, w.newcomer).invitations.accept({ token: created.token });
    expect(accepted).toEqual({
      workspaceId: w.acme,
      workspaceName: "Acme",
      role: "editor",
      outcome: "joined",
      message: "You joined “Acme” as an editor.",
    });
    expect(await roleOf(w.acme, w.newcomer)).toBe("editor");
    const members = await as(db.prisma, w.owner, w.acme).members.list();
    expect(members.find((member) => member.userId === w.newcomer)).toMatchObject({ name: "Nina", role: "editor" });
    // The newcomer now works in Acme (their only workspace) and may edit there.
    expect((await as(db.prisma, w.newcomer).workspaces.current()).workspace.id).toBe(w.acme);
    await as(db.prisma, w.newcomer).graphs.create({ name: "Nina's first" });

    const listed = await as(db.prisma, w.owner, w.acme).invitations.list();
    expect(listed).toEqual([
      expect.objectContaining({
        id: created.id,
        state: "accepted",
        acceptedBy: { name: "Nina", email: "nina@members.test" },
        acceptedAt: expect.any(String),
      }),
    ]);
    expect(await as(db.prisma, null).invitations.inspect({ token: created.token })).toMatchObject({ state: "used" });

    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.globexOwner).invitations.accept({ token: created.token }),
      "CONFLICT",
      "This invitation was already used: ask an owner of the workspace for a new invite link.",
    );
    expect(await roleOf(w.acme, w.globexOwner)).toBeNull();
  });

  it("lets only one of two people racing for one link in", async () => {
    const { token } = await invite("viewer");
    const outcomes = await Promise.allSettled([
      as(db.prisma, w.newcomer).invitations.accept({ token }),
      as(db.prisma, w.globexOwner).invitations.accept({ token }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const joined = (await roleOf(w.acme, w.newcomer)) !== null;
    const alsoJoined = (await roleOf(w.acme, w.globexOwner)) !== null;
    expect(joined !== alsoJoined).toBe(true);
  });

  it("refuses an expired link and changes nothing", async () => {
    const { id, token } = await invite("editor");
    await db.prisma.invitation.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await as(db.prisma, null).invitations.inspect({ token })).toMatchObject({ state: "expired" });
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.newcomer).invitations.accept({ token }),
      "CONFLICT",
      /This invitation has expired/,
    );
    expect((await as(db.prisma, w.owner, w.acme).invitations.list())[0]).toMatchObject({ state: "expired" });
  });

  it("refuses a revoked link and changes nothing", async () => {
    const { id, token } = await invite("owner");
    const revoked = await as(db.prisma, w.owner, w.acme).invitations.revoke({ invitationId: id });
    expect(revoked).toMatchObject({ id, state: "revoked", revokedAt: expect.any(String) });
    expect(await as(db.prisma, null).invitations.inspect({ token })).toMatchObject({ state: "revoked" });
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.newcomer).invitations.accept({ token }),
      "CONFLICT",
      /This invitation was revoked by an owner/,
    );
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.owner, w.acme).invitations.revoke({ invitationId: id }),
      "CONFLICT",
      /already|revoked/,
    );
  });

  it("cannot revoke a used link", async () => {
    const { id, token } = await invite("viewer");
    await as(db.prisma, w.newcomer).invitations.accept({ token });
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.owner, w.acme).invitations.revoke({ invitationId: id }),
      "CONFLICT",
      "This invitation was already used: there is nothing to revoke.",
    );
  });

  it("refuses unknown and malformed links, and a signed-out accept", async () => {
    const { token } = await invite();
    const unknown = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.newcomer).invitations.accept({ token: unknown }),
      "NOT_FOUND",
      /This invite link is not valid/,
    );
    await expectRefused(db.prisma, () => as(db.prisma, null).invitations.inspect({ token: unknown }), "NOT_FOUND");
    await expectRefused(
      db.prisma,
      () => as(db.prisma, null).invitations.inspect({ token: "short" }),
      "BAD_REQUEST",
      /input.token: is not an invite token/,
    );
    await expectRefused(
      db.prisma,
      () => as(db.prisma, null).invitations.accept({ token }),
      "UNAUTHORIZED",
      "Sign in to continue.",
    );
  });
});

describe("accepting as an existing member", () => {
  it("keeps a higher role, says so, and leaves the link unused", async () => {
    const { token } = await invite("viewer");
    const result = await as(db.prisma, w.editor).invitations.accept({ token });
    expect(result).toMatchObject({ role: "editor", outcome: "unchanged" });
    expect(result.message).toBe(
      "You are already an editor of “Acme”: you keep that role, and the invite stays unused.",
    );
    expect(await roleOf(w.acme, w.editor)).toBe("editor");
    expect(await as(db.prisma, null).invitations.inspect({ token })).toMatchObject({ state: "valid" });
  });

  it("raises a lower role to the invite's and uses the link", async () => {
    const { token } = await invite("editor");
    const result = await as(db.prisma, w.viewer).invitations.accept({ token });
    expect(result).toMatchObject({ role: "editor", outcome: "promoted" });
    expect(result.message).toBe("You were a viewer of “Acme”; you are now an editor.");
    expect(await roleOf(w.acme, w.viewer)).toBe("editor");
    expect(await as(db.prisma, null).invitations.inspect({ token })).toMatchObject({ state: "used" });
  });
});

describe("invitations.create", () => {
  it("takes an expiry of 1 to 30 days and a valid email, refusing anything else", async () => {
    const owner = as(db.prisma, w.owner, w.acme);
    const month = await owner.invitations.create({ role: "viewer", expiresInDays: 30 });
    expect(new Date(month.expiresAt).getTime() - Date.now()).toBeGreaterThan(30 * DAY_MS - 60_000);
    await expectRefused(
      db.prisma,
      () => owner.invitations.create({ role: "viewer", expiresInDays: 31 }),
      "BAD_REQUEST",
      /at most 30 days/,
    );
    await expectRefused(
      db.prisma,
      () => owner.invitations.create({ role: "viewer", expiresInDays: 0 }),
      "BAD_REQUEST",
      /at least 1 day/,
    );
    await expectRefused(
      db.prisma,
      () => owner.invitations.create({ role: "viewer", email: "not-an-email" }),
      "BAD_REQUEST",
      /input.email: must be an email address/,
    );
  });

  it("is for owners only", async () => {
    for (const userId of [w.editor, w.viewer]) {
      const caller = as(db.prisma, userId, w.acme);
      await expectRefused(db.prisma, () => caller.invitations.create({ role: "viewer" }), "FORBIDDEN", /only owners/);
      await expectRefused(db.prisma, () => caller.invitations.list(), "FORBIDDEN", /only owners/);
    }
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.globexOwner, w.acme).invitations.create({ role: "owner" }),
      "FORBIDDEN",
    );
  });
});

describe("tokens", () => {
  it("are never stored or listed in plain text: only their SHA-256 is kept", async () => {
    const created = [await invite("editor", "a@members.test"), await invite("viewer"), await invite("owner")];
    await as(db.prisma, w.newcomer).invitations.accept({ token: created[1]!.token });
    await as(db.prisma, w.owner, w.acme).invitations.revoke({ invitationId: created[2]!.id });

    const stored = await invitationRowsText();
    const listed = JSON.stringify(await as(db.prisma, w.owner, w.acme).invitations.list());
    for (const { id, token } of created) {
      const hash = createHash("sha256").update(token).digest("hex");
      expect(stored).not.toContain(token);
      expect(stored).toContain(hash);
      expect(listed).not.toContain(token);
      expect(listed).not.toContain(hash);
      expect(listed).toContain(id);
    }
    expect(listed).not.toMatch(/token/i);
  });

  it("differ for every invitation", async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) tokens.add((await invite()).token);
    expect(tokens.size).toBe(5);
  });
});

describe("invitations.inspect", () => {
  it("reveals the workspace's name, the role, the inviter's name and the state — nothing else", async () => {
    const { token, id } = await invite("owner", "secret-invitee@members.test");
    const summary = await as(db.prisma, null).invitations.inspect({ token });
    expect(Object.keys(summary).sort()).toEqual(["inviterName", "role", "state", "workspaceName"]);
    const text = JSON.stringify(summary);
    for (const hidden of [w.acme, w.owner, id, "secret-invitee", "olivia@members.test", 'acme"'])
      expect(text).not.toContain(hidden);
  });

  it("says who invited even when the inviter's account is gone (null)", async () => {
    const { token } = await invite("viewer");
    await db.prisma.invitation.updateMany({ data: { createdById: null } });
    expect(await as(db.prisma, null).invitations.inspect({ token })).toMatchObject({ inviterName: null });
  });
});

describe("invitations.list", () => {
  it("lists the workspace's invitations newest first with who and when, and nothing of other workspaces", async () => {
    const first = await invite("viewer");
    const second = await invite("editor", "x@members.test");
    const listed = await as(db.prisma, w.owner, w.acme).invitations.list();
    expect(listed.map((invitation) => invitation.id)).toEqual([second.id, first.id]);
    expect(listed[0]).toEqual({
      id: second.id,
      role: "editor",
      email: "x@members.test",
      state: "pending",
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      createdBy: { name: "Olivia", email: "olivia@members.test" },
      acceptedAt: null,
      acceptedBy: null,
      revokedAt: null,
    });
    expect(await as(db.prisma, w.globexOwner).invitations.list()).toEqual([]);
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.globexOwner).invitations.revoke({ invitationId: first.id }),
      "NOT_FOUND",
    );
  });
});
