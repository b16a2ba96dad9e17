/**
 * Where to send a person after signing in: only a path on this site. A
 * `next` (or `callbackURL`) parameter naming another origin, a
 * protocol-relative `//host` or a backslash trick (`/\host`, which browsers
 * read as `//host`) would make the sign-in page an open redirect.
 */

/** Where a signed-in person lands when `next` is missing or refused. */
export const DEFAULT_AFTER_SIGN_IN = "/graphs";

/** Paths that make no sense to return to after signing in (the auth pages themselves). */
const AUTH_PAGES = ["/sign-in", "/sign-up"];

/**
 * `next` when it is a same-site path (`/graphs/abc?tab=runs#x`), else
 * {@link DEFAULT_AFTER_SIGN_IN}. Accepts `string | string[] | null | undefined`
 * as Next's search params give it.
 */
export function safeNextPath(next: string | string[] | null | undefined): string {
  const value = Array.isArray(next) ? next[0] : next;
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return DEFAULT_AFTER_SIGN_IN;
  // A single leading slash, then not a second slash or backslash; no control characters anywhere
  // (browsers drop tabs and newlines, which turns "/\t/evil.example" into "//evil.example").
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return DEFAULT_AFTER_SIGN_IN;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return DEFAULT_AFTER_SIGN_IN;
  let url: URL;
  try {
    url = new URL(value, "http://same.invalid");
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
  if (url.origin !== "http://same.invalid") return DEFAULT_AFTER_SIGN_IN;
  if (AUTH_PAGES.some((page) => url.pathname === page || url.pathname.startsWith(`${page}/`))) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
