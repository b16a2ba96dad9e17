/**
 * What the /sign-in and /sign-up pages read on the server: where to go
 * after signing in, whether the visitor is signed in already, and whether
 * this install has any account yet.
 */
import { headers } from "next/headers";

import { DEFAULT_AFTER_SIGN_IN, safeNextPath } from "@/core/auth/safe-next-path";
import { getPrisma } from "@/server/db/client";
import { getAuth } from "./auth";
import { hasAnyAccount } from "./install-state";
import { sessionUser } from "./session-user";

/** Next's search params of a page. */
export type SearchParams = Record<string, string | string[] | undefined>;

/** The auth pages' server-side facts. */
export interface AuthPageContext {
  /** Same-site path to open after signing in (`next`, else `callbackURL`, else /graphs). */
  next: string;
  /** `?next=…` to carry to the other auth page ("" when it is the default). */
  nextQuery: string;
  signedIn: boolean;
  /** No account exists yet: the first sign-up becomes the owner of the default workspace. */
  firstAccount: boolean;
}

/** Reads the request (cookies) and the database for an auth page. */
export async function authPageContext(params: SearchParams): Promise<AuthPageContext> {
  const next = safeNextPath(params.next ?? params.callbackURL);
  const nextQuery = next === DEFAULT_AFTER_SIGN_IN ? "" : `?${new URLSearchParams({ next }).toString()}`;
  const user = await sessionUser(getAuth(), new Headers(await headers()));
  const firstAccount = user ? false : !(await hasAnyAccount(getPrisma()));
  return { next, nextQuery, signedIn: user !== null, firstAccount };
}
