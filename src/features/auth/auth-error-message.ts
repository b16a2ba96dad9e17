/**
 * What the sign-in and sign-up pages say when better-auth refuses: one
 * sentence a person can act on, never a bare status code.
 */

/** The parts of a refused auth call the pages read. */
export interface AuthFailure {
  status: number;
  code?: string | undefined;
  message?: string | undefined;
  /** Seconds until the rate limit lets the next attempt through (the `X-Retry-After` header). */
  retryAfterSeconds?: number | null | undefined;
}

/** The sentence shown above the form for `failure`, on the sign-in or the sign-up page. */
export function authErrorMessage(failure: AuthFailure, page: "sign-in" | "sign-up"): string {
  if (failure.status === 429) {
    const seconds = failure.retryAfterSeconds && failure.retryAfterSeconds > 0 ? failure.retryAfterSeconds : 60;
    return `Too many attempts, try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`;
  }
  if (failure.code === "INVALID_EMAIL_OR_PASSWORD" || (page === "sign-in" && failure.status === 401)) {
    return "Email or password is wrong.";
  }
  if (failure.code === "USER_ALREADY_EXISTS" || failure.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
    return "An account with this email already exists.";
  }
  if (failure.code === "PASSWORD_TOO_SHORT") return "The password is too short: use at least 8 characters.";
  if (failure.code === "PASSWORD_TOO_LONG") return "The password is too long: use at most 128 characters.";
  if (failure.code === "INVALID_EMAIL") return "Enter a valid email address, like ada@example.com.";
  if (failure.status === 0) return "The server could not be reached. Check that Agent Graph Studio is running.";
  const action = page === "sign-in" ? "sign in" : "create the account";
  const detail = failure.message?.trim();
  return detail ? `Couldn’t ${action}: ${detail}` : `Couldn’t ${action} (HTTP ${failure.status}). Try again.`;
}
