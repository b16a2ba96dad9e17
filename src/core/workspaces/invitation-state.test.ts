import { describe, expect, it } from "vitest";

import { invitationState, inviteLinkState } from "./invitation-state";

const NOW = new Date("2026-12-04T12:00:00Z");
const LATER = new Date("2026-12-05T12:00:00Z");
const EARLIER = new Date("2026-12-03T12:00:00Z");

describe("invitationState", () => {
  it("is pending until it expires", () => {
    expect(invitationState({ expiresAt: LATER, acceptedAt: null, revokedAt: null }, NOW)).toBe("pending");
    expect(inviteLinkState({ expiresAt: LATER, acceptedAt: null, revokedAt: null }, NOW)).toBe("valid");
  });

  it("is expired from the moment it expires", () => {
    expect(invitationState({ expiresAt: NOW, acceptedAt: null, revokedAt: null }, NOW)).toBe("expired");
    expect(inviteLinkState({ expiresAt: EARLIER, acceptedAt: null, revokedAt: null }, NOW)).toBe("expired");
  });

  it("stays accepted (used) and revoked after the expiry passes", () => {
    expect(invitationState({ expiresAt: EARLIER, acceptedAt: EARLIER, revokedAt: null }, NOW)).toBe("accepted");
    expect(inviteLinkState({ expiresAt: EARLIER, acceptedAt: EARLIER, revokedAt: null }, NOW)).toBe("used");
    expect(invitationState({ expiresAt: EARLIER, acceptedAt: null, revokedAt: EARLIER }, NOW)).toBe("revoked");
    expect(inviteLinkState({ expiresAt: LATER, acceptedAt: null, revokedAt: EARLIER }, NOW)).toBe("revoked");
  });
});
