/**
 * Invite link tokens: 32 random bytes as base64url (43 characters). The
 * database stores only the token's SHA-256, so a leaked table holds no link
 * anyone can use.
 */
import { createHash, randomBytes } from "node:crypto";

/** A fresh token and the hash to store for it. */
export function newInviteToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInviteToken(token) };
}

/** The SHA-256 of a token, hex-encoded: what `invitations.token_hash` holds. */
export function hashInviteToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
