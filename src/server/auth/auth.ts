/**
 * Accounts and sessions: better-auth with its Prisma adapter on our own
 * tables (users, accounts, sessions, verifications, rate_limits). Email and
 * password only; passwords are hashed with better-auth's scrypt default,
 * sessions live in PostgreSQL, and sign-in/sign-up are rate-limited per
 * client address in the database (so every web process shares the count).
 * Membership stays ours: a new account gets its workspace from
 * sign-up-workspace.ts.
 *
 * Server-only: imported by the /api/auth route, tRPC's context and server
 * components, never by client code (it reads secrets).
 */
import { randomUUID } from "node:crypto";

import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { APIError } from "better-auth/api";
import { z } from "zod";

import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, emailSchema, nameSchema } from "@/core/auth/auth-schemas";
import type { PrismaClient } from "@/generated/prisma/client";
import { getPrisma } from "@/server/db/client";
import { parseServerEnv } from "@/server/env";
import { ALLOWED_HOSTS_ENV, allowedHostNames } from "@/server/http/allowed-hosts";
import { authSecret } from "./auth-secret";
import { assignSignUpWorkspace } from "./sign-up-workspace";

/** Sign-in (and, separately, sign-up) attempts one client address may make per window. */
export const SIGN_IN_LIMIT_ENV = "AGS_SIGN_IN_LIMIT";

/** Default attempts per window; the window is {@link SIGN_IN_WINDOW_SECONDS}. */
export const DEFAULT_SIGN_IN_LIMIT = 5;

/** The rate limit's window for sign-in and sign-up. */
export const SIGN_IN_WINDOW_SECONDS = 60;

/** Routes of better-auth under this path (the /api/auth/[...all] route). */
export const AUTH_BASE_PATH = "/api/auth";

const limitSchema = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z.coerce.number().int().min(1).max(100_000).default(DEFAULT_SIGN_IN_LIMIT),
);

/** Options of {@link createAuth}. */
export interface CreateAuthOptions {
  prisma: PrismaClient;
  /** Default: `process.env`. */
  env?: Record<string, string | undefined>;
}

/**
 * Where the app is reached. `BETTER_AUTH_URL` when set (a fixed public URL,
 * e.g. behind a TLS proxy); else every host name the server answers (see
 * allowed-hosts.ts: localhost, 127.0.0.1, [::1] and AGS_ALLOWED_HOSTS) on any
 * port, the request's own host picked per request. These are also the
 * origins a browser may send sign-in forms from (better-auth's CSRF check).
 */
function baseURL(env: Record<string, string | undefined>) {
  const fixed = env.BETTER_AUTH_URL?.trim();
  if (fixed) return fixed;
  const hosts = [...allowedHostNames(env[ALLOWED_HOSTS_ENV])].flatMap((host) => [host, `${host}:*`]);
  const port = parseServerEnv(env).PORT;
  return { allowedHosts: hosts, protocol: "auto" as const, fallback: `http://127.0.0.1:${port}` };
}

/**
 * `prisma` whose interactive transactions get room to finish: a sign-up
 * hashes the password (scrypt, deliberately slow) inside better-auth's
 * transaction, which Prisma's default 5 s timeout can cut off on a busy
 * machine. Everything else passes through to the app's client.
 */
function withAuthTransactionTimeouts(prisma: PrismaClient): PrismaClient {
  return new Proxy(prisma, {
    get(target, property) {
      if (property !== "$transaction") {
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      }
      return (work: unknown, options?: Record<string, unknown>): unknown =>
        Reflect.apply(target.$transaction, target, [work, { maxWait: 15_000, timeout: 30_000, ...options }]);
    },
  });
}

/** Turns a form rule's failure into the 400 better-auth answers (its `message` is what the page shows). */
function check<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new APIError("BAD_REQUEST", { message: result.error.issues[0]!.message });
  return result.data;
}

/** A better-auth instance on `prisma`. */
export function createAuth(options: CreateAuthOptions) {
  const env = options.env ?? process.env;
  const { prisma } = options;
  const limit = limitSchema.safeParse(env[SIGN_IN_LIMIT_ENV]);
  if (!limit.success) {
    throw new Error(`${SIGN_IN_LIMIT_ENV} must be a whole number of attempts per minute (1–100000).`);
  }
  const strict = { window: SIGN_IN_WINDOW_SECONDS, max: limit.data };
  const fixedUrl = env.BETTER_AUTH_URL?.trim();
  return betterAuth({
    appName: "Agent Graph Studio",
    basePath: AUTH_BASE_PATH,
    baseURL: baseURL(env),
    secret: authSecret(env),
    // A transaction around each sign-up: the user, its password account and its session all or nothing.
    database: prismaAdapter(withAuthTransactionTimeouts(prisma), { provider: "postgresql", transaction: true }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
    },
    rateLimit: {
      // better-auth limits only in production by default; this app limits always (dev, tests, e2e).
      enabled: true,
      storage: "database",
      window: 60,
      max: 300,
      customRules: { "/sign-in/email": strict, "/sign-up/email": strict },
    },
    telemetry: { enabled: false },
    advanced: {
      // users.id is a UUID column; every better-auth row gets a UUID (sessions and accounts keep text ids).
      database: { generateId: () => randomUUID() },
      // Secure (HTTPS-only) cookies when the app is served over HTTPS; a local or LAN install speaks plain HTTP.
      useSecureCookies: fixedUrl ? fixedUrl.startsWith("https://") : false,
      // better-auth skips its origin (CSRF) check under a test runner; this app checks it everywhere.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    databaseHooks: {
      user: {
        create: {
          // The same rules as the sign-up page, for requests that skip the page.
          before: async (user) => {
            const name = check(nameSchema, user.name);
            check(emailSchema, user.email);
            return { data: { ...user, name } };
          },
          after: async (user) => {
            try {
              await assignSignUpWorkspace(prisma, { id: user.id, name: user.name, email: user.email });
            } catch (error) {
              // An account without a workspace could sign in to nothing: undo the sign-up (its
              // account and sessions go with it) and let the request fail.
              await prisma.user.delete({ where: { id: user.id } }).catch(() => {});
              throw error;
            }
          },
        },
      },
    },
  });
}

/** The better-auth instance type. */
export type Auth = ReturnType<typeof createAuth>;

const cache = globalThis as typeof globalThis & { __agsAuth?: { prisma: PrismaClient; auth: Auth } };

/**
 * The app's instance on the app's database (`getPrisma()`), created on first
 * use — not at import, so `next build` needs neither a database nor a key.
 */
export function getAuth(): Auth {
  const prisma = getPrisma();
  if (cache.__agsAuth?.prisma !== prisma) cache.__agsAuth = { prisma, auth: createAuth({ prisma }) };
  return cache.__agsAuth.auth;
}
