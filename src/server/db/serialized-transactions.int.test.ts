/**
 * Prisma transactions never stack queries on their pg connection. Prisma's
 * interpreter loads the relations of a nested select at once; inside a
 * transaction that used to put several queries on the transaction's one pg
 * client, and pg said "Calling client.query() when the client is already
 * executing a query is deprecated" (seen in `npm start` when an invite was
 * accepted). pg warns once per process, so every scenario here runs before
 * anything else in this file's process could have used the warning up.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { as, membersWorld, type MembersWorld } from "@/server/api/testing/member-fixtures";
import { setupTestDatabase } from "@/server/db/test-db";
import { InvitationRepository } from "@/server/repositories/invitation-repository";
import { hashInviteToken } from "@/server/services/invite-token";

const db = setupTestDatabase();
let w: MembersWorld;
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);

/** pg's warnings about queries issued on a client that is busy. */
const busyClientWarnings = () =>
  warnings.filter((warning) => warning.name === "DeprecationWarning" && /client\.query\(\)/.test(warning.message));

beforeAll(async () => {
  process.on("warning", onWarning);
  w = await membersWorld(db.prisma);
});

afterAll(() => {
  process.off("warning", onWarning);
});

function tokenOf(link: string): string {
  return link.slice(link.lastIndexOf("/") + 1);
}

describe("a transaction reading several relations at once", () => {
  it("accepts invites while other transactions read invitations with their inviter, acceptor and workspace", async () => {
    const owner = as(db.prisma, w.owner, w.acme);
    const links = await Promise.all(
      (["viewer", "editor", "viewer", "editor"] as const).map((role) => owner.invitations.create({ role })),
    );
    const hashes = links.map((link) => hashInviteToken(tokenOf(link.link)));

    // A realistic burst: the invite being accepted (acceptInvite's transaction reads the invitation with
    // three relations), and other transactions reading invitations the same way, all at once.
    const [accepted, ...read] = await Promise.all([
      as(db.prisma, w.newcomer).invitations.accept({ token: tokenOf(links[0].link) }),
      ...hashes.map((hash) =>
        db.prisma.$transaction((tx) => new InvitationRepository(tx).findByTokenHash(hash), { timeout: 30_000 }),
      ),
    ]);
    expect(accepted).toMatchObject({ outcome: "joined", role: "viewer", workspaceName: "Acme" });
    expect(read.map((invitation) => invitation?.workspaceName)).toEqual(["Acme", "Acme", "Acme", "Acme"]);
    expect(read.map((invitation) => invitation?.createdBy?.name)).toEqual(["Olivia", "Olivia", "Olivia", "Olivia"]);

    expect(busyClientWarnings().map((warning) => warning.stack)).toEqual([]);
  });
});
