import { beforeEach, describe, expect, it } from "vitest";

import { DEFAULT_PRICE_TABLE } from "@/core/models/default-prices";
import { WORKSPACE_COOKIE } from "@/server/api/access";
import { createCaller } from "@/server/api/root";
import { as, expectRefused, membersWorld, type MembersWorld } from "@/server/api/testing/member-fixtures";
import { testContext } from "@/server/api/testing/test-context";
import { setupTestDatabase } from "@/server/db/test-db";

const db = setupTestDatabase();
let w: MembersWorld;

beforeEach(async () => {
  w = await membersWorld(db.prisma);
});

/** A caller whose browser sends the workspace cookie (no header). */
function withCookie(userId: string, workspaceId: string) {
  return createCaller(
    testContext(db.prisma, { userId }, new Headers({ cookie: `${WORKSPACE_COOKIE}=${workspaceId}` })),
  );
}

describe("workspaces.create", () => {
  it("creates a workspace owned by the caller, with a unique slug and the default price table", async () => {
    const first = await as(db.prisma, w.newcomer).workspaces.create({ name: "  Acme  " });
    expect(first).toEqual({ id: expect.any(String), slug: "acme-2", name: "Acme", role: "owner" });
    const second = await as(db.prisma, w.editor).workspaces.create({ name: "Acme" });
    expect(second.slug).toBe("acme-3");

    expect(await db.prisma.membership.findMany({ where: { workspaceId: first.id } })).toEqual([
      expect.objectContaining({ userId: w.newcomer, role: "owner" }),
    ]);
    const prices = await db.prisma.modelPrice.count({ where: { workspaceId: first.id } });
    expect(prices).toBe(DEFAULT_PRICE_TABLE.filter((entry) => entry.provider).length);
    expect(prices).toBeGreaterThan(0);

    // The new workspace is the newcomer's only one: it is where they act, and it starts empty.
    expect(await as(db.prisma, w.newcomer).workspaces.mine()).toEqual([
      { id: first.id, slug: "acme-2", name: "Acme", role: "owner", current: true },
    ]);
    expect(await as(db.prisma, w.newcomer, first.id).graphs.list()).toEqual([]);
  });

  it("refuses a blank or overlong name and a signed-out caller, creating nothing", async () => {
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.newcomer).workspaces.create({ name: "   " }),
      "BAD_REQUEST",
      /input.name: a workspace needs a name/,
    );
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.newcomer).workspaces.create({ name: "x".repeat(81) }),
      "BAD_REQUEST",
      /at most 80 characters/,
    );
    await expectRefused(db.prisma, () => as(db.prisma, null).workspaces.create({ name: "Nope" }), "UNAUTHORIZED");
  });

  it("gives names without letters a generic slug", async () => {
    const created = await as(db.prisma, w.newcomer).workspaces.create({ name: "🚀" });
    expect(created.slug).toBe("workspace");
  });
});

describe("workspaces.rename", () => {
  it("renames the current workspace for its owners only", async () => {
    expect(await as(db.prisma, w.owner, w.acme).workspaces.rename({ name: "Acme Labs" })).toEqual({
      id: w.acme,
      name: "Acme Labs",
    });
    expect((await as(db.prisma, w.viewer, w.acme).workspaces.current()).workspace.name).toBe("Acme Labs");
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.editor, w.acme).workspaces.rename({ name: "Edgar's" }),
      "FORBIDDEN",
    );
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.globexOwner, w.acme).workspaces.rename({ name: "Taken over" }),
      "FORBIDDEN",
    );
  });
});

describe("workspace selection", () => {
  it("acts in the workspace the cookie names, and marks it current in workspaces.mine", async () => {
    await db.prisma.membership.create({ data: { workspaceId: w.globex, userId: w.editor, role: "viewer" } });
    const caller = withCookie(w.editor, w.globex);
    expect((await caller.workspaces.current()).workspace.id).toBe(w.globex);
    const mine = await caller.workspaces.mine();
    expect(mine.map(({ name, role, current }) => ({ name, role, current }))).toEqual([
      { name: "Acme", role: "editor", current: false },
      { name: "Globex", role: "viewer", current: true },
    ]);
  });

  it("falls back to the oldest membership when the cookie names a workspace the caller has left", async () => {
    const caller = withCookie(w.editor, w.globex);
    expect((await caller.workspaces.current()).workspace.id).toBe(w.acme);
    expect((await caller.workspaces.mine()).find((workspace) => workspace.current)?.id).toBe(w.acme);
  });

  it("refuses a header naming a workspace the caller is not in", async () => {
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.editor, w.globex).workspaces.current(),
      "FORBIDDEN",
      "You are not a member of this workspace.",
    );
  });

  it("tells someone in no workspace how to get one", async () => {
    await expectRefused(
      db.prisma,
      () => as(db.prisma, w.newcomer).graphs.list(),
      "FORBIDDEN",
      /not a member of any workspace yet/,
    );
    expect(await as(db.prisma, w.newcomer).workspaces.mine()).toEqual([]);
  });
});
