/**
 * Which requests need a signed-in person before they are answered: pages.
 * The sign-in and sign-up pages, invitation links, API routes (they answer
 * 401/UNAUTHORIZED themselves) and static files are open.
 */

/** Paths open without signing in: exactly these, or anything below them. */
const OPEN_PATHS = ["/sign-in", "/sign-up", "/invite", "/api", "/_next"];

/** A file name at the end of a path (`/icon.svg`, `/robots.txt`): static assets. */
const STATIC_FILE = /\/[^/]+\.[a-z0-9]+$/i;

/** True when `pathname` may be opened without a session. */
export function isOpenPath(pathname: string): boolean {
  if (STATIC_FILE.test(pathname)) return true;
  return OPEN_PATHS.some((open) => pathname === open || pathname.startsWith(`${open}/`));
}

/**
 * Where a request goes instead of its page: `/sign-in?next=<path and query>`
 * when the page needs a session and the request carries no session cookie,
 * else null (answer it).
 */
export function signInRedirect(pathname: string, search: string, hasSessionCookie: boolean): string | null {
  if (hasSessionCookie || isOpenPath(pathname)) return null;
  if (pathname === "/") return "/sign-in";
  return `/sign-in?${new URLSearchParams({ next: `${pathname}${search}` }).toString()}`;
}
