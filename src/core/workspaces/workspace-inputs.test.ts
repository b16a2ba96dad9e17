import { describe, expect, it } from "vitest";

import { roleAtLeast, higherRole } from "./roles";
import {
  createInvitationInputSchema,
  invitePath,
  inviteTokenSchema,
  workspaceNameInputSchema,
} from "./workspace-inputs";

describe("createInvitationInputSchema", () => {
  it("defaults to 7 days and normalises the email", () => {
    expect(createInvitationInputSchema.parse({ role: "editor", email: "  Ada@Example.COM " })).toEqual({
      role: "editor",
      email: "ada@example.com",
      expiresInDays: 7,
    });
  });

  it("refuses an unknown role, a bad email and expiries outside 1–30 whole days", () => {
    for (const input of [
      { role: "admin" },
      { role: "viewer", email: "nope" },
      { role: "viewer", expiresInDays: 0 },
      { role: "viewer", expiresInDays: 31 },
      { role: "viewer", expiresInDays: 1.5 },
      { role: "viewer", extra: true },
    ])
      expect(createInvitationInputSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
  });
});

describe("workspaceNameInputSchema", () => {
  it("trims, and refuses blank and overlong names", () => {
    expect(workspaceNameInputSchema.parse({ name: "  Acme " })).toEqual({ name: "Acme" });
    expect(workspaceNameInputSchema.safeParse({ name: "  " }).success).toBe(false);
    expect(workspaceNameInputSchema.safeParse({ name: "x".repeat(81) }).success).toBe(false);
  });
});

describe("invite tokens", () => {
  it("are 43 base64url characters, and links are /invite/<token>", () => {
    const token = "A".repeat(42) + "_";
    expect(inviteTokenSchema.safeParse(token).success).toBe(true);
    expect(inviteTokenSchema.safeParse(`${token}=`).success).toBe(false);
    expect(inviteTokenSchema.safeParse("../etc").success).toBe(false);
    expect(invitePath(token)).toBe(`/invite/${token}`);
  });
});

describe("roles", () => {
  it("order viewer < editor < owner", () => {
    expect(roleAtLeast("owner", "editor")).toBe(true);
    expect(roleAtLeast("viewer", "editor")).toBe(false);
    expect(higherRole("viewer", "editor")).toBe("editor");
    expect(higherRole("owner", "viewer")).toBe("owner");
  });
});
