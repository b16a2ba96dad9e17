/**
 * better-auth's browser client: sign-in, sign-up, sign-out and the session
 * hook, against this site's /api/auth routes (same origin, cookies).
 */
import { createAuthClient } from "better-auth/react";

export const authClient = createAuthClient();
