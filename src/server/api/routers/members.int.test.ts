import { beforeEach, describe, expect, it } from "vitest";

import { as, expectRefused, membersWorld, type MembersWorld } from "@/server/api/testing/member-fixtures";
import { setupTestDatabase } from "@/server/db/test-db";

const db = setupTestDatabase();
let w: MembersWorld;

const LAST_OWNER = "A workspace needs at least one owner: make someone else owner first.";
const UNKNOWN_ID = "0190c3e2-7f4a-7b1e-9d2c-3a4b5c6d7e8f";

beforeEach(async () => {
  w = await membersWorld(db.prisma);
});

async function roleOf(workspaceId: string, userId: string): Promise<string | null> {
  const row = await db.prisma.membership.findUnique({ where: { workspaceId_userId: { workspaceId, userId } } });
  return row?.role ?? null;
}

describe("members.list", () => {
  it("lists the workspace's members with name, email, role, joined date and who is the caller", async () => {
    const members = await as(db.prisma, w.viewer, w.acme).members.list();
    expect(members).toEqual([
      {
        userId: w.owner,
        name: "Olivia",
        email: "olivia@members.test",
        role: "owner",
        joinedAt: "2026-01-01T00:00:00.000Z",
        you: false,
      },
      {
        userId: w.editor,
        name: "Edgar",
        email: "edgar@members.test",
        role: "editor",
        joinedAt: "2026-01-02T00:00:00.000Z",
        you: false,
      },
      {
        userId: w.viewer,
        name: "Vera",
        email: "vera@members.test",
        role: "viewer",
        joinedAt: "2026-01-03T00:00:00.000Z",
        you: true,
      },
    ]);
  });

  it("shows a member of another workspace only their own workspace's members", async () => {
    const members = await as(db.prisma, w.globexOwner).members.list();
    expect(members.map((member) => member.userId)).toEqual([w.globexOwner]);
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.globexOwner, w.acme).members.list(),
      "FORBIDDEN",
      /not a member of this workspace/,
    );
  });
});

describe("members.setRole", () => {
  it("lets an owner promote and demote members", async () => {
    const owner = as(db.prisma, w.owner, w.acme);
    expect(await owner.members.setRole({ userId: w.viewer, role: "editor" })).toEqual({
      userId: w.viewer,
      role: "editor",
    });
    expect(await roleOf(w.acme, w.viewer)).toBe("editor");
    await owner.members.setRole({ userId: w.editor, role: "owner" });
    expect(await roleOf(w.acme, w.editor)).toBe("owner");
    // With two owners, one may step down.
    await owner.members.setRole({ userId: w.owner, role: "viewer" });
    expect(await roleOf(w.acme, w.owner)).toBe("viewer");
  });

  it("refuses to demote the only owner, and changes nothing", async () => {
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.owner, w.acme).members.setRole({ userId: w.owner, role: "editor" }),
      "CONFLICT",
      LAST_OWNER,
    );
    expect(await roleOf(w.acme, w.owner)).toBe("owner");
  });

  it("keeps one owner when two owners demote each other at the same moment", async () => {
    await db.prisma.membership.update({
      where: { workspaceId_userId: { workspaceId: w.acme, userId: w.editor } },
      data: { role: "owner" },
    });
    const outcomes = await Promise.allSettled([
      as(db.prisma, w.owner, w.acme).members.setRole({ userId: w.editor, role: "viewer" }),
      as(db.prisma, w.editor, w.acme).members.setRole({ userId: w.owner, role: "viewer" }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(String(refused.reason)).toMatch(/needs at least one owner|Ask an owner/);
    const owners = await db.prisma.membership.count({ where: { workspaceId: w.acme, role: "owner" } });
    expect(owners).toBe(1);
  });

  it("refuses editors and viewers, naming the role needed", async () => {
    for (const userId of [w.editor, w.viewer]) {
      await expectRefused(
        db.prisma,
        () => as(db.prisma, userId, w.acme).members.setRole({ userId: w.viewer, role: "owner" }),
        "FORBIDDEN",
        /only owners may manage members/,
      );
    }
  });

  it("cannot reach a member of another workspace", async () => {
    // Globex's owner acting in Globex with Acme's member ids: not found there.
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.globexOwner).members.setRole({ userId: w.editor, role: "viewer" }),
      "NOT_FOUND",
      /is not a member of this workspace/,
    );
    // Acme's owner cannot change Globex's owner from Acme either.
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.owner, w.acme).members.setRole({ userId: w.globexOwner, role: "viewer" }),
      "NOT_FOUND",
    );
  });

  it("refuses an unknown id, a malformed id and an unknown role", async () => {
    const owner = as(db.prisma, w.owner, w.acme);
    await expectRefused(db.prisma, () => owner.members.setRole({ userId: UNKNOWN_ID, role: "viewer" }), "NOT_FOUND");
    await expectRefused(
      db.prisma,
      () => owner.members.setRole({ userId: "me", role: "viewer" }),
      "BAD_REQUEST",
      /input.userId: must be a member's user id/,
    );
    await expectRefused(
      db.prisma,
      () => owner.members.setRole({ userId: w.viewer, role: "admin" as never }),
      "BAD_REQUEST",
      /input.role: must be one of viewer, editor or owner/,
    );
  });
});

describe("members.remove", () => {
  it("removes a member, who then can no longer act in the workspace", async () => {
    expect(await as(db.prisma, w.owner, w.acme).members.remove({ userId: w.editor })).toEqual({ userId: w.editor });
    expect(await roleOf(w.acme, w.editor)).toBeNull();
    await expectRefused(db.prisma, () => as(db.prisma, w.editor, w.acme).graphs.list(), "FORBIDDEN");
  });

  it("refuses to remove the only owner", async () => {
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.owner, w.acme).members.remove({ userId: w.owner }),
      "CONFLICT",
      LAST_OWNER,
    );
  });

  it("lets an owner remove another owner while one stays", async () => {
    await as(db.prisma, w.owner, w.acme).members.setRole({ userId: w.editor, role: "owner" });
    await as(db.prisma, w.editor, w.acme).members.remove({ userId: w.owner });
    expect(await roleOf(w.acme, w.owner)).toBeNull();
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.editor, w.acme).members.remove({ userId: w.editor }),
      "CONFLICT",
      LAST_OWNER,
    );
  });

  it("refuses editors, viewers and members of another workspace", async () => {
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.editor, w.acme).members.remove({ userId: w.viewer }),
      "FORBIDDEN",
    );
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.viewer, w.acme).members.remove({ userId: w.viewer }),
      "FORBIDDEN",
    );
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.globexOwner, w.acme).members.remove({ userId: w.viewer }),
      "FORBIDDEN",
    );
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.globexOwner).members.remove({ userId: w.viewer }),
      "NOT_FOUND",
    );
  });
});

describe("members.leave", () => {
  it("lets any member leave; the workspace is then gone from their list", async () => {
    expect(await as(db.prisma, w.viewer, w.acme).members.leave()).toEqual({ workspaceId: w.acme });
    expect(await roleOf(w.acme, w.viewer)).toBeNull();
    expect(await as(db.prisma, w.viewer).workspaces.mine()).toEqual([]);
  });

  it("refuses the only owner, saying what to do", async () => {
    await expectRefused(db.prisma, () => as(db.prisma, w.owner, w.acme).members.leave(), "CONFLICT", LAST_OWNER);
  });

  it("leaves only the workspace the request acts in", async () => {
    await db.prisma.membership.create({ data: { workspaceId: w.globex, userId: w.editor, role: "viewer" } });
    await as(db.prisma, w.editor, w.globex).members.leave();
    expect(await roleOf(w.globex, w.editor)).toBeNull();
    expect(await roleOf(w.acme, w.editor)).toBe("editor");
  });
});
